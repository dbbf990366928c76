import type { TMilestone, TRewardTrack, TSessionUser, TStatistic } from '@laurel/contract';
import { clientFixture } from '@/test/fixtures';
import { listReply, signInOnStarter } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const TIER_ID = '1'.repeat(24);
export const LEVEL_ID = '2'.repeat(24);
export const STAMPS_ID = '3'.repeat(24);
export const NEW_ID = '4'.repeat(24);
export const IMAGE_URL = 'http://127.0.0.1:8080/media/milestone_images/star.png';

const milestone = (index: number, overrides: Partial<TMilestone> = {}): TMilestone => ({
  index,
  name: `Milestone ${index + 1}`,
  colour: '#d2a023',
  source_value: (index + 1) * 100,
  target_value: index + 1,
  image_url: IMAGE_URL,
  ...overrides,
});

export const trackFixture = (overrides: Partial<TRewardTrack> = {}): TRewardTrack => {
  const milestones = overrides.milestones ?? [milestone(0), milestone(1)];
  return {
    _id: STAMPS_ID,
    name: 'Stamp Card',
    reward_track_type: 'GENERIC',
    source: 'coffeeStamps',
    target: 'freeCoffees',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    reset_points_annually: false,
    persist_tier_levels_annually: false,
    milestone_count: milestones.length,
    milestones,
    xr: {
      source: { mapping: milestones.map((item) => item.source_value) },
      target: {
        milestoneName: milestones.map((item) => item.name),
        mapping: milestones.map((item) => item.target_value),
      },
    },
    qualification_window: 'NONE',
    qualification_months: 12,
    downgrade_one_tier_per_review: true,
    rebuilding: false,
    created_at: '2026-01-01T08:00:00.000Z',
    updated_at: '2026-01-01T08:00:00.000Z',
    ...overrides,
  };
};

/** Bronze 2 levels, Silver 4, Gold 6 (tiers 1 to 3). */
export const TIERS_TRACK = trackFixture({
  _id: TIER_ID,
  name: 'Coffee Club Tiers',
  reward_track_type: 'TIER_PROGRESSION',
  source: 'level',
  target: 'tier',
  start_date: null,
  end_date: null,
  milestones: [
    milestone(0, { name: 'Bronze', colour: '#cd7f32', source_value: 2, target_value: 1 }),
    milestone(1, { name: 'Silver', colour: '#c0c0c0', source_value: 4, target_value: 2 }),
    milestone(2, { name: 'Gold', colour: '#ffd700', source_value: 6, target_value: 3 }),
  ],
});

/** Levels 1 to 4 at 100, 250, 500 and 1,000 XP. */
export const LEVELS_TRACK = trackFixture({
  _id: LEVEL_ID,
  name: 'Coffee Club Levels',
  reward_track_type: 'LEVEL_PROGRESSION',
  source: 'xp',
  target: 'level',
  milestones: [100, 250, 500, 1000].map((xp, index) =>
    milestone(index, { name: `level ${index + 1}`, source_value: xp, target_value: index + 1 }),
  ),
});

export const STAMPS_TRACK = trackFixture();

export const statisticFixture = (name: string, system: boolean): TStatistic => ({
  _id: `${name.length}`.padStart(24, 'a'),
  name,
  aggregation_method: 'Sum',
  reset_interval: 'Manual',
  version: 0,
  system,
  created_at: '2026-01-01T08:00:00.000Z',
  updated_at: '2026-01-01T08:00:00.000Z',
});

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) on the GROWTH plan and answers the reward track calls. */
export const serveRewardTracks = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const { session } = signInOnStarter(user);
  return stubApi({
    'GET /api/v2/client': () =>
      ok(
        clientFixture({
          _id: session.user.client_id,
          clientSubscription: { name: 'GROWTH', status: 'ACTIVE' },
        }),
      ),
    'GET /api/reward-tracks': () => listReply([STAMPS_TRACK, LEVELS_TRACK, TIERS_TRACK]),
    [`GET /api/reward-tracks/${TIER_ID}`]: () => ok(TIERS_TRACK),
    [`GET /api/reward-tracks/${LEVEL_ID}`]: () => ok(LEVELS_TRACK),
    [`GET /api/reward-tracks/${STAMPS_ID}`]: () => ok(STAMPS_TRACK),
    'GET /api/statistics': () =>
      listReply([
        statisticFixture('xp', true),
        statisticFixture('numberOfLogins', true),
        statisticFixture('coffeeStamps', false),
        statisticFixture('freeCoffees', false),
      ]),
    ...replies,
  });
};

/** A tiny real PNG of the given size (the header is what the page reads). */
export const pngFile = (name: string, width: number, height: number) => {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return new File([bytes], name, { type: 'image/png' });
};
