import {
  API_ERROR_MESSAGES,
  EVENT_CLOCK_SKEW_MS,
  EVENT_MESSAGES,
  REDEMPTION_MESSAGES,
  SUBSCRIPTION_API_MESSAGES,
  type TRedemption,
  type TSubscriptionStatus,
  toIsoDate,
  toMinorUnits,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { clientTimeZone } from '../../db/filters';
import { newId } from '../../db/ids';
import {
  branches,
  customerSubscriptions,
  products,
  subscriptionPlans,
  subscriptionRedemptions,
} from '../../db/schema';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { localDate } from '../../local-time';
import { findCustomerBrief, findLatestHolding } from './customer-subscriptions.queries';
import {
  assertWithinLimits,
  covers,
  payloadHash,
  type RedeemInput,
  resolveCustomer,
} from './redemption-rules';
import { findRedemptionView, toRedemption } from './redemptions.queries';
import { customerSubscriptionStatus } from './subscription-dto';

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

  const record = (principal: Principal, planId: string, input: RedeemInput, hash: string) =>
    db.transaction(async (tx) => {
      const { clientId } = principal;
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
      // A console user calling this path is held to their branches, as on every other customer path.
      const customer = customerId ? await findCustomerBrief(tx, clientId, customerId) : null;
      if (!customerId || !customer || !mayAccessBranch(principal, customer.memberBranchId))
        throw notFound(EVENT_MESSAGES.customerNotFound);
      if (customer.status === 'SUSPENDED') throw conflict(API_ERROR_MESSAGES.customerSuspended);
      if (input.branch_id && !mayAccessBranch(principal, input.branch_id))
        throw forbidden(REDEMPTION_MESSAGES.branchNotManaged);

      // The customer's subscription is locked: concurrent redemptions are counted one after the other.
      const holding = await findLatestHolding(tx, clientId, customerId, planId);
      // A repeat that waited for the lock finds the first one now, whatever has changed since.
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
      if (plan.status !== 'ACTIVE')
        throw conflict(REDEMPTION_MESSAGES.planNotActive(plan.status as TSubscriptionStatus));
      if (!holding) throw conflict(REDEMPTION_MESSAGES.notHeld);
      const state = customerSubscriptionStatus(holding, at);
      if (plan.endDate && plan.endDate < localDate(at, await clientTimeZone(tx, clientId)))
        throw conflict(REDEMPTION_MESSAGES.ended(plan.endDate));
      if (state === 'EXPIRED' && holding.expiresAt)
        throw conflict(REDEMPTION_MESSAGES.expired(toIsoDate(new Date(holding.expiresAt.getTime() - 1))));
      if (state !== 'ACTIVE' && state !== 'TRIAL')
        throw conflict(REDEMPTION_MESSAGES.customerSubscriptionInactive(state));
      if (at < holding.issuedAt) throw conflict(REDEMPTION_MESSAGES.notHeld);

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
          throw conflict(REDEMPTION_MESSAGES.branchNotCovered);
      } else if (plan.applyTo === 'BRANCH') {
        throw badRequest([{ field: 'branch_id', message: REDEMPTION_MESSAGES.branchRequired }]);
      }
      await assertWithinLimits(tx, { clientId, plan, holding, customerId, at });

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
    redeem: async (principal: Principal, planId: string, input: RedeemInput) => {
      const { clientId } = principal;
      const hash = payloadHash(planId, input);
      const earlier = await existing(clientId, input, hash);
      if (earlier) return { redemption: earlier, repeat: true };
      let result: { id: string; repeat: boolean };
      try {
        result = await record(principal, planId, input, hash);
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
