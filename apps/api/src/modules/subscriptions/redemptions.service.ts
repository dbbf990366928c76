import { createHash } from 'node:crypto';
import {
  EVENT_CLOCK_SKEW_MS,
  EVENT_MESSAGES,
  normaliseCellNumber,
  REDEMPTION_MESSAGES,
  redemptionPeriodName,
  SUBSCRIPTION_API_MESSAGES,
  type TEventCustomerRef,
  type TRedemption,
  type TSubscriptionPeriod,
  type TSubscriptionStatus,
  toIsoDate,
  toMinorUnits,
  type ZRedeemSubscriptionRequest,
} from '@laurel/contract';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import {
  branches,
  customerSubscriptions,
  customers,
  loyaltyAccounts,
  productCategoryLinks,
  products,
  subscriptionPlans,
  subscriptionRedemptions,
} from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { findLatestHolding } from './customer-subscriptions.queries';
import { findRedemptionView, toRedemption } from './redemptions.queries';
import { customerSubscriptionStatus } from './subscription-dto';
import { periodWindow } from './subscription-periods';
import { clientTimeZone, type PlanRow } from './subscriptions.queries';

type RedeemInput = z.output<typeof ZRedeemSubscriptionRequest>;

/** The request as it identifies a redemption: a repeat with the same id and these values is the same one. */
const payloadHash = (planId: string, input: RedeemInput) =>
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
      ]),
    )
    .digest('hex');

/** The customer a reference names (id, email, cell number or loyalty number), as events resolve them. */
const resolveCustomer = async (db: DbOrTx, clientId: string, ref: TEventCustomerRef) => {
  const where =
    ref._id !== undefined
      ? eq(customers.id, ref._id.toLowerCase())
      : ref.email !== undefined
        ? sql`lower(${customers.email}) = ${ref.email.toLowerCase()}`
        : ref.cell_number !== undefined
          ? eq(customers.cellNumber, normaliseCellNumber(ref.cell_number) ?? ref.cell_number)
          : sql`${customers.id} = (SELECT ${loyaltyAccounts.customerId} FROM ${loyaltyAccounts}
                 WHERE ${loyaltyAccounts.clientId} = ${clientId}
                   AND ${loyaltyAccounts.loyaltyNumber} = ${ref.loyalty_number ?? ''})`;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.clientId, clientId), where));
  return row?.id ?? null;
};

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
const covers = async (db: DbOrTx, plan: PlanRow, productId: string) => {
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
 * Redemptions through the integrator API (DESIGN §3): idempotent by the caller's id, refused with a 409 that names
 * the limit when the plan is not active, the customer's subscription has lapsed, or a limit is reached.
 */
export const createRedemptionsService = (db: Db) => {
  const existing = async (clientId: string, input: RedeemInput, hash: string) => {
    const [row] = await db
      .select({ id: subscriptionRedemptions.id, payloadHash: subscriptionRedemptions.payloadHash })
      .from(subscriptionRedemptions)
      .where(
        and(eq(subscriptionRedemptions.clientId, clientId), eq(subscriptionRedemptions.externalId, input.id)),
      );
    if (!row) return null;
    if (row.payloadHash !== hash) throw conflict(REDEMPTION_MESSAGES.conflict);
    const view = await findRedemptionView(db, clientId, row.id);
    if (!view) throw new Error('redemption vanished');
    return toRedemption(view);
  };

  const record = (clientId: string, planId: string, input: RedeemInput, hash: string) =>
    db.transaction(async (tx) => {
      const at = input.occurred_at ? new Date(input.occurred_at) : new Date();
      if (at.getTime() > Date.now() + EVENT_CLOCK_SKEW_MS)
        throw badRequest([{ field: 'occurred_at', message: EVENT_MESSAGES.futureOccurredAt }]);
      const [plan] = await tx
        .select()
        .from(subscriptionPlans)
        .where(and(eq(subscriptionPlans.clientId, clientId), eq(subscriptionPlans.id, planId)))
        .for('share');
      if (!plan) throw notFound(SUBSCRIPTION_API_MESSAGES.notFound);
      const customerId = await resolveCustomer(tx, clientId, input.customer);
      if (!customerId) throw notFound(EVENT_MESSAGES.customerNotFound);

      // The customer's subscription is locked: concurrent redemptions are counted one after the other.
      const holding = await findLatestHolding(tx, clientId, customerId, planId);
      if (plan.status !== 'ACTIVE')
        throw conflict(REDEMPTION_MESSAGES.planNotActive(plan.status as TSubscriptionStatus));
      if (!holding) throw conflict(REDEMPTION_MESSAGES.notHeld);
      const state = customerSubscriptionStatus(holding, at);
      if (plan.endDate && plan.endDate < toIsoDate(at))
        throw conflict(REDEMPTION_MESSAGES.ended(plan.endDate));
      if (state === 'EXPIRED' && holding.expiresAt)
        throw conflict(REDEMPTION_MESSAGES.expired(toIsoDate(new Date(holding.expiresAt.getTime() - 1))));
      if (state !== 'ACTIVE' && state !== 'TRIAL')
        throw conflict(REDEMPTION_MESSAGES.customerSubscriptionInactive(state));
      if (at < holding.issuedAt) throw conflict(REDEMPTION_MESSAGES.notHeld);

      // A repeat that waited for the lock finds the first one now.
      const [again] = await tx
        .select({ id: subscriptionRedemptions.id })
        .from(subscriptionRedemptions)
        .where(
          and(
            eq(subscriptionRedemptions.clientId, clientId),
            eq(subscriptionRedemptions.externalId, input.id),
          ),
        );
      if (again) return { id: again.id, repeat: true };

      let productId: string | null = null;
      if (input.sku) {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(
            and(eq(products.clientId, clientId), sql`lower(${products.sku}) = ${input.sku.toLowerCase()}`),
          );
        if (!product) throw badRequest([{ field: 'sku', message: REDEMPTION_MESSAGES.unknownProduct }]);
        if (!(await covers(tx, plan, product.id))) throw conflict(REDEMPTION_MESSAGES.productNotCovered);
        productId = product.id;
      }
      if (input.branch_id) {
        const [branch] = await tx
          .select({ id: branches.id })
          .from(branches)
          .where(and(eq(branches.clientId, clientId), eq(branches.id, input.branch_id)));
        if (!branch) throw badRequest([{ field: 'branch_id', message: REDEMPTION_MESSAGES.unknownBranch }]);
        if (plan.applyTo === 'BRANCH' && !plan.branchIds.includes(branch.id))
          throw conflict(REDEMPTION_MESSAGES.productNotCovered);
      }

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

      const id = newId();
      await tx.insert(subscriptionRedemptions).values({
        id,
        clientId,
        externalId: input.id,
        payloadHash: hash,
        subscriptionId: planId,
        customerSubscriptionId: holding.id,
        customerId,
        branchId: input.branch_id ?? null,
        productId,
        priceMinor: toMinorUnits(input.price ?? 0),
        method: input.redemption_method,
        redeemedAt: at,
      });
      await tx
        .update(customerSubscriptions)
        .set({
          redemptionCount: sql`${customerSubscriptions.redemptionCount} + 1`,
          lastRedeemedAt: sql`greatest(${customerSubscriptions.lastRedeemedAt}, ${at.toISOString()}::timestamptz)`,
          updatedAt: new Date(),
        })
        .where(eq(customerSubscriptions.id, holding.id));
      return { id, repeat: false };
    });

  return {
    /** `{ redemption, repeat }`: a repeat of an earlier id answers the first redemption again. */
    redeem: async (clientId: string, planId: string, input: RedeemInput) => {
      const hash = payloadHash(planId, input);
      const earlier = await existing(clientId, input, hash);
      if (earlier) return { redemption: earlier, repeat: true };
      let result: { id: string; repeat: boolean };
      try {
        result = await record(clientId, planId, input, hash);
      } catch (error) {
        // The same id sent twice at once for different customers: the loser answers as a repeat would.
        if (!isUniqueViolation(error)) throw error;
        const raced = await existing(clientId, input, hash);
        if (!raced) throw new HttpError(409, REDEMPTION_MESSAGES.conflict);
        return { redemption: raced, repeat: true };
      }
      if (result.repeat) {
        const repeated = await existing(clientId, input, hash);
        if (repeated) return { redemption: repeated, repeat: true };
      }
      const view = await findRedemptionView(db, clientId, result.id);
      if (!view) throw new Error('redemption not found');
      return { redemption: toRedemption(view) satisfies TRedemption, repeat: false };
    },
  };
};
