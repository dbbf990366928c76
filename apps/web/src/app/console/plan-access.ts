import { isClientSubscribed, planAllowsArea, type TClientPlan, type TFeatureArea } from '@laurel/contract';

/**
 * A feature area is open only to a subscribed client whose plan includes it (DESIGN §9). Apart from the navigation
 * (nav-items.ts, with its icons), since pages ask it too.
 */
export const planOpensArea = (plan: TClientPlan | null | undefined, feature: TFeatureArea) =>
  isClientSubscribed(plan) && plan?.name != null && planAllowsArea(plan.name, feature);
