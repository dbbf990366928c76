import type { TReward, TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { ALL_PLAYERS_ID, COINS, COINS_ID, RAND, REGULARS_ID, SEGMENTS } from '@/features/economy/test-server';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { listReply } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export { ALL_PLAYERS_ID, COINS, COINS_ID, listReply, REGULARS_ID };

export const COFFEE_ID = 'a1'.repeat(12);
export const MUG_ID = 'b2'.repeat(12);
export const VOUCHERS_ID = 'c3'.repeat(12);
export const IMAGE_URL = 'http://127.0.0.1:8080/media/reward_image/mug.png';

const STAMP = '2026-11-01T10:00:00.000Z';
const COINS_SHOWN = { _id: COINS._id, name: COINS.name, code: COINS.code };

export const rewardFixture = (overrides: Partial<TReward> = {}): TReward => ({
  _id: COFFEE_ID,
  name: 'Free Coffee',
  description: 'Any regular coffee at any branch.',
  image_url: null,
  type: 'coupon',
  cost: { currency: COINS_ID, amount: 250 },
  currency: COINS_SHOWN,
  stock: null,
  per_customer_limit: null,
  available_from: null,
  available_to: null,
  segment_ids: [],
  coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
  active: true,
  status: 'Active',
  redeemed: 12,
  stock_left: null,
  codes_total: null,
  codes_left: null,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});

/** A generated-codes coupon, unlimited. */
export const COFFEE = rewardFixture();
/** A physical item with an image, a stock of 50 with 50 redeemed, for one segment. */
export const MUG = rewardFixture({
  _id: MUG_ID,
  name: 'Branded Mug',
  description: 'A Bean There mug.',
  image_url: IMAGE_URL,
  type: 'physical',
  cost: { currency: COINS_ID, amount: 1200 },
  stock: 50,
  redeemed: 50,
  stock_left: 0,
  per_customer_limit: 1,
  segment_ids: [REGULARS_ID],
  coupon: null,
  status: 'Out of stock',
});
/** A pool of partner vouchers, 7 of 100 left: below the 10% warning. */
export const VOUCHERS = rewardFixture({
  _id: VOUCHERS_ID,
  name: 'Partner Voucher',
  description: 'R100 off at our partner.',
  cost: { currency: COINS_ID, amount: 800 },
  stock: 100,
  redeemed: 93,
  stock_left: 7,
  coupon: { source: 'pool', value_type: 'percent', value: 15, valid_days: 60 },
  codes_total: 100,
  codes_left: 7,
  available_from: '2026-12-01T00:00:00.000Z',
  status: 'Scheduled',
});

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) on the GROWTH plan, the first with rewards. */
export const serveRewards = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
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
    'GET /api/economy/currencies': () => listReply([COINS, RAND]),
    'GET /api/segments': () => listReply(SEGMENTS),
    'GET /api/rewards': () => listReply([COFFEE, MUG, VOUCHERS]),
    [`GET /api/rewards/${COFFEE_ID}`]: () => ok(COFFEE),
    [`GET /api/rewards/${MUG_ID}`]: () => ok(MUG),
    [`GET /api/rewards/${VOUCHERS_ID}`]: () => ok(VOUCHERS),
    ...replies,
  });
};
