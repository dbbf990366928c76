import { createHash } from 'node:crypto';
import {
  REDEMPTION_MESSAGES,
  redemptionPeriodName,
  type TEventCustomerRef,
  type TSubscriptionPeriod,
  type ZRedeemSubscriptionRequest,
} from '@laurel/contract';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import { customerSubscriptions, productCategoryLinks, subscriptionRedemptions } from '../../db/schema';
import { conflict } from '../../http/errors';
import { customerIdByRef } from '../customers';
import type { CustomerSubscriptionRow } from './subscription-dto';
import { periodWindow } from './subscription-periods';
import { clientTimeZone, type PlanRow } from './subscriptions.queries';

export type RedeemInput = z.output<typeof ZRedeemSubscriptionRequest>;

/** The request as it identifies a redemption: a repeat with the same id and these values is the same one. */
export const payloadHash = (planId: string, input: RedeemInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        planId,
        input.customer._id ?? null,
        input.customer.email?.toLowerCase() ?? null,
        input.customer.cell_number ?? null,
        input.customer.loyalty_number ?? null,
        input.branch_id ?? null,
        input.sku ?? null,
        input.price ?? 0,
        input.redemption_method,
        input.occurred_at ? new Date(input.occurred_at).toISOString() : null,
        // Appended only when given, so that the hashes of earlier redemptions still match their repeats.
        ...(input.customer.external_id !== undefined ? [input.customer.external_id] : []),
      ]),
    )
    .digest('hex');

/** The customer a reference names (id, email, cell number, external id or loyalty number), as events resolve them. */
export const resolveCustomer = (db: DbOrTx, clientId: string, ref: TEventCustomerRef) =>
  customerIdByRef(db, clientId, ref);

/** How many of the holder's redemptions fall in [from, to). */
const redemptionsBetween = async (db: DbOrTx, holderId: string, from: Date, to: Date | null) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptionRedemptions)
    .where(
      and(
        eq(subscriptionRedemptions.customerSubscriptionId, holderId),
        gte(subscriptionRedemptions.redeemedAt, from),
        to ? lt(subscriptionRedemptions.redeemedAt, to) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
};

/** Whether the product is one the plan covers (apply_to PRODUCT, CATEGORY or COMPOUND). */
export const covers = async (db: DbOrTx, plan: PlanRow, productId: string) => {
  if (plan.applyTo === 'PRODUCT' || plan.applyTo === 'COMPOUND')
    return plan.productIds.includes(productId) || plan.primaryProductIds.includes(productId);
  if (plan.applyTo === 'CATEGORY') {
    const [link] = await db
      .select({ id: productCategoryLinks.categoryId })
      .from(productCategoryLinks)
      .where(
        and(
          eq(productCategoryLinks.productId, productId),
          sql`${productCategoryLinks.categoryId} = ANY(${sql.param(plan.categoryIds)}::text[])`,
        ),
      )
      .limit(1);
    return link !== undefined;
  }
  return true;
};

/**
 * The plan's limits at `at` (DESIGN §3: a 409 naming the limit): max_redemptions_per_day (the client's days),
 * max_redemptions_per_period (periods counted from the day it was issued; with carry_over, what the previous period
 * left unused is added) and max_per_user (every subscription of this plan the customer has held).
 */
export const assertWithinLimits = async (
  tx: DbOrTx,
  input: { clientId: string; plan: PlanRow; holding: CustomerSubscriptionRow; customerId: string; at: Date },
) => {
  const { clientId, plan, holding, customerId, at } = input;
  const planId = plan.id;
  if (plan.maxRedemptionsPerDay !== null) {
    const timeZone = await clientTimeZone(tx, clientId);
    const [today] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionRedemptions)
      .where(
        and(
          eq(subscriptionRedemptions.customerSubscriptionId, holding.id),
          sql`(${subscriptionRedemptions.redeemedAt} AT TIME ZONE ${timeZone})::date = (${at.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date`,
        ),
      );
    if (Number(today?.n ?? 0) >= plan.maxRedemptionsPerDay)
      throw conflict(REDEMPTION_MESSAGES.dailyLimit(plan.maxRedemptionsPerDay));
  }
  if (plan.maxRedemptionsPerPeriod !== null) {
    const window = periodWindow(plan, holding.issuedAt, at);
    const used = await redemptionsBetween(tx, holding.id, window.start, window.end);
    let allowance = plan.maxRedemptionsPerPeriod;
    if (plan.carryOver && window.previousStart) {
      const previous = await redemptionsBetween(tx, holding.id, window.previousStart, window.start);
      allowance += Math.max(0, plan.maxRedemptionsPerPeriod - previous);
    }
    if (used >= allowance)
      throw conflict(
        REDEMPTION_MESSAGES.periodLimit(
          allowance,
          redemptionPeriodName(plan.period as TSubscriptionPeriod, plan.customDays),
        ),
      );
  }
  if (plan.maxPerUser !== null) {
    const [total] = await tx
      .select({ n: sql<number>`coalesce(sum(${customerSubscriptions.redemptionCount}), 0)::int` })
      .from(customerSubscriptions)
      .where(
        and(
          eq(customerSubscriptions.clientId, clientId),
          eq(customerSubscriptions.customerId, customerId),
          eq(customerSubscriptions.subscriptionId, planId),
        ),
      );
    if (Number(total?.n ?? 0) >= plan.maxPerUser)
      throw conflict(REDEMPTION_MESSAGES.userLimit(plan.maxPerUser));
  }
};
