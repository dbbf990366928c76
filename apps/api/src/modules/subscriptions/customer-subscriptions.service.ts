import {
  API_ERROR_MESSAGES,
  CUSTOMER_MESSAGES,
  fromMinorUnits,
  PRIVACY_MESSAGES,
  SUBSCRIPTION_API_MESSAGES,
  type TCustomerSubscription,
  type TSubscriptionStatus,
  type ZIssueSubscriptionRequest,
  type ZUserSubscriptionsQuery,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { clientTimeZone } from '../../db/filters';
import { newId } from '../../db/ids';
import { customerSubscriptions, subscriptionPlans } from '../../db/schema';
import { ingestEvents } from '../../engine';
import { branchScope, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, notFound } from '../../http/errors';
import { localDate } from '../../local-time';
import { type Actor, recordAudit } from '../audit/audit';
import {
  findCurrentHolding,
  findCustomerBrief,
  findCustomerSubscriptionView,
  listCustomerSubscriptionRows,
  listPlanSubscriberRows,
} from './customer-subscriptions.queries';
import { toCustomerSubscription } from './subscription-dto';
import { expiryFor } from './subscription-periods';
import { findPlan } from './subscriptions.queries';

type IssueInput = z.output<typeof ZIssueSubscriptionRequest>;
type UserListQuery = z.output<typeof ZUserSubscriptionsQuery>;

const DAY_MS = 86_400_000;

/** The customer if the principal may see them (spec 1 §6: managers only their branches' customers). */
export const loadCustomerInScope = async (db: DbOrTx, principal: Principal, customerId: string) => {
  const customer = await findCustomerBrief(db, principal.clientId, customerId);
  if (!customer || !mayAccessBranch(principal, customer.memberBranchId))
    throw notFound(CUSTOMER_MESSAGES.notFound);
  return customer;
};

/** Subscriptions issued to customers (spec 1 §2.11 Issue Subscription, §7). */
export const createCustomerSubscriptionsService = (ctx: AppContext) => {
  const { db } = ctx.database;

  return {
    /**
     * Issues an active plan to a customer, who may hold one current subscription of each plan. The engine gets
     * `subscription.purchased` in the same transaction, so the purchase is counted exactly once.
     */
    issue: async (principal: Principal, actor: Actor, input: IssueInput): Promise<TCustomerSubscription> => {
      const issued = await db.transaction(async (tx) => {
        const customer = await loadCustomerInScope(tx, principal, input.user_id);
        // Share-locked: a plan paused or deleted at this moment waits for the issue, or the issue sees it.
        const [plan] = await tx
          .select()
          .from(subscriptionPlans)
          .where(
            and(
              eq(subscriptionPlans.clientId, principal.clientId),
              eq(subscriptionPlans.id, input.subscription_id),
            ),
          )
          .for('share');
        if (!plan) throw notFound(SUBSCRIPTION_API_MESSAGES.notFound);
        if (plan.status !== 'ACTIVE')
          throw conflict(SUBSCRIPTION_API_MESSAGES.notIssuable(plan.status as TSubscriptionStatus));
        const now = new Date();
        // The plan's dates are the business's days (its time zone), as everywhere else.
        const timeZone = await clientTimeZone(tx, principal.clientId);
        const today = localDate(now, timeZone);
        if (plan.startDate > today) throw conflict(SUBSCRIPTION_API_MESSAGES.notStarted(plan.startDate));
        if (plan.endDate && plan.endDate < today)
          throw conflict(SUBSCRIPTION_API_MESSAGES.ended(plan.endDate));
        if (customer.status === 'SUSPENDED') throw conflict(API_ERROR_MESSAGES.customerSuspended);
        if (customer.status === 'ERASED') throw conflict(PRIVACY_MESSAGES.alreadyErased);

        // One issue at a time per customer and plan, so that two clicks cannot both pass the check below.
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`subscription-issue:${customer.id}:${plan.id}`}, 0))`,
        );
        if (await findCurrentHolding(tx, principal.clientId, customer.id, plan.id, now))
          throw conflict(SUBSCRIPTION_API_MESSAGES.alreadyHeld);

        const trialEndsAt =
          plan.freeTrial && plan.trialPeriod ? new Date(now.getTime() + plan.trialPeriod * DAY_MS) : null;
        const amountPaidMinor = plan.freeTrial || !plan.billable ? 0 : plan.priceMinor;
        const id = newId();
        await tx.insert(customerSubscriptions).values({
          id,
          clientId: principal.clientId,
          subscriptionId: plan.id,
          customerId: customer.id,
          status: 'ACTIVE',
          priceMinor: plan.priceMinor,
          amountPaidMinor,
          issuedAt: now,
          trialEndsAt,
          expiresAt: expiryFor(plan, now, timeZone),
          issuedBy: principal.userId,
        });
        const [answer] = await ingestEvents(tx, principal.clientId, [
          {
            id: `subscription:${id}`,
            type: 'subscription.purchased',
            customer: { _id: customer.id },
            occurred_at: now.toISOString(),
            branch_id: customer.memberBranchId,
            data: { subscription_id: plan.id, amount: fromMinorUnits(amountPaidMinor) },
          },
        ]);
        if (answer?.status !== 'accepted') {
          throw new Error(`subscription.purchased was not accepted: ${answer?.error ?? answer?.status}`);
        }
        await recordAudit(tx, actor, {
          action: 'subscription.issued',
          entity: 'customer_subscription',
          entityId: id,
          summary: `Issued subscription '${plan.name}' to ${customer.name} ${customer.surname}`,
        });
        const view = await findCustomerSubscriptionView(tx, principal.clientId, id);
        if (!view) throw new Error('issued subscription not found');
        return toCustomerSubscription(view);
      });
      ctx.engine.wake();
      return issued;
    },

    /** `GET v2/user/subscriptions`: the customer profile's Subscriptions table. */
    listForCustomer: async (principal: Principal, query: UserListQuery) => {
      const customer = await loadCustomerInScope(db, principal, query.user_id);
      const { rows, count } = await listCustomerSubscriptionRows(
        db,
        { clientId: principal.clientId, customerId: customer.id, search: query.search_string || undefined },
        query,
      );
      return { items: rows.map(toCustomerSubscription), count };
    },

    /** A plan's subscribers, within the caller's branches. */
    subscribers: async (
      principal: Principal,
      planId: string,
      query: { page: number; size: number; search_string?: string | undefined; branch_id_list?: string[] },
    ) => {
      if (!(await findPlan(db, principal.clientId, planId)))
        throw notFound(SUBSCRIPTION_API_MESSAGES.notFound);
      const { rows, count } = await listPlanSubscriberRows(
        db,
        {
          clientId: principal.clientId,
          planId,
          branchIds: branchScope(principal, query.branch_id_list),
          search: query.search_string || undefined,
        },
        query,
      );
      return { items: rows.map(toCustomerSubscription), count };
    },
  };
};
