import { z } from 'zod';
import type { TFeatureArea } from '../http/permissions';

/** Built-in billing plans, cheapest first (DESIGN §6). */
export const ZPlan = z.enum(['FREEMIUM', 'STARTER', 'GROWTH', 'BUSINESS']);
export type TPlan = z.infer<typeof ZPlan>;
export const PLANS = ZPlan.options;
export const PLAN_LABELS: Record<TPlan, string> = {
  FREEMIUM: 'Freemium',
  STARTER: 'Starter',
  GROWTH: 'Growth',
  BUSINESS: 'Business',
};

/** What a plan can unlock (DESIGN §9). COMMERCE (orders, baskets, subscriptions) sits with customers. */
export const ZPlanFeature = z.enum([
  'DASHBOARD',
  'CUSTOMERS',
  'COMMERCE',
  'USERS',
  'SETTINGS',
  'STATISTICS',
  'SEGMENTS',
  'BADGES',
  'CHALLENGES',
  'REWARD_TRACKS',
  'ECONOMY',
  'REWARDS',
  'TRANSACTIONS',
  'EXPORTS',
  'INTEGRATIONS',
]);
export type TPlanFeature = z.infer<typeof ZPlanFeature>;
export const PLAN_FEATURES = ZPlanFeature.options;

/** What each plan adds to the one below it. */
const PLAN_ADDS: Record<TPlan, readonly TPlanFeature[]> = {
  FREEMIUM: ['DASHBOARD', 'CUSTOMERS', 'COMMERCE', 'USERS', 'SETTINGS'],
  STARTER: ['STATISTICS', 'SEGMENTS', 'BADGES'],
  GROWTH: ['CHALLENGES', 'REWARD_TRACKS', 'ECONOMY', 'REWARDS'],
  BUSINESS: ['TRANSACTIONS', 'EXPORTS', 'INTEGRATIONS'],
};

const cumulativeFeatures = (plan: TPlan) =>
  PLANS.slice(0, PLANS.indexOf(plan) + 1).flatMap((lower) => PLAN_ADDS[lower]);

/** Every feature of each plan, cumulative. */
export const PLAN_FEATURE_TABLE: Record<TPlan, readonly TPlanFeature[]> = {
  FREEMIUM: cumulativeFeatures('FREEMIUM'),
  STARTER: cumulativeFeatures('STARTER'),
  GROWTH: cumulativeFeatures('GROWTH'),
  BUSINESS: cumulativeFeatures('BUSINESS'),
};

export const planIncludes = (plan: TPlan, feature: TPlanFeature) =>
  PLAN_FEATURE_TABLE[plan].includes(feature);

/** The cheapest plan that includes the feature. */
export const minimumPlanFor = (feature: TPlanFeature): TPlan =>
  PLANS.find((plan) => PLAN_ADDS[plan].includes(feature)) ?? 'BUSINESS';

/** Which plan feature gates each permission area. */
export const FEATURE_AREA_PLAN_FEATURE: Record<TFeatureArea, TPlanFeature> = {
  CUSTOMERS: 'CUSTOMERS',
  SUBSCRIPTIONS: 'COMMERCE',
  ORDERS: 'COMMERCE',
  BASKETS: 'COMMERCE',
  PRODUCTS: 'COMMERCE',
  STATISTICS: 'STATISTICS',
  SEGMENTS: 'SEGMENTS',
  BADGES: 'BADGES',
  CHALLENGES: 'CHALLENGES',
  REWARD_TRACKS: 'REWARD_TRACKS',
  ECONOMICS: 'ECONOMY',
  WALLET: 'ECONOMY',
  CASHBACK: 'ECONOMY',
  XP_POINTS: 'ECONOMY',
  TRANSACTIONS: 'TRANSACTIONS',
  REWARDS: 'REWARDS',
};

export const planAllowsArea = (plan: TPlan, area: TFeatureArea) =>
  planIncludes(plan, FEATURE_AREA_PLAN_FEATURE[area]);
