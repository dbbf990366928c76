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
  'REWARDS',
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
  REWARDS: 'Rewards',
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

/**
 * What a route requires: nobody, any signed-in user, an admin, or one feature flag; or `OPERATOR`, whoever runs
 * Laurel (the METRICS_TOKEN bearer), which no token of a business ever is.
 */
export type TPermission =
  | 'PUBLIC'
  | 'SIGNED_IN'
  | 'ADMIN'
  | 'OPERATOR'
  | `${TFeatureArea}:${TPermissionAction}`;

export const isPermission = (value: unknown): value is TPermission => {
  if (value === 'PUBLIC' || value === 'SIGNED_IN' || value === 'ADMIN' || value === 'OPERATOR') return true;
  if (typeof value !== 'string') return false;
  const [area, action, extra] = value.split(':');
  return (
    extra === undefined && ZFeatureArea.safeParse(area).success && ZPermissionAction.safeParse(action).success
  );
};

/**
 * A flag on an umbrella area is that flag on each of its parts: the sidebar's Economy (ECONOMICS) opens Wallet,
 * Cashback and XP Reward (spec 3 §2, §6), so the server and the console read a part's flag through its umbrella.
 */
export const AREA_UMBRELLA: Partial<Record<TFeatureArea, TFeatureArea>> = {
  WALLET: 'ECONOMICS',
  CASHBACK: 'ECONOMICS',
  XP_POINTS: 'ECONOMICS',
};

/** The areas whose flag gives `action` on `area`: the area itself and its umbrella. */
export const areasGranting = (area: TFeatureArea): TFeatureArea[] => {
  const umbrella = AREA_UMBRELLA[area];
  return umbrella ? [area, umbrella] : [area];
};

type TFlagsByArea = Partial<Record<TFeatureArea, Partial<Record<TPermissionAction, boolean>>>>;

/** Whether these flags give `action` on `area`, directly or through its umbrella (roles aside). */
export const holdsFlag = (flags: TFlagsByArea | undefined, area: TFeatureArea, action: TPermissionAction) =>
  areasGranting(area).some((granting) => flags?.[granting]?.[action] === true);

/** Whether a signed-in staff member may use `action` on `area`: an admin always, anyone else by the flags. */
export const mayUse = (
  user: { role: string; user_permissions: TFlagsByArea } | null | undefined,
  area: TFeatureArea,
  action: TPermissionAction,
) => user?.role === 'ADMIN' || holdsFlag(user?.user_permissions, area, action);
