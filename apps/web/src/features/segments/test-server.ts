import type { TBadge, TSegment, TSegmentPlayer, TSessionUser, TStatistic } from '@laurel/contract';
import { listReply, signInOnStarter } from '@/test/sign-in';
import { stubApi, type TStubCall } from '@/test/stub-api';

export const REGULARS_ID = '1'.repeat(24);
export const ALL_PLAYERS_ID = '2'.repeat(24);
export const BADGE_ID = '3'.repeat(24);
export const PLAYER_ID = '4'.repeat(24);

export const segmentFixture = (overrides: Partial<TSegment> = {}): TSegment => ({
  _id: REGULARS_ID,
  name: 'Regulars',
  description: 'Customers who keep coming back',
  filters: [
    {
      id: 'filter_1700000000000',
      type: 'statistic',
      statistic_name: 'numberOfLogins',
      comparison: 'GreaterThanOrEqual',
      filter_value: 2,
    },
  ],
  actions: [],
  playfab_segment_id: REGULARS_ID,
  player_count: 12,
  system: false,
  rebuilding: false,
  created_at: '2025-03-01T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

export const REGULARS = segmentFixture();
export const ALL_PLAYERS = segmentFixture({
  _id: ALL_PLAYERS_ID,
  name: 'AllPlayers',
  description: '',
  filters: [{ id: 'filter_1', type: 'all_players' }],
  playfab_segment_id: ALL_PLAYERS_ID,
  player_count: 150,
  system: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const statistic = (name: string, system: boolean, index: number): TStatistic => ({
  _id: String(index).repeat(24),
  name,
  aggregation_method: 'Sum',
  reset_interval: 'Manual',
  version: 0,
  system,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

export const STATISTICS = [
  statistic('coffeeStamps', false, 5),
  statistic('numberOfLogins', true, 6),
  statistic('totalOrderValue', true, 7),
];

export const COFFEE_BADGE = {
  _id: BADGE_ID,
  name: 'Coffee Lover',
} as TBadge;

export const playerFixture = (overrides: Partial<TSegmentPlayer> = {}): TSegmentPlayer => ({
  customer_id: PLAYER_ID,
  display_name: 'Ann Smith',
  statistics: { numberOfLogins: 3 },
  last_login: '2025-03-04T08:30:00.000Z',
  entered_at: '2025-03-04T08:30:00.000Z',
  ...overrides,
});

export { listReply };

type TReplies = Parameters<typeof stubApi>[0];

/** The `ids` a `GET /api/segments` asked for (spec 2 §7's fetch by id), or null for a list page. */
export const idsOf = (call: TStubCall | undefined) => {
  const ids = call ? new URL(call.url, 'http://laurel.test').searchParams.getAll('ids') : [];
  return ids.length > 0 ? ids.flatMap((value) => value.split(',')) : null;
};

/**
 * Signs in as the given user (an admin by default) on STARTER and answers the segments area's calls from
 * `segments`; `replies` override. A fetch by id answers the segments with those ids.
 */
export const serveSegments = (
  user: Partial<TSessionUser> = {},
  replies: TReplies = {},
  segments: () => TSegment[] = () => [REGULARS, ALL_PLAYERS],
) => {
  const { clientReplies } = signInOnStarter(user);
  const api = stubApi({
    ...clientReplies,
    'GET /api/segments': () => {
      const ids = idsOf(api.calls.at(-1));
      const all = segments();
      return ids ? listReply(all.filter((segment) => ids.includes(segment._id))) : listReply(all);
    },
    'GET /api/statistics': () => listReply(STATISTICS),
    'GET /api/badges': () => listReply([COFFEE_BADGE]),
    [`GET /api/segments/${REGULARS_ID}/players`]: () => listReply([playerFixture()]),
    [`GET /api/segments/${ALL_PLAYERS_ID}/players`]: () => listReply([]),
    ...replies,
  });
  return api;
};
