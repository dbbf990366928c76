import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn } from '../../../test/factories';

/** Factories for the catalogue and subscription tests (random unique values; override any part). */

const unique = () => randomBytes(4).toString('hex');

export const categoryBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Category ${unique()}`,
  description: 'Hot drinks',
  ...overrides,
});

export const productBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Flat White ${unique()}`,
  sku: `SKU-${unique()}`,
  pid: null,
  price: 38.5,
  image_url: null,
  category_ids: [],
  ...overrides,
});

/** A complete, valid subscription plan body: an active monthly plan for the whole basket. */
export const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Coffee Club ${unique()}`,
  description: 'A coffee a day',
  sku: `PLAN-${unique()}`,
  price: 199,
  period: 'MONTHLY',
  type: 'ONGOING',
  apply_to: 'BASKET',
  start_date: '2025-01-01',
  expires_in: 30,
  payment_type: 'POST_PAYMENT',
  subscription_usage_type: 'SELECTIVE_USAGE',
  on_payment_failure: 'CANCEL',
  status: 'ACTIVE',
  ...overrides,
});

const created = async (app: FastifyInstance, session: SignedIn, url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers: bearer(session.clientToken), payload });
  if (res.statusCode !== 200) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json().content;
};

export const createCategory = (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  created(app, session, '/api/product-categories', categoryBody(overrides)) as Promise<{
    _id: string;
    name: string;
  }>;

export const createProduct = (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  created(app, session, '/api/products', productBody(overrides)) as Promise<{
    _id: string;
    sku: string;
    title: string;
  }>;

export const createPlan = (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  created(app, session, '/api/subscriptions', planBody(overrides)) as Promise<{ _id: string; name: string }>;

export const issue = (app: FastifyInstance, session: SignedIn, customerId: string, planId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/product/issue_subscription',
    headers: bearer(session.clientToken),
    payload: { user_id: customerId, subscription_id: planId },
  });

export const redeem = (
  app: FastifyInstance,
  key: string,
  planId: string,
  customerId: string,
  overrides: Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/subscriptions/${planId}/redemptions`,
    headers: { 'x-api-key': key },
    payload: { id: `r-${unique()}`, customer: { _id: customerId }, ...overrides },
  });
