import type { TPlayer } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { eventFor, postAs, postEvents, type SignedIn } from './factories';
import type { TestApp } from './test-app';

/** Creates a statistic through the API. */
export const createStatistic = (
  app: FastifyInstance,
  session: SignedIn,
  name: string,
  aggregation_method = 'Sum',
  reset_interval = 'Manual',
) =>
  postAs<{ _id: string; name: string; version: number }>(
    app,
    session,
    '/api/statistics',
    { name, aggregation_method, reset_interval },
    'statistic',
  );

/** Posts events as one batch, expects each accepted, and processes everything waiting. */
export const sendAndProcess = async (t: TestApp, key: string, events: Record<string, unknown>[]) => {
  const res = await postEvents(t.app, key, { events });
  expect(res.statusCode, res.body).toBe(200);
  for (const answer of res.json().content) expect(answer.status, JSON.stringify(answer)).toBe('accepted');
  await t.ctx.engine.drain();
};

/** The player as the client's app reads them (`GET /api/v1/players/:id`). */
export const playerOf = async (app: FastifyInstance, key: string, customerId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/players/${customerId}`,
    headers: { 'x-api-key': key },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as TPlayer;
};

/** The player's current statistics, as the client's app reads them. */
export const playerStatistics = async (app: FastifyInstance, key: string, customerId: string) =>
  (await playerOf(app, key, customerId)).statistics as Record<string, number>;

/** An event at a given time; `minutesAgo` keeps it in the past. */
export const eventAt = (customerId: string, minutesAgo: number, overrides: Record<string, unknown>) =>
  eventFor(customerId, {
    occurred_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ...overrides,
  });

/** A complete, valid badge body; override any part. */
export const badgeBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Badge ${Math.random().toString(36).slice(2, 8)}`,
  description: 'For loyal regulars',
  sub_copy: 'Thank you for coming back',
  quantity_limited: false,
  quantity: 0,
  dates_enabled: false,
  icon: { name: 'mug-hot', prefix: 'fas' },
  theme: { primary: '#d2a023', name: '#d2a023', sub_copy: '#000000', background: '#FFFFFF', icon: '#FFFFFF' },
  category: 'Achievement',
  level: 1,
  ...overrides,
});

export const createBadge = (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  postAs<{ _id: string; name: string; granted_quantity: number }>(
    app,
    session,
    '/api/badges',
    badgeBody(overrides),
    'badge',
  );

/** Creates a segment through the API; its members are computed when the engine next runs. */
export const createSegment = (app: FastifyInstance, session: SignedIn, body: Record<string, unknown>) =>
  postAs<{ _id: string; name: string; player_count: number }>(app, session, '/api/segments', body, 'segment');

export const rule = (statistic_name: string, comparison: string, filter_value: number) => ({
  type: 'statistic',
  statistic_name,
  comparison,
  filter_value,
});
