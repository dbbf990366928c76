import type { TFeatureArea } from '@laurel/contract';

/** What each permission area is called on the user page; the names follow the sidebar. */
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

/** The permission grid's rows: the loyalty areas in sidebar order, then the commerce areas (DESIGN §3). */
export const PERMISSION_GROUPS: { label: string; areas: TFeatureArea[] }[] = [
  {
    label: 'Loyalty and gamification',
    areas: [
      'CUSTOMERS',
      'BADGES',
      'CHALLENGES',
      'STATISTICS',
      'SEGMENTS',
      'REWARD_TRACKS',
      'ECONOMICS',
      'WALLET',
      'CASHBACK',
      'XP_POINTS',
      'TRANSACTIONS',
    ],
  },
  { label: 'Commerce', areas: ['SUBSCRIPTIONS', 'ORDERS', 'BASKETS', 'PRODUCTS'] },
];
