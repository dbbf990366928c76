import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eventAt } from './engine-helpers';
import { bearer, postAs, type SignedIn } from './factories';

/** Creates a currency through the API (a custom one unless overridden). */
export const createCurrency = (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  postAs<{ _id: string; name: string; code: string }>(
    app,
    session,
    '/api/economy/currencies',
    {
      type: 'custom',
      name: 'Beans',
      code: `B${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      conversion_rate: 1,
      ...overrides,
    },
    'currency',
  );

/** The id of one of the client's segments by name (the system segment AllPlayers by default). */
export const segmentId = async (app: FastifyInstance, session: SignedIn, name = 'AllPlayers') => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/segments?size=100',
    headers: bearer(session.clientToken),
  });
  const found = (res.json().content as { _id: string; name: string }[]).find((s) => s.name === name);
  if (!found) throw new Error(`no segment ${name}: ${res.body}`);
  return found._id;
};

/** Creates an earn config through the API. */
export const createEarnConfig = (app: FastifyInstance, session: SignedIn, body: Record<string, unknown>) =>
  postAs<{ _id: string }>(app, session, '/api/economy/earn-configs', body, 'earn config');

/** An order.created event with lines (each `[price, quantity, category_ids?, product_id?]`). */
export const orderEvent = (
  customerId: string,
  orderId: string,
  lines: [number, number, string[]?, string?][],
  minutesAgo = 5,
) =>
  eventAt(customerId, minutesAgo, {
    id: `created-${orderId}`,
    type: 'order.created',
    data: {
      order_id: orderId,
      total: lines.reduce((sum, [price, quantity]) => sum + Math.round(price * 100) * quantity, 0) / 100,
      items: lines.map(([price, quantity, category_ids, product_id]) => ({
        price,
        quantity,
        ...(category_ids ? { category_ids } : {}),
        ...(product_id ? { product_id } : {}),
      })),
    },
  });

export const statusEvent = (customerId: string, orderId: string, status: string, minutesAgo = 1) =>
  eventAt(customerId, minutesAgo, {
    id: `status-${orderId}-${status}-${Math.random().toString(36).slice(2, 6)}`,
    type: 'order.status-change',
    data: { order_id: orderId, status },
  });

/** The customer's wallets as the console's profile reads them. */
export const walletsOf = async (app: FastifyInstance, session: SignedIn, customerId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/economy/customers/${customerId}/wallets`,
    headers: bearer(session.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as {
    currency: { _id: string };
    balance: number;
    expiring_soon: number;
    next_expiry_at: string | null;
  }[];
};

export const balanceOf = async (
  app: FastifyInstance,
  session: SignedIn,
  customerId: string,
  currencyId: string,
) => (await walletsOf(app, session, customerId)).find((w) => w.currency._id === currencyId)?.balance ?? null;

/** The customer's economy ledger, oldest first. */
export const ledgerOf = async (app: FastifyInstance, session: SignedIn, customerId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/economy/customers/${customerId}/transactions?size=100`,
    headers: bearer(session.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().content as {
      transaction_type: string;
      value: number;
      xp_points_earned: number;
      wallet_balance_post_transaction: number | null;
      source: string;
      shortfall: number;
      transaction_id: string;
    }[]
  ).reverse();
};

export const spend = (
  app: FastifyInstance,
  key: string,
  customerId: string,
  body: { id: string; currency: string; amount: number; reason?: string },
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/players/${customerId}/spend`,
    headers: { 'x-api-key': key },
    payload: { reason: 'Coffee', ...body },
  });
