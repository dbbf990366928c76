import type { TMilestone, TTrackProgress } from '@laurel/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import {
  CustomerProgression,
  StepBar,
  trackPercent,
} from '@/features/reward-tracks/components/customer-progression';
import {
  LEVEL_ID,
  LEVELS_TRACK,
  serveRewardTracks,
  TIER_ID,
  TIERS_TRACK,
} from '@/features/reward-tracks/test-server';
import { clientFixture } from '@/test/fixtures';
import { ok } from '@/test/stub-api';

const CUSTOMER_ID = 'c'.repeat(24);

const config = (id: string, name: string) => ({
  _id: id,
  name,
  source: { name: 'xp', mapping: [] },
  target: { name: 'level', mapping: [], milestoneName: [] },
});

const show = () =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <CustomerProgression customerId={CUSTOMER_ID} />
    </AppProviders>,
  );

const progress = (overrides: Partial<TTrackProgress>): TTrackProgress => ({
  value: 0,
  name: null,
  source_value: 0,
  next: null,
  progress_to_next_percent: 0,
  percent_of_track: 0,
  ...overrides,
});

describe('customer progression step bars', () => {
  it("gives the spec's percentages: tier over the highest tier, level over the highest level", () => {
    expect(trackPercent(TIERS_TRACK, 2)).toBeCloseTo((2 / 3) * 100);
    expect(trackPercent(LEVELS_TRACK, 1)).toBe(25);
    expect(trackPercent({ ...LEVELS_TRACK, milestones: [] }, 1)).toBe(0);
  });

  it("shows the player's tier and level on the client's real tracks, with what is left to the next step", async () => {
    serveRewardTracks(
      {},
      {
        'GET /api/reward-tracks/progression': () =>
          ok({
            tierProgression: config(TIER_ID, 'Coffee Club Tiers'),
            levelProgression: config(LEVEL_ID, 'Coffee Club Levels'),
          }),
        [`GET /api/v1/players/${CUSTOMER_ID}`]: () =>
          ok({
            customer_id: CUSTOMER_ID,
            statistics: { xp: 300, level: 2, tier: 1 },
            segments: ['AllPlayers', 'tierBronze'],
            badges: [],
            wallets: [],
            level: progress({
              value: 2,
              name: 'level 2',
              source_value: 300,
              next: { name: 'level 3', source_value: 500, target_value: 3 },
              percent_of_track: 50,
            }),
            tier: {
              ...progress({
                value: 1,
                name: 'Bronze',
                source_value: 2,
                next: { name: 'Silver', source_value: 4, target_value: 2 },
                percent_of_track: 33.3,
              }),
              tier: 'Bronze',
            },
            updated_at: '2026-02-01T00:00:00.000Z',
          }),
      },
    );
    show();
    await screen.findByText('33%');
    const tier = screen.getByRole('region', { name: 'Tier Progression' });
    // The tier held, and the first step's name.
    expect(within(tier).getAllByText('Bronze')).toHaveLength(2);
    expect(within(tier).getByText('33%')).toBeTruthy();
    expect(within(tier).getByText('Coffee Club Tiers · 2 levels to Silver')).toBeTruthy();
    expect(
      within(within(tier).getByRole('list'))
        .getAllByRole('listitem')
        .map((step) => step.getAttribute('aria-label')),
    ).toEqual(['Bronze, reached', 'Silver', 'Gold']);

    const level = screen.getByRole('region', { name: 'Level Progression' });
    expect(await within(level).findByText('Level 2')).toBeTruthy();
    expect(within(level).getByText('50%')).toBeTruthy();
    expect(within(level).getByText('Coffee Club Levels · 200 XP to level 3')).toBeTruthy();
    expect(within(level).getByRole('progressbar', { name: 'Level Progression: 50%' })).toBeTruthy();
  });

  it("on a phone (390 px) breaks a step's name between words only, never 'Platinu m', and wraps the row instead", () => {
    const fiveTiers = {
      ...TIERS_TRACK,
      milestones: ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'].map((name, index) => ({
        ...(TIERS_TRACK.milestones[0] as TMilestone),
        index,
        name,
        source_value: (index + 1) * 2,
        target_value: index + 1,
      })),
    };
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <StepBar
          kind="tier"
          track={fiveTiers}
          progress={progress({ value: 4, name: 'Platinum', source_value: 8 })}
        />
      </AppProviders>,
    );
    const row = screen.getByRole('list', { name: 'Coffee Club Tiers milestones' });
    // The row wraps between steps where the names do not fit one line, instead of squeezing each step.
    expect(row.style.getPropertyValue('--group-wrap')).toBe('wrap');
    const steps = within(row).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Bronze, reached',
      'Silver, reached',
      'Gold, reached',
      'Platinum, reached',
      'Diamond',
    ]);
    for (const [step, name] of steps.map(
      (step, index) => [step, fiveTiers.milestones[index]?.name] as const,
    )) {
      // A step keeps at least its longest word's width (no minWidth 0 squeezing it to about 46 px) ...
      expect(step.style.minWidth).toBe('');
      expect(step.style.maxWidth).toBe('120px');
      // ... and its name is one whole word that is neither hyphenated nor broken anywhere inside it.
      const label = within(step).getByText(name ?? '');
      expect(label.textContent).toBe(name);
      expect(label.style.wordBreak).toBe('normal');
      expect(label.style.hyphens).toBe('manual');
      expect(label.style.overflowWrap).not.toBe('anywhere');
    }
  });

  it('says no track exists yet when the client has none', async () => {
    serveRewardTracks(
      {},
      {
        'GET /api/reward-tracks/progression': () => ok({ tierProgression: null, levelProgression: null }),
        [`GET /api/v1/players/${CUSTOMER_ID}`]: () =>
          ok({
            customer_id: CUSTOMER_ID,
            statistics: {},
            segments: [],
            badges: [],
            wallets: [],
            level: null,
            tier: null,
            updated_at: null,
          }),
      },
    );
    show();
    expect(await screen.findByText('No tier progression has been set up yet.')).toBeTruthy();
    expect(screen.getByText('No level progression has been set up yet.')).toBeTruthy();
  });

  it('asks for nothing on a plan without reward tracks', async () => {
    const api = serveRewardTracks(
      {},
      {
        'GET /api/v2/client': () =>
          ok(clientFixture({ clientSubscription: { name: 'STARTER', status: 'ACTIVE' } })),
      },
    );
    show();
    expect(await screen.findByText('No tier progression has been set up yet.')).toBeTruthy();
    expect(api.callsTo('GET /api/reward-tracks/progression')).toHaveLength(0);
  });
});
