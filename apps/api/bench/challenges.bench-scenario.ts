/**
 * Challenges scenario of `npm run bench:engine` (issue 11): two tenants with the same customers count and the same
 * event mix; one has 20 released challenges of 3 objectives each granted to AllPlayers (every event type, scopes,
 * conditions, 5 XP per objective completed), the other none. BENCH_CHALLENGE_EVENTS events go to each tenant in
 * turn (A B B A, so a drift in the machine's load falls on both) and events/s processed are compared: the target
 * is at least 60% of the run without challenges.
 *
 * Checked: every player's progress on the plain gifts objective equals the gifts the bench sent (up to its
 * trigger quantity), completed exactly when it was reached; each player's xp equals 5 per objective completed
 * (each reward paid once); one Completed transaction per completed challenge and player.
 */

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { CUSTOMERS_SQL, NAMES, SURNAMES } from './bench-seed';
import { assert, call, ensureClient, envInt, fmtInt, log, must, type Server } from './bench-support';
import { subscribeEveryType, waitDelivered } from './engine-bench-webhooks';
import { profileStatements } from './statement-profile';

const EVENTS = envInt('BENCH_CHALLENGE_EVENTS', 20_000, 1_000, 5_000_000);
const CUSTOMERS = envInt('BENCH_CHALLENGE_CUSTOMERS', 2_000, 10, 1_000_000);
const CHALLENGES = 20;
const BATCH = 500;
const TARGET_RATIO = 0.6;
const XP_PER_OBJECTIVE = 5;
const GIFTS_TARGET = 3;
const DAY_MS = 86_400_000;

const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * 60 objectives over every event type, with scopes and conditions, and trigger quantities a business would set
 * (20 logins, 8 card orders, an order of R400…); each pays 5 XP.
 */
const OBJECTIVES: Record<string, unknown>[] = [
  { event_type: 'numberOfLogins', trigger: { trigger_quantity: 20 } },
  {
    event_type: 'orderVolume',
    trigger: { trigger_quantity: 8 },
    conditions: [{ type: 'payment_method', values: ['CARD'] }],
  },
  { event_type: 'orderValue', trigger: { trigger_quantity: 400 } },
  {
    event_type: 'productPurchased',
    scope: { type: 'products', value: ['p1', 'p2'], match_all: true },
    trigger: { trigger_quantity: 12 },
  },
  {
    event_type: 'basketValue',
    scope: { type: 'categories', value: ['c1'] },
    trigger: { trigger_quantity: 150 },
  },
  {
    event_type: 'appPayment',
    scopes: [{ type: 'payment_method', value: 'WALLET' }],
    trigger: { trigger_quantity: 6 },
  },
  { event_type: 'qrCode', trigger: { trigger_quantity: 5 }, conditions: [{ type: 'unique', field: 'code' }] },
  {
    event_type: 'numberOfReferrals',
    trigger: { trigger_quantity: 1 },
    conditions: [{ type: 'first_occurrence' }],
  },
  { event_type: 'numberOfVouchers', trigger: { trigger_quantity: 4 } },
  { event_type: 'subscription', trigger: { trigger_quantity: 3 } },
  {
    event_type: 'numberOfLogins',
    trigger: { trigger_quantity: 3 },
    conditions: [{ type: 'recurring', frequency: 'daily', interval: 1, day: 'monday', count: 2 }],
  },
  {
    event_type: 'orderVolume',
    trigger: { trigger_quantity: 6 },
    conditions: [
      { type: 'date_range', range_type: 'between', start_date: day(-2), end_date: day(1) },
      { type: 'time', range_type: 'After', time: '00:00' },
      { type: 'value', value: 20 },
    ],
  },
];
/** The plain objective the check recomputes: gifts sent, up to GIFTS_TARGET. */
const GIFTS_OBJECTIVE = { event_type: 'numberOfGifts', trigger: { trigger_quantity: GIFTS_TARGET } };

export type ChallengesResult = {
  events: number;
  withoutSeconds: number;
  withSeconds: number;
  completions: number;
  objectiveCompletions: number;
  connections: number;
};

type Tenant = {
  clientId: string;
  token: string;
  apiKey: string;
  customers: string[];
  gifts: Map<string, number>;
};

const createTenant = async (server: Server, pool: pg.Pool, label: string): Promise<Tenant> => {
  const run = randomBytes(4).toString('hex');
  const owner = await ensureClient(server, {
    email: `bench.challenges.${label}.${run}@laurel.test`,
    password: 'bench password 1',
    alias: `Bench Challenges ${label}`,
    name: `Bench Challenges ${label} (Pty) Ltd`,
  });
  const apiKey = (
    await must(server, 'POST', '/api/integrations/api-keys', {
      token: owner.clientToken,
      body: { name: 'bench' },
    })
  ).content.key as string;
  await subscribeEveryType(server, owner.clientToken);
  await pool.query(CUSTOMERS_SQL, [owner.clientId, NAMES, SURNAMES, [], CUSTOMERS]);
  const { rows } = await pool.query<{ id: string }>(
    'SELECT id FROM customers WHERE client_id = $1 ORDER BY id',
    [owner.clientId],
  );
  return {
    clientId: owner.clientId,
    token: owner.clientToken,
    apiKey,
    customers: rows.map((row) => row.id),
    gifts: new Map(),
  };
};

/** 20 released challenges of 3 objectives (the gifts objective in the first), each granted to AllPlayers. */
const createChallenges = async (server: Server, tenant: Tenant) => {
  const segments = await must(server, 'GET', '/api/segments?size=50', { token: tenant.token });
  const allPlayers = (segments.content as { _id: string; name: string }[]).find(
    (s) => s.name === 'AllPlayers',
  )?._id;
  assert(typeof allPlayers === 'string', 'challenges: no AllPlayers segment');
  for (let index = 0; index < CHALLENGES; index += 1) {
    const objectives = [0, 1, 2].map((position) => ({
      title: `Objective ${index}-${position}`,
      ...(index === 0 && position === 0
        ? GIFTS_OBJECTIVE
        : (OBJECTIVES[(index * 3 + position) % OBJECTIVES.length] as Record<string, unknown>)),
      rewards: [{ type: 'xp', value: XP_PER_OBJECTIVE }],
    }));
    const created = await must(server, 'POST', '/api/challenges', {
      token: tenant.token,
      body: {
        title: `Bench challenge ${index + 1}`,
        description: 'Bench',
        schedule: { start_date: day(-2), end_date: day(30) },
        status: 'released',
        visible: true,
        objectives,
      },
    });
    await must(server, 'POST', `/api/challenges/${created.content._id}/segments/${allPlayers}`, {
      token: tenant.token,
    });
  }
};

/** The event mix (per 10): 3 logins, 3 orders, an app payment, a QR scan, a gift, and a referral, voucher or subscription. */
const eventsFor = (tenant: Tenant, run: string, from: number, count: number) =>
  Array.from({ length: count }, (_, offset) => {
    const seq = from + offset;
    const customer = tenant.customers[(seq * 7919) % tenant.customers.length] as string;
    const base = {
      id: `challenge-${run}-${seq}`,
      customer: { _id: customer },
      occurred_at: new Date(Date.now() - 60_000 + (seq % 1000)).toISOString(),
    };
    switch (seq % 10) {
      case 0:
      case 1:
      case 2:
        return { ...base, type: 'user.logged-in', data: {} };
      case 3:
      case 4:
      case 5: {
        const items = Array.from({ length: 1 + (seq % 3) }, (_, i) => ({
          product_id: `p${1 + ((seq + i) % 10)}`,
          category_ids: [`c${1 + ((seq + i) % 4)}`],
          quantity: 1 + (i % 2),
          price: 10 + ((seq * 13 + i * 7) % 90),
        }));
        const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
        return {
          ...base,
          type: 'order.created',
          data: { order_id: `${run}-${seq}`, total, items, payment_method: seq % 2 ? 'CARD' : 'WALLET' },
        };
      }
      case 6:
        return {
          ...base,
          type: 'app.payment',
          data: { amount: 25, payment_method: seq % 4 ? 'WALLET' : 'CARD' },
        };
      case 7:
        return { ...base, type: 'qr.scanned', data: { code: `T${seq % 5}` } };
      case 8:
        tenant.gifts.set(customer, (tenant.gifts.get(customer) ?? 0) + 1);
        return { ...base, type: 'gift.sent', data: { recipient: `r${seq}` } };
      default:
        return seq % 3 === 0
          ? { ...base, type: 'referral', data: { referred: `f${seq}` } }
          : seq % 3 === 1
            ? { ...base, type: 'voucher.redeemed', data: { type: 'discount', value: 10 } }
            : { ...base, type: 'subscription.purchased', data: { subscription_id: `s${seq}`, amount: 99 } };
    }
  });

/** Runs the scenario against the running API and worker; `waitSettled` is the engine bench's own. */
export const runChallengesScenario = async (
  server: Server,
  pool: pg.Pool,
  connections: number,
  waitSettled: (pool: pg.Pool, clientId: string, label: string) => Promise<number>,
): Promise<ChallengesResult> => {
  const run = randomBytes(4).toString('hex');
  const without = await createTenant(server, pool, 'without');
  const withChallenges = await createTenant(server, pool, 'with');
  await createChallenges(server, withChallenges);
  log(
    `challenges: ${CHALLENGES} challenges of 3 objectives for AllPlayers on ${withChallenges.clientId}, none on ` +
      `${without.clientId}; ${fmtInt(CUSTOMERS)} customers each; ${fmtInt(EVENTS)} events each (A B B A)`,
  );
  const agents = Array.from(
    { length: connections },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  const sent = new Map<Tenant, number>([
    [without, 0],
    [withChallenges, 0],
  ]);
  const seconds = new Map<Tenant, number>([
    [without, 0],
    [withChallenges, 0],
  ]);
  const post = async (tenant: Tenant, count: number, label: string) => {
    const start = sent.get(tenant) ?? 0;
    const end = start + count;
    let next = start;
    const started = performance.now();
    await Promise.all(
      agents.map(async (agent) => {
        while (next < end) {
          const from = next;
          const size = Math.min(BATCH, end - from);
          next += size;
          const events = eventsFor(tenant, run, from, size);
          const res = await call(server, 'POST', '/api/v1/events', {
            apiKey: tenant.apiKey,
            agent,
            body: { events },
          });
          assert(
            res.status === 200,
            `challenges ${label}: POST answered ${res.status}: ${res.body.slice(0, 300)}`,
          );
          for (const answer of res.json.content as { status: string }[])
            assert(answer.status === 'accepted', `challenges ${label}: ${JSON.stringify(answer)}`);
        }
      }),
    );
    const settled = await waitSettled(pool, tenant.clientId, `challenges ${label}`);
    sent.set(tenant, end);
    seconds.set(tenant, (seconds.get(tenant) ?? 0) + (settled - started) / 1000);
    await waitDelivered(pool, `challenges ${label}`);
  };
  const half = Math.floor(EVENTS / 2);
  // With BENCH_PG_STATEMENTS=1, PostgreSQL's heaviest statements of the first run without and both runs with.
  const profileWithout = await profileStatements(pool, 'challenges, without (1)');
  await post(without, half, 'without (1)');
  await profileWithout();
  const profileWith = await profileStatements(pool, 'challenges, with (1) and (2)');
  await post(withChallenges, half, 'with (1)');
  await post(withChallenges, EVENTS - half, 'with (2)');
  await profileWith();
  await post(without, EVENTS - half, 'without (2)');
  for (const agent of agents) agent.destroy();

  // ---- checked: the gifts objective against what was sent, XP paid once per objective completed ----
  const { rows: gifts } = await pool.query<{ customer_id: string; progress: string; completed: boolean }>(
    `SELECT d.customer_id, o.value ->> 'p' AS progress, o.value ? 'c' AS completed
       FROM challenge_progress d JOIN challenges c ON c.client_id = d.client_id AND c.title = 'Bench challenge 1'
       JOIN LATERAL jsonb_each(d.challenges -> c.id -> 'o') AS o(key, value) ON o.key = c.objectives -> 0 ->> '_id'
      WHERE d.client_id = $1`,
    [withChallenges.clientId],
  );
  const progressOf = new Map(gifts.map((row) => [row.customer_id, row]));
  for (const [customer, count] of withChallenges.gifts) {
    const row = progressOf.get(customer);
    assert(
      Number(row?.progress ?? 0) === Math.min(count, GIFTS_TARGET) &&
        (row?.completed ?? false) === count >= GIFTS_TARGET,
      `challenges: ${customer} sent ${count} gifts, progress ${JSON.stringify(row)}`,
    );
  }
  const { rows: xp } = await pool.query<{ customer_id: string; xp: string; objectives: string }>(
    `SELECT c.customer_id,
            coalesce((SELECT p.value FROM player_statistics p JOIN statistics s ON s.id = p.statistic_id
                       WHERE s.client_id = $1 AND s.name = 'xp' AND p.customer_id = c.customer_id), 0)::text AS xp,
            (SELECT count(*) FROM challenge_progress d, jsonb_each(d.challenges) AS e(id, entry),
                                  jsonb_each(e.entry -> 'o') AS o(id, objective)
              WHERE d.client_id = $1 AND d.customer_id = c.customer_id AND o.objective ? 'c')::text AS objectives
       FROM (SELECT customer_id FROM challenge_progress WHERE client_id = $1) c`,
    [withChallenges.clientId],
  );
  let objectiveCompletions = 0;
  for (const row of xp) {
    objectiveCompletions += Number(row.objectives);
    assert(
      Number(row.xp) === Number(row.objectives) * XP_PER_OBJECTIVE,
      `challenges: ${row.customer_id} has ${row.xp} XP for ${row.objectives} objectives completed`,
    );
  }
  const { rows: completed } = await pool.query<{ players: string; transactions: string }>(
    `SELECT (SELECT count(*) FROM challenge_players WHERE client_id = $1 AND status = 'completed')::text AS players,
            (SELECT count(*) FROM challenge_transactions WHERE client_id = $1 AND challenge_status = 'Completed')::text
              AS transactions`,
    [withChallenges.clientId],
  );
  assert(
    completed[0]?.players === completed[0]?.transactions,
    `challenges: completed players and Completed transactions differ: ${JSON.stringify(completed[0])}`,
  );
  assert(objectiveCompletions > 0, 'challenges: no objective was completed');
  return {
    events: EVENTS,
    withoutSeconds: seconds.get(without) ?? 0,
    withSeconds: seconds.get(withChallenges) ?? 0,
    completions: Number(completed[0]?.players ?? 0),
    objectiveCompletions,
    connections,
  };
};

export const challengesReport = (
  result: ChallengesResult,
  line: (label: string, value: string, target?: string, ok?: boolean) => void,
  out: string[],
) => {
  const withoutRate = result.events / result.withoutSeconds;
  const withRate = result.events / result.withSeconds;
  const ratio = withRate / withoutRate;
  out.push(
    `Challenges: ${CHALLENGES} released challenges of 3 objectives granted to AllPlayers vs none, ${fmtInt(CUSTOMERS)} ` +
      `customers each, ${fmtInt(result.events)} events each (A B B A) by ${result.connections} senders`,
  );
  line('events/s processed without challenges', fmtInt(withoutRate));
  line('events/s processed with challenges', fmtInt(withRate));
  line('ratio with / without', ratio.toFixed(2), `>= ${TARGET_RATIO}`, ratio >= TARGET_RATIO);
  out.push(
    `Checked, challenges: ${fmtInt(result.objectiveCompletions)} objectives and ${fmtInt(result.completions)} ` +
      'challenges completed; each player’s XP is 5 per objective completed (paid once), one Completed transaction ' +
      'per completed challenge, and the gifts objective equals the gifts sent',
  );
};
