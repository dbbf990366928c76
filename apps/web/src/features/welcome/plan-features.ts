import type { TPlanFeature, TPlanOffer } from '@laurel/contract';

/** What each plan feature means to the person choosing a plan. */
export const PLAN_FEATURE_NAMES: Record<TPlanFeature, string> = {
  DASHBOARD: 'Dashboard',
  CUSTOMERS: 'Customers and loyalty cards',
  COMMERCE: 'Orders, baskets and subscriptions',
  USERS: 'Console users and permissions',
  SETTINGS: 'Account settings and branches',
  STATISTICS: 'Player statistics',
  SEGMENTS: 'Segments',
  BADGES: 'Badges',
  CHALLENGES: 'Challenges',
  REWARD_TRACKS: 'Reward tracks',
  ECONOMY: 'Economy: currencies, cashback and XP',
  REWARDS: 'Rewards catalogue, coupons and redemptions',
  TRANSACTIONS: 'Transaction reports',
  EXPORTS: 'CSV exports',
  INTEGRATIONS: 'Integrations: webhooks and event log (API keys on every plan)',
};

/**
 * A plan's features as a reader compares them: when it includes everything of the plan before it (plans come
 * cheapest first), 'Everything in {that plan}' and what it adds; otherwise every feature it has.
 */
export const describePlanFeatures = (plans: readonly TPlanOffer[], index: number) => {
  const plan = plans[index];
  if (!plan) return { includes: null, features: [] };
  const below = plans[index - 1];
  const extendsBelow = below?.features.every((feature) => plan.features.includes(feature)) ?? false;
  if (!below || !extendsBelow) {
    return { includes: null, features: plan.features.map((feature) => PLAN_FEATURE_NAMES[feature]) };
  }
  return {
    includes: below.label,
    features: plan.features
      .filter((feature) => !below.features.includes(feature))
      .map((feature) => PLAN_FEATURE_NAMES[feature]),
  };
};

const priceFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '{symbol} {price}' with thousands grouped, e.g. 'R 1,499.00'; the server sends the price as a decimal string. */
export const formatPlanPrice = (plan: Pick<TPlanOffer, 'currency_symbol' | 'price'>) => {
  const amount = Number(plan.price);
  return `${plan.currency_symbol} ${Number.isFinite(amount) ? priceFormat.format(amount) : plan.price}`;
};
