import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/factories';

/** Test helpers of the orders and baskets areas: bodies and calls of the integrator API. */

let orderCounter = 0;
export const uniqueOrderId = (prefix = 'ORD') => {
  orderCounter += 1;
  return `${prefix}-${randomBytes(4).toString('hex')}-${orderCounter}`;
};

/** A valid order for a customer (by _id), or a guest's when `customerId` is null; override any part. */
export const orderBody = (customerId: string | null, overrides: Record<string, unknown> = {}) => ({
  order_id: uniqueOrderId(),
  ...(customerId ? { customer: { _id: customerId } } : { guest: { name: 'Walk-in Guest' } }),
  method: 'COLLECTION',
  payment_method: 'CARD',
  items: [
    { sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 },
    { product_id: 'p-croissant', title: 'Croissant', quantity: 1, price: 31 },
  ],
  ...overrides,
});

/** An API key (`lrl_…`) or a console client token. */
const auth = (credential: string) =>
  credential.startsWith('lrl_') ? { 'x-api-key': credential } : bearer(credential);

export const postOrder = (app: FastifyInstance, credential: string, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/orders', headers: auth(credential), payload: body as object });

export const patchOrder = (app: FastifyInstance, credential: string, id: string, body: unknown) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/orders/${encodeURIComponent(id)}`,
    headers: auth(credential),
    payload: body as object,
  });

/** Creates an order and returns its receipt; fails the test on anything but 201. */
export const createOrder = async (
  app: FastifyInstance,
  credential: string,
  customerId: string | null,
  overrides: Record<string, unknown> = {},
) => {
  const res = await postOrder(app, credential, orderBody(customerId, overrides));
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json().content as { _id: string; order_id: string; code: string; total: number };
};

export const getOrderPage = (app: FastifyInstance, clientToken: string, id: string) =>
  app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(id)}`, headers: bearer(clientToken) });

export const postBasket = (app: FastifyInstance, credential: string, body: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/baskets', headers: auth(credential), payload: body as object });

export const getList = (app: FastifyInstance, clientToken: string, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(clientToken) });
