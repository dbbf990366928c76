import { z } from 'zod';

const PREFIX = 'laurel';

/** Local-storage keys (spec 1 §3). */
export const STORAGE_KEYS = {
  /** The signed-in session, kept only with 'Remember me?'. */
  user: `${PREFIX}.user`,
  /** Where to go after signing in. */
  redirectRoute: `${PREFIX}.redirect-route`,
  viewedOrderIds: `${PREFIX}.viewed-order-ids`,
  colorScheme: `${PREFIX}.color-scheme`,
} as const;

/** Tables whose column choice is remembered per browser. */
export const ZColumnTable = z.enum([
  'badges',
  'challenges',
  'customers',
  'orders',
  'baskets',
  'subscriptions',
  'users',
  'branches',
  'audit-log',
  'event-log',
  'api-keys',
  'segment-players',
  'statistics',
  'segments',
  'products',
  'product-categories',
  'cashback-configs',
  'xp-configs',
  'economy-transactions',
  'challenge-transactions',
  'badge-transactions',
  'reward-track-transactions',
  'reward-redemptions',
  'rewards',
]);
export type TColumnTable = z.infer<typeof ZColumnTable>;
export const COLUMN_TABLES = ZColumnTable.options;

export const columnsStorageKey = (table: TColumnTable) => `${PREFIX}.columns.${table}`;
