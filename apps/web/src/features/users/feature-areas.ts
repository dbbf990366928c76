import type { TFeatureArea } from '@laurel/contract';

export { FEATURE_AREA_LABELS } from '@laurel/contract';

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
      'REWARDS',
      'TRANSACTIONS',
    ],
  },
  { label: 'Commerce', areas: ['SUBSCRIPTIONS', 'ORDERS', 'BASKETS', 'PRODUCTS'] },
];
