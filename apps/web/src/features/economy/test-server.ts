import type {
  TCurrency,
  TEarnConfig,
  TProduct,
  TProductCategory,
  TSegment,
  TSessionUser,
  TWallet,
} from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { listReply } from '@/test/sign-in';
import { ok, stubApi } from '@/test/stub-api';

export const COINS_ID = '1'.repeat(24);
export const RAND_ID = '2'.repeat(24);
export const CASHBACK_ID = '3'.repeat(24);
export const XP_ID = '4'.repeat(24);
export const ALL_PLAYERS_ID = '5'.repeat(24);
export const REGULARS_ID = '6'.repeat(24);
export const SNACKS_ID = '7'.repeat(24);
export const MUFFIN_ID = '8'.repeat(24);
export const CUSTOMER_ID = 'c'.repeat(24);

const STAMP = '2026-11-01T10:00:00.000Z';

export const currencyFixture = (overrides: Partial<TCurrency> = {}): TCurrency => ({
  _id: COINS_ID,
  type: 'custom',
  name: 'Bean Coins',
  code: 'BC',
  conversion_rate: 0.5,
  icon: { name: 'mug-hot', prefix: 'fas', url: null, etag: null },
  expiry_policy: 'never',
  expiry_days: null,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});

/** A custom currency with a library icon, and a real one with no icon (the default coin). */
export const COINS = currencyFixture();
export const RAND = currencyFixture({
  _id: RAND_ID,
  type: 'real',
  name: 'ZAR',
  code: 'ZAR',
  conversion_rate: 0,
  icon: { name: null, prefix: null, url: null, etag: null },
});

/** Ten currencies: the wallet's limit. */
export const TEN_CURRENCIES = Array.from({ length: 10 }, (_, index) =>
  currencyFixture({
    _id: String(index).repeat(24).slice(0, 24),
    name: `Coin ${index + 1}`,
    code: `C${index + 1}`,
  }),
);

export const earnConfigFixture = (overrides: Partial<TEarnConfig> = {}): TEarnConfig => ({
  _id: CASHBACK_ID,
  type: 'Currency',
  trigger_value: 100,
  earn_amount: 5,
  segment_id: ALL_PLAYERS_ID,
  segment_name: 'AllPlayers',
  earn_target: COINS_ID,
  cashback_type: 'percentage',
  exclude_type: 'category',
  excluded_product_ids: null,
  excluded_category_ids: [SNACKS_ID],
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});

export const CASHBACK = earnConfigFixture();
export const XP_CONFIG = earnConfigFixture({
  _id: XP_ID,
  type: 'Statistic',
  trigger_value: 10,
  earn_amount: 1,
  segment_id: REGULARS_ID,
  segment_name: 'Regulars',
  earn_target: 'xp',
  cashback_type: null,
  exclude_type: 'product',
  excluded_product_ids: [MUFFIN_ID],
  excluded_category_ids: null,
});

export const segmentFixture = (id: string, name: string, players: number): TSegment => ({
  _id: id,
  name,
  description: '',
  filters: [],
  actions: [],
  playfab_segment_id: id,
  player_count: players,
  system: name === 'AllPlayers',
  rebuilding: false,
  created_at: STAMP,
  updated_at: STAMP,
});

export const SEGMENTS = [
  segmentFixture(ALL_PLAYERS_ID, 'AllPlayers', 120),
  segmentFixture(REGULARS_ID, 'Regulars', 1),
];

export const SNACKS: TProductCategory = {
  _id: SNACKS_ID,
  name: 'Snacks',
  description: null,
  image_url: null,
  product_count: 4,
  created_at: STAMP,
  updated_at: STAMP,
};

export const MUFFIN: TProduct = {
  _id: MUFFIN_ID,
  title: 'Blueberry Muffin',
  sku: 'MUF-1',
  pid: null,
  price: 32,
  image_url: null,
  description: null,
  category_ids: [SNACKS_ID],
  categories: [{ _id: SNACKS_ID, name: 'Snacks' }],
  created_at: STAMP,
  updated_at: STAMP,
};

export const walletFixture = (currency: TCurrency, balance: number, expiringSoon = 0): TWallet => ({
  currency: {
    _id: currency._id,
    type: currency.type,
    name: currency.name,
    code: currency.code,
    icon: currency.icon,
  },
  balance,
  expiring_soon: expiringSoon,
  next_expiry_at: null,
});

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) on the GROWTH plan, the first with the economy. */
export const serveEconomy = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
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
    [`GET /api/economy/currencies/${COINS_ID}`]: () => ok(COINS),
    [`GET /api/economy/currencies/${RAND_ID}`]: () => ok(RAND),
    'GET /api/economy/earn-configs': () => listReply([CASHBACK]),
    [`GET /api/economy/earn-configs/${CASHBACK_ID}`]: () => ok(CASHBACK),
    [`GET /api/economy/earn-configs/${XP_ID}`]: () => ok(XP_CONFIG),
    'GET /api/segments': () => listReply(SEGMENTS),
    'GET /api/v2/product/list': () => ok({ product_list: [MUFFIN], count: 1 }),
    'GET /api/v2/product/category/list': () => ok({ product_category_list: [SNACKS], count: 1 }),
    [`GET /api/products/${MUFFIN_ID}`]: () => ok(MUFFIN),
    [`GET /api/product-categories/${SNACKS_ID}`]: () => ok(SNACKS),
    ...replies,
  });
};
