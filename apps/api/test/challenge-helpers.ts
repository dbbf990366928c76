import type { FastifyInstance } from 'fastify';
import { bearer, postAs, type SignedIn } from './factories';

/** A day as YYYY-MM-DD, `offset` days from today (UTC). */
export const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** One objective; override any part. */
export const objective = (overrides: Record<string, unknown> = {}) => ({
  title: 'Big spender',
  event_type: 'orderValue',
  scope: { type: 'basket', value: [], match_all: false },
  scopes: [],
  trigger: { trigger_quantity: 200, trigger_target: null },
  conditions: [],
  rewards: [],
  ...overrides,
});

/** A complete, valid challenge body (released, running from yesterday for a month); override any part. */
export const challengeBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Challenge ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Spend and win',
  image: { url: null, etag: null, file_name: null },
  schedule: { start_date: day(-1), end_date: day(30) },
  status: 'released',
  visible: true,
  objectives: [objective()],
  rewards: [],
  flow: { nodes: [], edges: [] },
  ...overrides,
});

export const createChallenge = (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  postAs<{ _id: string; title: string; objectives: { _id: string }[] }>(
    app,
    session,
    '/api/challenges',
    challengeBody(overrides),
    'challenge',
  );

/** Grants a challenge to a segment (by name among the client's segments). */
export const linkChallenge = async (
  app: FastifyInstance,
  session: SignedIn,
  challengeId: string,
  segmentName = 'AllPlayers',
) => {
  const list = await app.inject({
    method: 'GET',
    url: `/api/segments?page=1&size=100&search_string=${encodeURIComponent(segmentName)}`,
    headers: bearer(session.clientToken),
  });
  const segment = (list.json().content as { _id: string; name: string }[]).find(
    (s) => s.name === segmentName,
  );
  if (!segment) throw new Error(`no segment ${segmentName}`);
  const res = await app.inject({
    method: 'POST',
    url: `/api/challenges/${challengeId}/segments/${segment._id}`,
    headers: bearer(session.clientToken),
  });
  if (res.statusCode !== 200) throw new Error(`link failed: ${res.statusCode} ${res.body}`);
  return segment._id;
};
