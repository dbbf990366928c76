import { expect } from 'vitest';
import { createPlan } from '../src/modules/subscriptions/commerce.fixtures';
import { challengeBody, linkChallenge, objective } from './challenge-helpers';
import { createCurrency, createEarnConfig, segmentId } from './economy-helpers';
import { createBadge, createSegment, rule } from './engine-helpers';
import { postAs } from './factories';
import type { createClientApp } from './test-app';

type ClientApp = Awaited<ReturnType<typeof createClientApp>>;

const contentOf = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).content;
};

/**
 * The programme a member is exported and erased out of (the privacy suites): a Stars currency with cashback on every
 * order (1 per R10) and XP (1 per R10) for a level track and a tier track with a qualification window (standing and
 * monthly values per player), a 'Regular' badge that a 'Logged in' segment grants, a challenge won by an order that
 * pays the badge, a coupon reward of 5 Stars and a subscription plan. Returns what the suites look up afterwards.
 */
export const setUpPrivacyProgramme = async (setup: ClientApp) => {
  const { t, admin } = setup;
  const currency = await createCurrency(t.app, admin, { name: 'Stars' });
  const everyone = await segmentId(t.app, admin);
  const earnConfig = (
    await createEarnConfig(t.app, admin, {
      type: 'Currency',
      earn_target: currency._id,
      trigger_value: 10,
      earn_amount: 1,
      segment_id: everyone,
    })
  )._id as string;
  await createEarnConfig(t.app, admin, {
    type: 'Statistic',
    trigger_value: 10,
    earn_amount: 1,
    segment_id: everyone,
  });
  const milestone = { colour: '#d2a023', image_url: 'https://cdn.example.com/m.png' };
  const tracks: string[] = [];
  for (const track of [
    {
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      milestones: [{ ...milestone, name: 'level 1', source_value: 1, target_value: 1 }],
    },
    {
      name: 'Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      milestones: [{ ...milestone, name: 'Silver', source_value: 1, target_value: 2 }],
      qualification_window: 'ROLLING_MONTHS',
      qualification_months: 6,
    },
  ]) {
    const saved = contentOf(
      await setup.call('POST', '/api/reward-tracks', {
        start_date: '2026-01-01',
        end_date: '2030-12-31',
        reset_points_annually: false,
        persist_tier_levels_annually: false,
        milestone_count: 1,
        ...track,
      }),
    );
    tracks.push(saved._id);
  }
  const badge = await createBadge(t.app, admin, { name: 'Regular' });
  const loggedIn = await createSegment(t.app, admin, {
    name: 'Logged in',
    filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 1)],
    actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 1 }],
  });
  const challenge = await postAs<{ _id: string }>(
    t.app,
    admin,
    '/api/challenges',
    challengeBody({
      objectives: [objective({ event_type: 'orderValue', trigger: { trigger_quantity: 50 } })],
      rewards: [{ type: 'badges', value: badge._id }],
    }),
    'challenge',
  );
  await linkChallenge(t.app, admin, challenge._id);
  const reward = contentOf(
    await setup.call('POST', '/api/rewards', {
      name: 'Free coffee',
      description: 'Any size',
      type: 'coupon',
      cost: { currency: currency._id, amount: 5 },
      coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
    }),
  );
  const plan = (await createPlan(t.app, admin))._id as string;
  return {
    currency,
    earnConfig,
    tracks,
    badge: badge._id as string,
    segments: [everyone, loggedIn._id as string],
    challenge: challenge._id,
    reward: reward._id as string,
    plan,
  };
};
