import { describe, expect, it } from 'vitest';
import { localMidnight, localMonthIndex, startOfLocalMonth } from '../../local-time';
import { evaluateTracks, type PlayerTrackState } from './evaluate';
import { mappedTarget, trackProgress } from './milestones';
import type { TrackDefinition } from './track-definitions';

const milestones = (pairs: [number, number][]) =>
  pairs.map(([source_value, target_value], index) => ({
    index,
    name: `m${index + 1}`,
    colour: '#000000',
    source_value,
    target_value,
    image_url: 'https://x.test/m.png',
  }));

const track = (overrides: Partial<TrackDefinition>): TrackDefinition => ({
  id: 'level',
  clientId: 'c',
  name: 'Levels',
  type: 'LEVEL_PROGRESSION',
  source: 'xp',
  target: 'level',
  startDate: null,
  endDate: null,
  resetPointsAnnually: false,
  persistTierLevelsAnnually: false,
  milestones: milestones([
    [100, 1],
    [300, 2],
    [600, 3],
  ]),
  qualificationWindow: 'NONE',
  qualificationMonths: 12,
  downgradeOneTierPerReview: true,
  yearClosed: 2026,
  ...overrides,
});

const LEVELS = track({});
const TIERS = track({
  id: 'tier',
  type: 'TIER_PROGRESSION',
  source: 'level',
  target: 'tier',
  milestones: milestones([
    [1, 1],
    [2, 2],
    [3, 3],
  ]),
});

const playerWith = (
  values: Record<string, number>,
  floors: Record<string, number> = {},
): PlayerTrackState => ({
  customerId: 'p',
  values: new Map(Object.entries(values)),
  floors: new Map(Object.entries(floors)),
});

const run = (tracks: TrackDefinition[], player: PlayerTrackState, dirty = ['xp']) =>
  evaluateTracks(
    tracks,
    [player],
    () => dirty,
    () => true,
  );

describe('evaluating tracks', () => {
  it('maps a source past several thresholds to the highest milestone reached, and follows the chain', () => {
    const player = playerWith({ xp: 650 });
    const result = run([LEVELS, TIERS], player);
    expect(result.changes.map((c) => `${c.name} ${c.from}->${c.to}`)).toEqual(['level 0->3', 'tier 0->3']);
    expect(result.reached.map((r) => `${r.track.id}:${r.milestone.index}:${r.status}`)).toEqual([
      'level:0:Reward Claimed',
      'level:1:Reward Claimed',
      'level:2:Reward Claimed',
      'tier:0:Reward Claimed',
      'tier:1:Reward Claimed',
      'tier:2:Reward Claimed',
    ]);
  });

  it('writes nothing below the first threshold for a player without a value, and marks milestones held as Completed', () => {
    expect(run([LEVELS], playerWith({ xp: 50 })).changes).toEqual([]);
    const held = run([LEVELS], playerWith({ xp: 350, level: 2 }));
    expect(held.changes).toEqual([]);
    expect(held.reached.map((r) => r.status)).toEqual(['Completed', 'Completed']);
  });

  it('keeps a floor (persisted through a year-end) and lets a plain target fall', () => {
    expect(run([LEVELS], playerWith({ xp: 0, level: 3 }, { level: 2 })).changes[0]).toMatchObject({ to: 2 });
    expect(run([LEVELS], playerWith({ xp: 0, level: 3 })).changes[0]).toMatchObject({ to: 0 });
  });

  it('only raises a windowed tier (it falls at reviews)', () => {
    const windowed = { ...TIERS, qualificationWindow: 'ROLLING_MONTHS' as const };
    const falling = run([windowed], playerWith({ level: 1, tier: 3 }), ['level']);
    expect(falling.changes).toEqual([]);
    const rising = run([windowed], playerWith({ level: 3, tier: 1 }), ['level']);
    expect(rising.changes[0]).toMatchObject({ from: 1, to: 3 });
    expect(rising.upgraded).toHaveLength(1);
  });

  it('skips inactive tracks and stops a cycle of generic tracks', () => {
    const inactive = evaluateTracks(
      [LEVELS],
      [playerWith({ xp: 650 })],
      () => ['xp'],
      () => false,
    );
    expect(inactive.changes).toEqual([]);
    const ab = track({
      id: 'ab',
      type: 'GENERIC',
      source: 'a',
      target: 'b',
      milestones: milestones([[1, 5]]),
    });
    const ba = track({
      id: 'ba',
      type: 'GENERIC',
      source: 'b',
      target: 'a',
      milestones: milestones([[1, 7]]),
    });
    const looped = run([ab, ba], playerWith({ a: 1 }), ['a']);
    expect(Object.fromEntries(looped.changes.map((c) => [c.name, c.to]))).toEqual({ a: 7, b: 5 });
  });
});

describe('milestones and progress', () => {
  it('takes the target of the highest threshold reached', () => {
    expect(mappedTarget(LEVELS.milestones, 299)).toBe(1);
    expect(mappedTarget(LEVELS.milestones, 300)).toBe(2);
  });

  it('measures the way to the next milestone and the spec’s share of the track', () => {
    expect(trackProgress(LEVELS.milestones, 1, 200)).toEqual({
      value: 1,
      name: 'm1',
      source_value: 200,
      next: { name: 'm2', source_value: 300, target_value: 2 },
      progress_to_next_percent: 50,
      percent_of_track: 33.33,
    });
  });

  it('names the next milestone above a tier held over what the level reaches now (kept through a year-end)', () => {
    expect(trackProgress(TIERS.milestones, 2, 0)).toMatchObject({
      value: 2,
      name: 'm2',
      next: { name: 'm3', source_value: 3, target_value: 3 },
      progress_to_next_percent: 0,
    });
  });
});

describe('local time', () => {
  it('finds local midnights across time zones and daylight saving', () => {
    expect(localMidnight(2027, 1, 1, 'Africa/Johannesburg').toISOString()).toBe('2026-12-31T22:00:00.000Z');
    // New York moves to summer time on 14 March 2027 at 02:00; midnight is still at -05:00 that day.
    expect(localMidnight(2027, 3, 14, 'America/New_York').toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(localMidnight(2027, 3, 15, 'America/New_York').toISOString()).toBe('2027-03-15T04:00:00.000Z');
    const month = localMonthIndex(new Date('2026-11-30T23:30:00Z'), 'Africa/Johannesburg');
    expect(startOfLocalMonth(month, 'Africa/Johannesburg').toISOString()).toBe('2026-11-30T22:00:00.000Z');
  });
});
