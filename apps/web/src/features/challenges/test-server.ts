import type { TChallenge, TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { listReply } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const SUMMER_ID = 'a'.repeat(24);
export const LOGINS_ID = 'b'.repeat(24);
export const BADGE_ID = 'c'.repeat(24);
export const ALL_PLAYERS_ID = 'd'.repeat(24);
export const GOLD_ID = 'e'.repeat(24);

const node = (
  id: string,
  type: 'objective' | 'condition' | 'reward',
  kind: string,
  name: string,
  config = {},
) => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { node_type: kind, name, config },
});

export const challengeFixture = (overrides: Partial<TChallenge> = {}): TChallenge => ({
  _id: SUMMER_ID,
  title: 'Summer Spree',
  description: 'Spend R200 by card this summer.',
  image: { url: null, etag: null, file_name: null },
  schedule: { start_date: '2026-12-01T00:00:00.000Z', end_date: '2027-02-28T23:59:59.999Z' },
  status: 'released',
  visible: true,
  objectives: [],
  rewards: [],
  flow: {
    nodes: [
      node('objectiveAAAA1111', 'objective', 'orderValue', 'Order Value', {
        title: 'Big spender',
        trigger: { trigger_quantity: 200 },
      }),
      // A payment method cannot follow an objective (spec 2 §4): a value node comes between.
      node('conditionBBBB2222', 'condition', 'value', 'Value', { value: 200 }),
      node('conditionDDDD4444', 'condition', 'payment_method', 'Payment Method', {
        scopes: [{ type: 'payment_method', value: 'CARD' }],
      }),
      node('rewardCCCC3333', 'reward', 'badges', 'Badges', {
        value: BADGE_ID,
        labels: { [BADGE_ID]: 'Big Spender' },
      }),
    ],
    edges: [
      {
        id: 'objectiveAAAA1111->conditionBBBB2222',
        source: 'objectiveAAAA1111',
        target: 'conditionBBBB2222',
      },
      {
        id: 'conditionBBBB2222->conditionDDDD4444',
        source: 'conditionBBBB2222',
        target: 'conditionDDDD4444',
      },
      { id: 'conditionDDDD4444->rewardCCCC3333', source: 'conditionDDDD4444', target: 'rewardCCCC3333' },
    ],
  },
  granted_quantity: 12,
  completed_quantity: 3,
  segments: [{ _id: ALL_PLAYERS_ID, name: 'AllPlayers' }],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const SUMMER = challengeFixture();
export const LOGINS = challengeFixture({
  _id: LOGINS_ID,
  title: 'Daily Visitor',
  description: '',
  status: 'draft',
  visible: false,
  granted_quantity: 0,
  completed_quantity: 0,
  segments: [],
  flow: { nodes: [], edges: [] },
});

const listItem = ({ flow: _flow, ...item }: TChallenge) => item;

const segment = (id: string, name: string, count: number) => ({
  _id: id,
  name,
  description: '',
  filters: [],
  actions: [],
  playfab_segment_id: id,
  player_count: count,
  system: true,
  rebuilding: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in (an admin by default) on the GROWTH plan, which has challenges, and answers the challenges calls. */
export const serveChallenges = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return stubApi({
    'GET /api/v2/client': () =>
      ok(
        clientFixture({
          _id: session.user.client_id,
          clientSubscription: { name: 'GROWTH', status: 'ACTIVE' },
        }),
      ),
    'GET /api/challenges': () => listReply([listItem(SUMMER), listItem(LOGINS)]),
    [`GET /api/challenges/${SUMMER_ID}`]: () => ok(SUMMER),
    [`GET /api/challenges/${LOGINS_ID}`]: () => ok(LOGINS),
    'GET /api/segments': () =>
      listReply([segment(ALL_PLAYERS_ID, 'AllPlayers', 40), segment(GOLD_ID, 'tierGold', 4)]),
    'GET /api/badges': () => listReply([]),
    ...replies,
  });
};
