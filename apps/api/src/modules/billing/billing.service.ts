import {
  API_ERROR_MESSAGES,
  BILLING_MESSAGES,
  PLAN_FEATURE_TABLE,
  PLAN_LABELS,
  PLANS,
  planIncludes,
  type TBillingOverview,
  type TPlan,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { clients, clientUsers, webhookEndpoints } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { BUILTIN_PLAN_PRICES, type PlanChange } from '../../providers/billing';
import { clientPlanOf } from '../clients/client-dto';
import { findClient, findClientByPaymentEngineId } from '../clients/clients.queries';

const PLAN_DESCRIPTIONS: Record<TPlan, string> = {
  FREEMIUM: 'Your customers, your team and a dashboard: the loyalty basics.',
  STARTER: 'Adds player statistics, rule-based segments and badges.',
  GROWTH: 'Adds challenges, reward tracks, currencies, cashback and XP earning.',
  BUSINESS: 'Adds transaction reports with CSV export and integrations (webhooks, event log).',
};

const money = (minor: number) => (minor / 100).toFixed(2);

export const billingOverview = async (
  ctx: AppContext,
  clientId: string,
  userId: string,
): Promise<TBillingOverview> => {
  const client = await findClient(ctx.database.db, clientId);
  if (!client) throw notFound(API_ERROR_MESSAGES.notFound);
  const [user] = await ctx.database.db
    .select({ email: clientUsers.email })
    .from(clientUsers)
    .where(eq(clientUsers.id, userId));
  const current = clientPlanOf(client);
  return {
    provider: ctx.billing.name,
    stripe: await ctx.billing.pricingTable(client.paymentEngineId),
    payment_engine_id: client.paymentEngineId,
    customer_email: user?.email ?? '',
    current,
    plans: PLANS.map((plan) => ({
      plan,
      label: PLAN_LABELS[plan],
      description: PLAN_DESCRIPTIONS[plan],
      price: money(BUILTIN_PLAN_PRICES[plan]),
      currency_symbol: client.currencySymbol,
      features: [...PLAN_FEATURE_TABLE[plan]],
      current: current.name === plan && current.status === 'ACTIVE',
    })),
  };
};

/** Built-in provider: choosing a plan activates it, and the client leaves AWAITING_SUBSCRIPTION_PAYMENT. */
export const choosePlan = async (ctx: AppContext, clientId: string, plan: TPlan) => {
  if (!ctx.billing.selectsPlansInApp) throw conflict(BILLING_MESSAGES.managedByStripe);
  return choosePlanDirectly(ctx, clientId, plan);
};

/** The client's status after a payment: ACTIVE, unless the platform has suspended the client. */
const ACTIVE_UNLESS_SUSPENDED = sql<string>`CASE WHEN ${clients.status} = 'SUSPENDED' THEN 'SUSPENDED' ELSE 'ACTIVE' END`;

/**
 * After a move to a plan without integrations, the business's webhook endpoints are switched off: its members' data
 * stops going out, though the endpoints' page (a Business feature) is out of its reach to do it. Upgrading again, an
 * admin switches them back on.
 */
const switchOffWhatThePlanLacks = async (ctx: AppContext, clientId: string, plan: TPlan) => {
  if (planIncludes(plan, 'INTEGRATIONS')) return;
  await ctx.database.db
    .update(webhookEndpoints)
    .set({ active: false, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.clientId, clientId), eq(webhookEndpoints.active, true)));
};

/** Sets the plan whatever the provider (demo data, platform operators). */
export const choosePlanDirectly = async (ctx: AppContext, clientId: string, plan: TPlan) => {
  const [row] = await ctx.database.db
    .update(clients)
    // A platform suspension is the platform's to lift: choosing a plan does not.
    .set({ plan, planStatus: 'ACTIVE', status: ACTIVE_UNLESS_SUSPENDED, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning();
  if (!row) throw notFound(API_ERROR_MESSAGES.notFound);
  await switchOffWhatThePlanLacks(ctx, clientId, plan);
  ctx.authCache.changed(`client:${clientId}`);
  return clientPlanOf(row);
};

/** A plan change reported by the billing service (Stripe webhook). Unknown customers are ignored. */
export const applyPlanChange = async (ctx: AppContext, change: PlanChange) => {
  const client = await findClientByPaymentEngineId(ctx.database.db, change.paymentEngineId);
  if (!client) {
    ctx.log.warn({ customer: change.paymentEngineId }, 'billing event for an unknown customer');
    return false;
  }
  const active = change.status === 'ACTIVE' || change.status === 'TRIALING';
  // A lapse or cancellation of a subscription the client has since replaced (a late dunning event for the old one,
  // or events out of order) says nothing about the plan the client pays for now.
  if (
    !active &&
    client.billingSubscriptionId &&
    change.subscriptionId &&
    change.subscriptionId !== client.billingSubscriptionId
  ) {
    ctx.log.info(
      { subscription: change.subscriptionId },
      'billing event for a replaced subscription ignored',
    );
    return false;
  }
  await ctx.database.db
    .update(clients)
    .set({
      plan: change.plan ?? client.plan,
      planStatus: change.status === 'TRIALING' ? 'ACTIVE' : change.status,
      billingSubscriptionId: change.subscriptionId,
      // Once paid the client leaves the plan page; a lapsed plan keeps the console but gates features (402).
      status: active ? ACTIVE_UNLESS_SUSPENDED : client.status,
      updatedAt: new Date(),
    })
    .where(eq(clients.id, client.id));
  if (change.plan) await switchOffWhatThePlanLacks(ctx, client.id, change.plan);
  ctx.authCache.changed(`client:${client.id}`);
  return true;
};
