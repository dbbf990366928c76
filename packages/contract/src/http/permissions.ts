import { z } from 'zod';

/** Feature permission areas of spec 1 §3, plus SUBSCRIPTIONS (user page) and the commerce areas of DESIGN §3. */
export const ZFeatureArea = z.enum([
  'BADGES',
  'CHALLENGES',
  'REWARD_TRACKS',
  'ECONOMICS',
  'WALLET',
  'CASHBACK',
  'XP_POINTS',
  'TRANSACTIONS',
  'CUSTOMERS',
  'STATISTICS',
  'SEGMENTS',
  'SUBSCRIPTIONS',
  'ORDERS',
  'BASKETS',
  'PRODUCTS',
]);
export type TFeatureArea = z.infer<typeof ZFeatureArea>;
export const FEATURE_AREAS = ZFeatureArea.options;

/** What each permission area is called in the console (the sidebar's names). */
export const FEATURE_AREA_LABELS: Record<TFeatureArea, string> = {
  CUSTOMERS: 'Customers',
  BADGES: 'Badges',
  CHALLENGES: 'Challenges',
  STATISTICS: 'Statistics',
  SEGMENTS: 'Segments',
  REWARD_TRACKS: 'Reward Tracks',
  ECONOMICS: 'Economy',
  WALLET: 'Wallet',
  CASHBACK: 'Cashback',
  XP_POINTS: 'XP Reward',
  TRANSACTIONS: 'Transactions',
  SUBSCRIPTIONS: 'Subscriptions',
  ORDERS: 'Orders',
  BASKETS: 'Baskets',
  PRODUCTS: 'Products',
};

/** Per-feature flags; the console labels them View, Add, Edit, Delete. */
export const ZPermissionAction = z.enum(['read', 'create', 'update', 'delete']);
export type TPermissionAction = z.infer<typeof ZPermissionAction>;
export const PERMISSION_ACTIONS = ZPermissionAction.options;
export const PERMISSION_ACTION_LABELS: Record<TPermissionAction, string> = {
  read: 'View',
  create: 'Add',
  update: 'Edit',
  delete: 'Delete',
};

/** What a route requires: nobody, any signed-in user, an admin, or one feature flag. */
export type TPermission = 'PUBLIC' | 'SIGNED_IN' | 'ADMIN' | `${TFeatureArea}:${TPermissionAction}`;

export const isPermission = (value: unknown): value is TPermission => {
  if (value === 'PUBLIC' || value === 'SIGNED_IN' || value === 'ADMIN') return true;
  if (typeof value !== 'string') return false;
  const [area, action, extra] = value.split(':');
  return (
    extra === undefined && ZFeatureArea.safeParse(area).success && ZPermissionAction.safeParse(action).success
  );
};
