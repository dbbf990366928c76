import { z } from 'zod';

/**
 * Client (tenant) statuses. AWAITING_SUBSCRIPTION_PAYMENT forces the plan-selection page (spec 1 §4); the spec's
 * hyphenated spelling is the same state. SUSPENDED lets the platform switch a client off.
 */
export const ZClientStatus = z.enum(['AWAITING_SUBSCRIPTION_PAYMENT', 'ACTIVE', 'SUSPENDED']);
export type TClientStatus = z.infer<typeof ZClientStatus>;
export const CLIENT_STATUSES = ZClientStatus.options;

/** Status of the client's own plan (`clientSubscription.status`). */
export const ZPlanSubscriptionStatus = z.enum(['ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELLED', 'INCOMPLETE']);
export type TPlanSubscriptionStatus = z.infer<typeof ZPlanSubscriptionStatus>;
export const PLAN_SUBSCRIPTION_STATUSES = ZPlanSubscriptionStatus.options;

/** A client counts as subscribed only when its plan has a name and the status ACTIVE (spec 1 §4). */
export const isClientSubscribed = (
  plan: { name?: string | null; status?: string | null } | null | undefined,
) => Boolean(plan?.name) && plan?.status === ZPlanSubscriptionStatus.enum.ACTIVE;
