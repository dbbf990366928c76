import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, eventFor, postEvents, type SignedIn } from './factories';
import type { TestApp } from './test-app';

/** Creates a statistic through the API. */
export const createStatistic = async (
  app: FastifyInstance,
  session: SignedIn,
  name: string,
  aggregation_method = 'Sum',
  reset_interval = 'Manual',
) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/statistics',
    headers: bearer(session.clientToken),
    payload: { name, aggregation_method, reset_interval },
  });
  if (res.statusCode !== 200) throw new Error(`statistic failed: ${res.statusCode} ${res.body}`);
  return res.json().content as { _id: string; name: string; version: number };
};

/** Posts events as one batch, expects each accepted, and processes everything waiting. */
export const sendAndProcess = async (t: TestApp, key: string, events: Record<string, unknown>[]) => {
  const res = await postEvents(t.app, key, { events });
  expect(res.statusCode, res.body).toBe(200);
  for (const answer of res.json().content) expect(answer.status, JSON.stringify(answer)).toBe('accepted');
  await t.ctx.engine.drain();
};

/** The player's current statistics, as the client's app reads them. */
export const playerStatistics = async (app: FastifyInstance, key: string, customerId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/players/${customerId}`,
    headers: { 'x-api-key': key },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content.statistics as Record<string, number>;
};

/** An event at a given time; `minutesAgo` keeps it in the past. */
export const eventAt = (customerId: string, minutesAgo: number, overrides: Record<string, unknown>) =>
  eventFor(customerId, {
    occurred_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...overrides,
  });
