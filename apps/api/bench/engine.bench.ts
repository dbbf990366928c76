/**
 * Engine benchmark (`npm run bench:engine`): customers and statistics in PostgreSQL, events posted over HTTP to
 * the built API (ENGINE_IN_PROCESS=0) and processed by one separate worker process (dist/worker.js), with the
 * issue's targets checked against what it measures:
 *
 *   1. throughput: BENCH_EVENTS mixed events in batches of BENCH_BATCH by BENCH_SENDERS concurrent senders, as fast
 *      as the API takes them: events/s accepted, and events/s fully processed (first POST to last event settled);
 *   2. latency: a steady BENCH_STEADY_RATE events/s for BENCH_STEADY_SECONDS; acceptance (events.received_at) to
 *      processed, as seen by a reader polling the events table every 50 ms (so commit-visible, never optimistic;
 *      events.processed_at is the batch transaction's start, so processed_at - received_at, also printed, leaves
 *      out the batch's own time);
 *   3. the floor: the same event rows inserted by PostgreSQL alone, one multi-row INSERT per batch, into a copy of
 *      the events table (same columns and indexes), by the same number of connections: the ratio says how close the
 *      API comes to the database's own cost of storing the rows;
 *   4. peak memory (RSS) of the API and of the worker;
 *   5. segments (issue 9): a second tenant, the same customers, statistics and event mix, with BENCH_SEGMENTS segments
 *      of BENCH_SEGMENT_RULES rules each over those statistics; BENCH_SEGMENT_EVENTS events posted to each tenant in
 *      turn (A B B A, so a drift in the machine's load falls on both) and events/s processed compared; then a rule
 *      change of one segment that moves most players in or out, timed from the PUT until `GET /api/segments?ids=`
 *      says it is no longer rebuilding; then a third tenant whose segment has BENCH_PAGE_PLAYERS members (players,
 *      statistics and members inserted by SQL, consistent with the rule) and its players page timed over HTTP at
 *      the first, middle and last page.
 *   6. economy (issue 13, `economy.bench-scenario.ts`): a tenant with 5 earn configs; orders/s processed, spends/s
 *      over HTTP and the two-statement-transaction floor beside them (BENCH_ECONOMY_ORDERS, BENCH_ECONOMY_SPENDS,
 *      BENCH_ECONOMY_CUSTOMERS; BENCH_ECONOMY=0 leaves it out).
 *   7. challenges (issue 11, `challenges.bench-scenario.ts`): two tenants, one with 20 released challenges of 3
 *      objectives granted to AllPlayers, the same event mix to each (A B B A): events/s processed with / without
 *      (target >= 0.6), progress and XP checked (BENCH_CHALLENGE_EVENTS, BENCH_CHALLENGE_CUSTOMERS; BENCH_CHALLENGES=0
 *      leaves it out).
 *
 * Every answer is checked: each POST must answer 200 with the expected status per event (accepted, duplicate,
 * rejected with its reason), every event must end in its expected state (processed, duplicate, skipped, parked),
 * and at the end every player statistic must equal a recomputation (the bench's own model of what it sent, and SQL
 * over the events and orders tables); every segment's members must equal both the model's and an SQL recomputation
 * from the rules; every players page must list exactly the expected players. Not a test (DESIGN §8): it exits 0 whether targets are met or missed, 1 when
 * something errored or an answer was wrong.
 *
 * The event mix (per 100): 30 logins, 18 order.created, 8 order.status-change (of an order already accepted, so the
 * engine never waits for it), 25 statistic.update over the bench's statistics (Sum, Max, Min, Last; Manual, Day
 * and Hour resets), referrals, gifts, vouchers, app payments, QR scans, subscriptions, a repeated order id (engine
 * duplicate); and around them ~2% repeats of an event id already sent (ingest duplicates), a few conflicting
 * repeats, unknown customers and unknown statistics (parked). 2% of customers are suspended (their events are
 * skipped). Customers are referred to by _id (80%), email (10%, mixed case) or local cell number (10%); a few are
 * much more active than the rest.
 *
 * Environment (all optional):
 *   DATABASE_URL          use this PostgreSQL database (a new bench client is registered each run); otherwise a
 *                         fresh `laurel_bench_<random>` database is created on BENCH_ADMIN_URL and dropped at the end
 *   BENCH_ADMIN_URL       default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CUSTOMERS       default 10000
 *   BENCH_STATISTICS      the client's own statistics, default 50
 *   BENCH_EVENTS          events of the throughput phase, default 50000 (the issue's run: 200000)
 *   BENCH_BATCH           events per POST in the throughput phase, default 500
 *   BENCH_SENDERS         concurrent senders in the throughput phase, default 4
 *   BENCH_WARMUP_EVENTS   posted and processed before anything is measured, default 2000
 *   BENCH_STEADY_RATE     events/s of the latency phase, default 500
 *   BENCH_STEADY_SECONDS  length of the latency phase, default 30
 *   BENCH_STEADY_BATCH    events per POST in the latency phase, default 50 (one POST every 100 ms at 500/s)
 *   ENGINE_BATCH_SIZE     the worker's batch size, default 500 (the engine's own default)
 *   BENCH_SEGMENTS        segments of the segments tenant, default 20; BENCH_SEGMENT_RULES rules each, default 3
 *   BENCH_SEGMENT_EVENTS  events per tenant in the with/without segments comparison, default 20000
 *   BENCH_REBUILDS        timed rule changes (each flips one rule), default 2
 *   BENCH_PAGE_PLAYERS    members of the players-page segment, default 100000
 *   BENCH_PAGE_REQUESTS   timed requests per page (first, middle, last), default 200 after BENCH_PAGE_WARMUP (20)
 *   BENCH_KEEP_DB=1       keep the created database (its URL is printed), e.g. to EXPLAIN against it afterwards
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  compareWith,
  EVENT_MESSAGES,
  ORDER_REVERSAL_STATUSES,
  ORDER_STATUSES,
  type TAggregationMethod,
  type TComparisonOperator,
  type TOrderStatus,
  type TResetInterval,
} from '@laurel/contract';
import pg from 'pg';
import {
  assert,
  type Child,
  type CpuShares,
  call,
  cpuMeter,
  type Defer,
  ensureBuilt,
  ensureClient,
  envInt,
  fmtInt,
  fmtMs,
  type Json,
  log,
  must,
  openBenchDatabase,
  pad,
  padLeft,
  percentile,
  type RssSampler,
  rssSampler,
  runBench,
  type Server,
  type Session,
  sleep,
  startServer,
  startWorker,
  stopChild,
  verdict,
} from './bench-support';
import { challengesReport, runChallengesScenario } from './challenges.bench-scenario';
import { economyReport, runEconomyScenario } from './economy.bench-scenario';

// ---------------------------------------------------------------------------------------------------------------
// Settings

const CUSTOMERS = envInt('BENCH_CUSTOMERS', 10_000, 100, 5_000_000);
const STATISTICS = envInt('BENCH_STATISTICS', 50, 1, 500);
/** The issue's run is BENCH_EVENTS=200000; the default keeps a run to a few minutes on a shared machine. */
const EVENTS = envInt('BENCH_EVENTS', 50_000, 1_000, 10_000_000);
const BATCH = envInt('BENCH_BATCH', 500, 1, 1_000);
const SENDERS = envInt('BENCH_SENDERS', 4, 1, 64);
const WARMUP_EVENTS = envInt('BENCH_WARMUP_EVENTS', 2_000, 0, 100_000);
const STEADY_RATE = envInt('BENCH_STEADY_RATE', 500, 1, 100_000);
const STEADY_SECONDS = envInt('BENCH_STEADY_SECONDS', 30, 1, 3_600);
const STEADY_BATCH = envInt('BENCH_STEADY_BATCH', 50, 1, 1_000);
const ENGINE_BATCH_SIZE = envInt('ENGINE_BATCH_SIZE', 500, 1, 5_000);
/** Segments (issue 9): the client's own segments of the second tenant, and rules per segment. */
const SEGMENTS = envInt('BENCH_SEGMENTS', 20, 1, 200);
const SEGMENT_RULES = envInt('BENCH_SEGMENT_RULES', 3, 1, 20);
/** Events per tenant in the comparison with and without segments (two runs of half each, A B B A). */
const SEGMENT_EVENTS = envInt('BENCH_SEGMENT_EVENTS', 20_000, 1_000, 10_000_000);
const REBUILDS = envInt('BENCH_REBUILDS', 2, 1, 20);
const PAGE_PLAYERS = envInt('BENCH_PAGE_PLAYERS', 100_000, 100, 10_000_000);
const PAGE_REQUESTS = envInt('BENCH_PAGE_REQUESTS', 200, 1, 100_000);
const PAGE_WARMUP = envInt('BENCH_PAGE_WARMUP', 20, 0, 10_000);
const PAGE_SIZE = 15;
/** BENCH_CHALLENGES=0 leaves out the challenges scenario (challenges.bench-scenario.ts). */
const RUN_CHALLENGES = process.env.BENCH_CHALLENGES !== '0';
/** BENCH_ECONOMY=0 leaves out the economy scenario (economy.bench-scenario.ts). */
const RUN_ECONOMY = process.env.BENCH_ECONOMY !== '0';

/** The issue's targets (2 cores, 1 API + 1 worker process). */
const TARGET_PROCESSED_PER_S = 2_000;
const TARGET_P95_MS = 1_000;
const TARGET_RSS_MB = 400;
const TARGET_SEGMENT_RATIO = 0.7;
const TARGET_REBUILD_MS = 5_000;
const TARGET_PAGE_P95_MS = 50;

/** Wall-clock bounds: nothing here can run forever. */
const SETTLE_STALL_MS = 120_000;
const POLL_MS = 50;

const PASSWORD = 'bench password 1';
const RUN = randomBytes(4).toString('hex');
const OWNER_EMAIL = `bench.engine.${RUN}@laurel.test`;
const SEGMENTS_EMAIL = `bench.segments.${RUN}@laurel.test`;
const PAGE_EMAIL = `bench.page.${RUN}@laurel.test`;
const UNKNOWN_STATISTIC = 'noSuchBenchStatistic';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness (the same mix every run)

let seed = 0x2f6e2b1;
const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const randomInt = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

// ---------------------------------------------------------------------------------------------------------------
// Seeding: the client through the API, customers by SQL, statistics through the API

type Player = { id: string; email: string; cell: string; suspended: boolean };

const SEED_SQL = `
INSERT INTO customers (id, client_id, name, surname, email, cell_number, status, member_date, created_at, updated_at)
SELECT substr(md5($1::text || ':' || g), 1, 24), $1, 'Player', 'No ' || g, 'player' || g || '@bench.laurel.test',
       '+2782' || lpad(g::text, 7, '0'), CASE WHEN $3::int > 0 AND g % $3::int = 0 THEN 'SUSPENDED' ELSE 'ACTIVE' END,
       to_char(now(), 'YYYY-MM-DD'), now() - interval '1 year' + g * interval '1 second', now()
FROM generate_series(1, $2::int) AS g`;

const seedCustomers = async (pool: pg.Pool, clientId: string) => {
  await pool.query(SEED_SQL, [clientId, CUSTOMERS, 50]);
  await pool.query('VACUUM (ANALYZE) customers');
  const rows = (
    await pool.query<{ id: string; email: string; cell_number: string; status: string }>(
      'SELECT id, email, cell_number, status FROM customers WHERE client_id = $1 ORDER BY created_at',
      [clientId],
    )
  ).rows;
  assert(rows.length === CUSTOMERS, `seeded ${rows.length} customers, expected ${CUSTOMERS}`);
  return rows.map(
    (row): Player => ({
      id: row.id,
      email: row.email,
      cell: row.cell_number,
      suspended: row.status === 'SUSPENDED',
    }),
  );
};

type StatisticModel = {
  id: string;
  name: string;
  method: TAggregationMethod;
  interval: TResetInterval;
  epochVersion: number;
  epochStartMs: number;
};

const METHODS: TAggregationMethod[] = ['Sum', 'Max', 'Min', 'Last'];

const createStatistics = async (server: Server, token: string) => {
  for (let n = 1; n <= STATISTICS; n += 1) {
    const interval: TResetInterval = n % 10 === 3 ? 'Day' : n % 10 === 7 ? 'Hour' : 'Manual';
    const created = await must(server, 'POST', '/api/statistics', {
      token,
      body: {
        name: `benchStat${String(n).padStart(3, '0')}`,
        aggregation_method: METHODS[n % METHODS.length],
        reset_interval: interval,
      },
    });
    assert(
      typeof created?.content?._id === 'string',
      `POST /api/statistics answered ${JSON.stringify(created)}`,
    );
  }
};

/** Every statistic of the client (its own and the system ones) as stored: the model versions events with it. */
const loadStatistics = async (pool: pg.Pool, clientId: string) => {
  const rows = (
    await pool.query<{
      id: string;
      name: string;
      aggregation_method: TAggregationMethod;
      reset_interval: TResetInterval;
      epoch_version: number;
      epoch_start: Date;
      system: boolean;
    }>(
      `SELECT id, name, aggregation_method, reset_interval, epoch_version, epoch_start, system
         FROM statistics WHERE client_id = $1`,
      [clientId],
    )
  ).rows;
  return new Map(
    rows.map((row) => [
      row.name,
      {
        id: row.id,
        name: row.name,
        method: row.aggregation_method,
        interval: row.reset_interval,
        epochVersion: row.epoch_version,
        epochStartMs: row.epoch_start.getTime(),
        system: row.system,
      },
    ]),
  );
};

// ---------------------------------------------------------------------------------------------------------------
// The model: what the engine must end up with, computed independently from what was sent and accepted

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The version an event falls in: the client's time zone is UTC (checked), weeks and months are not used. */
const versionOf = (statistic: StatisticModel, occurredMs: number) => {
  const length = statistic.interval === 'Hour' ? HOUR_MS : statistic.interval === 'Day' ? DAY_MS : 0;
  if (length === 0) return statistic.epochVersion;
  // An interval before the epoch's first keeps a version of its own, below the first (DESIGN §5).
  const passed = Math.floor(occurredMs / length) - Math.floor(statistic.epochStartMs / length);
  return passed >= 0 ? statistic.epochVersion + passed : statistic.epochVersion - 1 + passed;
};

/** Values in hundredths for money (exact), whole numbers otherwise. */
const scaleOf = (name: string) => (name === 'totalOrderValue' ? 100 : 1);

type FinalStatus = 'processed' | 'duplicate' | 'skipped' | 'parked';
type Answer = 'accepted' | 'duplicate' | 'rejected';

const counts = (status: TOrderStatus) => !(ORDER_REVERSAL_STATUSES as readonly string[]).includes(status);

const createModel = (statistics: Map<string, StatisticModel>) => {
  const values = new Map<string, { value: number; lastAt: number }>();
  const orderTotals = new Map<string, number>();
  const finals = new Map<string, FinalStatus>();
  const contribute = (customerId: string, name: string, occurredMs: number, value: number) => {
    const statistic = statistics.get(name);
    if (!statistic) throw new Error(`the model has no statistic ${name}`);
    const key = `${customerId}|${name}|${versionOf(statistic, occurredMs)}`;
    const current = values.get(key);
    if (!current) {
      values.set(key, { value, lastAt: occurredMs });
      return;
    }
    switch (statistic.method) {
      case 'Sum':
        current.value += value;
        break;
      case 'Max':
        current.value = Math.max(current.value, value);
        break;
      case 'Min':
        current.value = Math.min(current.value, value);
        break;
      case 'Last':
        if (occurredMs >= current.lastAt) {
          current.value = value;
          current.lastAt = occurredMs;
        }
        break;
    }
  };
  const addOrderTotal = (customerId: string, cents: number) =>
    orderTotals.set(customerId, (orderTotals.get(customerId) ?? 0) + cents);
  return { values, orderTotals, finals, contribute, addOrderTotal };
};
type Model = ReturnType<typeof createModel>;

// ---------------------------------------------------------------------------------------------------------------
// Event generation: each event carries what its answer must be and what it changes once accepted

type OutgoingEvent = {
  id: string;
  type: string;
  customer: Record<string, string>;
  occurred_at: string;
  data: Record<string, unknown>;
};

type Planned = {
  event: OutgoingEvent;
  answer: Answer;
  error?: string;
  /** Applied to the model once the API accepted the event. */
  apply?: () => void;
};

type Order = { orderId: string; player: Player; cents: number; status: TOrderStatus; busy: boolean };

const COUNTERS: [string, string, number][] = [
  ['user.logged-in', 'numberOfLogins', 30],
  ['referral', 'numberOfReferrals', 4],
  ['gift.sent', 'numberOfGifts', 3],
  ['voucher.redeemed', 'numberOfVouchers', 3],
  ['app.payment', 'numberOfAppPayments', 3],
  ['qr.scanned', 'numberOfQrScans', 3],
  ['subscription.purchased', 'numberOfSubscriptions', 2],
];

const createGenerator = (
  players: Player[],
  statistics: Map<string, StatisticModel>,
  model: Model,
  totalEvents: number,
) => {
  const own = [...statistics.values()].filter((s) => s.name.startsWith('benchStat'));
  /** Unique, increasing, all in the past: ordering by occurred_at is unambiguous (Last, status changes). */
  const firstOccurred = Date.now() - totalEvents - 120_000;
  let sequence = 0;
  const orders: Order[] = [];
  /** Recently accepted events, for repeats. */
  const recent: OutgoingEvent[] = [];

  const playerOf = () => {
    // A few customers are far more active than the rest (density ~ 1/sqrt).
    const u = random();
    return players[Math.floor(u * u * players.length)] as Player;
  };
  const refOf = (player: Player): Record<string, string> => {
    const r = random();
    if (r < 0.8) return { _id: player.id };
    if (r < 0.9) return { email: player.email.replace(/^p/, 'P') };
    return { cell_number: `0${player.cell.slice(3)}` };
  };
  const base = (type: string, player: Player, data: Record<string, unknown>) => {
    sequence += 1;
    const occurredMs = firstOccurred + sequence;
    return {
      occurredMs,
      event: {
        id: `bench-${RUN}-${sequence}`,
        type,
        customer: refOf(player),
        occurred_at: new Date(occurredMs).toISOString(),
        data,
      } satisfies OutgoingEvent,
    };
  };
  /** An accepted event's final state: a suspended customer's events are all skipped. */
  const accepted = (
    event: OutgoingEvent,
    player: Player,
    final: FinalStatus,
    effects?: () => void,
  ): Planned => ({
    event,
    answer: 'accepted',
    apply: () => {
      model.finals.set(event.id, player.suspended ? 'skipped' : final);
      if (!player.suspended) effects?.();
      if (recent.length < 5_000) recent.push(event);
      else recent[Math.floor(random() * recent.length)] = event;
    },
  });

  const counter = (type: string, name: string) => {
    const player = playerOf();
    const data =
      type === 'user.logged-in'
        ? random() < 0.5
          ? {}
          : { channel: pick(['app', 'web', 'pos']) }
        : type === 'app.payment'
          ? { amount: randomInt(100, 90_000) / 100 }
          : type === 'subscription.purchased'
            ? { subscription_id: `sub-${randomInt(1, 20)}` }
            : type === 'voucher.redeemed'
              ? { voucher_code: `V${randomInt(1000, 9999)}` }
              : {};
    const { event, occurredMs } = base(type, player, data);
    return accepted(event, player, 'processed', () => model.contribute(player.id, name, occurredMs, 1));
  };

  const orderCreated = (): Planned => {
    const player = playerOf();
    const cents = randomInt(100, 250_000);
    const status: TOrderStatus = random() < 0.03 ? 'CANCELLED' : random() < 0.5 ? 'ORDERED' : 'POS-ORDERED';
    const orderId = `o-${RUN}-${sequence + 1}`;
    const { event, occurredMs } = base('order.created', player, {
      order_id: orderId,
      total: cents / 100,
      ...(status === 'ORDERED' && random() < 0.5 ? {} : { status }),
      items: [{ sku: 'FLAT-WHITE', quantity: 1, price: cents / 100 }],
    });
    return accepted(event, player, 'processed', () => {
      orders.push({ orderId, player, cents, status, busy: false });
      if (!counts(status)) return;
      model.contribute(player.id, 'totalOrderValue', occurredMs, cents);
      model.contribute(player.id, 'orderVolume', occurredMs, 1);
      model.addOrderTotal(player.id, cents);
    });
  };

  const freeOrder = () => {
    for (let attempt = 0; attempt < 8 && orders.length > 0; attempt += 1) {
      const order = pick(orders);
      if (!order.busy) return order;
    }
    return undefined;
  };

  /** A status change of an order already accepted, one change per order in flight (so arrival order = time order). */
  const statusChange = (): Planned => {
    const order = freeOrder();
    if (!order) return orderCreated();
    order.busy = true;
    const status = pick(ORDER_STATUSES);
    const { event, occurredMs } = base('order.status-change', order.player, {
      order_id: order.orderId,
      status,
    });
    const planned = accepted(event, order.player, 'processed', () => {
      const before = counts(order.status);
      const after = counts(status);
      order.status = status;
      if (before === after) return;
      const sign = after ? 1 : -1;
      model.contribute(order.player.id, 'totalOrderValue', occurredMs, sign * order.cents);
      model.contribute(order.player.id, 'orderVolume', occurredMs, sign);
      model.addOrderTotal(order.player.id, sign * order.cents);
    });
    return {
      ...planned,
      apply: () => {
        order.busy = false;
        planned.apply?.();
      },
    };
  };

  /** An order.created for an order id already counted: the engine calls it a duplicate. */
  const orderRepeat = (): Planned => {
    const order = freeOrder();
    if (!order) return orderCreated();
    const { event } = base('order.created', order.player, { order_id: order.orderId, total: 12.5 });
    return accepted(event, order.player, 'duplicate');
  };

  const statisticUpdate = (known: boolean): Planned => {
    const player = playerOf();
    const statistic = pick(own);
    const value = randomInt(-20, 500);
    const { event, occurredMs } = base('statistic.update', player, {
      name: known ? statistic.name : UNKNOWN_STATISTIC,
      value,
    });
    if (!known) return accepted(event, player, 'parked');
    return accepted(event, player, 'processed', () =>
      model.contribute(player.id, statistic.name, occurredMs, value),
    );
  };

  const unknownCustomer = (): Planned => {
    sequence += 1;
    return {
      event: {
        id: `bench-${RUN}-${sequence}`,
        type: 'user.logged-in',
        customer: { _id: `ffffffff${String(sequence).padStart(16, '0')}` },
        occurred_at: new Date(firstOccurred + sequence).toISOString(),
        data: {},
      },
      answer: 'rejected',
      error: `customer: ${EVENT_MESSAGES.customerNotFound}`,
    };
  };

  const fresh = (): Planned => {
    let r = random() * 100;
    for (const [type, name, weight] of COUNTERS) {
      if (r < weight) return counter(type, name);
      r -= weight;
    }
    if (r < 18) return orderCreated();
    r -= 18;
    if (r < 8) return statusChange();
    r -= 8;
    if (r < 1) return orderRepeat();
    return statisticUpdate(true);
  };

  /**
   * One batch; repeats refer to events already answered, or to an earlier event of the same batch. An earlier
   * event is repeated at most once per batch: a conflicting repeat first would make the exact one a conflict too.
   */
  const batch = (size: number): Planned[] => {
    const planned: Planned[] = [];
    const repeated = new Set<string>();
    const earlier = () => {
      if (recent.length === 0) return undefined;
      const event = pick(recent);
      if (repeated.has(event.id)) return undefined;
      repeated.add(event.id);
      return event;
    };
    while (planned.length < size) {
      const r = random();
      if (r < 0.015) {
        const original = earlier();
        planned.push(original ? { event: original, answer: 'duplicate' } : fresh());
      } else if (r < 0.02) {
        const sameBatch = planned.filter((p) => p.answer === 'accepted');
        planned.push(sameBatch.length > 0 ? { event: pick(sameBatch).event, answer: 'duplicate' } : fresh());
      } else if (r < 0.021) {
        const original = earlier();
        planned.push(
          original
            ? {
                event: {
                  ...original,
                  occurred_at: new Date(Date.parse(original.occurred_at) - 1).toISOString(),
                },
                answer: 'rejected',
                error: EVENT_MESSAGES.conflict,
              }
            : fresh(),
        );
      } else if (r < 0.023) {
        planned.push(unknownCustomer());
      } else if (r < 0.024) {
        planned.push(statisticUpdate(false));
      } else {
        planned.push(fresh());
      }
    }
    return planned;
  };

  return { batch, orderCount: () => orders.length, firstOccurred };
};
type Generator = ReturnType<typeof createGenerator>;

// ---------------------------------------------------------------------------------------------------------------
// Posting

type Posted = { ms: number; accepted: string[]; answered: number };

/** Posts one batch and checks every answer against the plan; the model learns what was accepted. */
const postBatch = async (
  server: Server,
  apiKey: string,
  planned: Planned[],
  agent: http.Agent,
): Promise<Posted> => {
  const res = await call(server, 'POST', '/api/v1/events', {
    apiKey,
    agent,
    body: { events: planned.map((p) => p.event) },
  });
  assert(res.status === 200, `POST /api/v1/events answered ${res.status}: ${res.body.slice(0, 500)}`);
  const answers = res.json?.content as { id: string; status: string; error?: string }[] | undefined;
  assert(
    Array.isArray(answers) && answers.length === planned.length,
    `POST /api/v1/events: ${answers?.length} answers for ${planned.length} events`,
  );
  const accepted: string[] = [];
  planned.forEach((plan, index) => {
    const answer = answers[index] as { id: string; status: string; error?: string };
    const where = `event ${index} (${plan.event.id}, ${plan.event.type})`;
    assert(answer.id === plan.event.id, `${where}: answered for id ${answer.id}`);
    assert(
      answer.status === plan.answer,
      `${where}: answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}, expected ${plan.answer}`,
    );
    if (plan.answer === 'rejected')
      assert(
        answer.error === plan.error,
        `${where}: rejected with "${answer.error}", expected "${plan.error}"`,
      );
    if (plan.answer === 'accepted') {
      accepted.push(plan.event.id);
      plan.apply?.();
    }
  });
  return { ms: res.ms, accepted, answered: planned.length };
};

const pendingCount = async (pool: pg.Pool, clientId: string) =>
  Number(
    (
      await pool.query("SELECT count(*) AS n FROM events WHERE status = 'accepted' AND client_id = $1", [
        clientId,
      ])
    ).rows[0].n,
  );

/**
 * Waits until none of the client's events is waiting, and resolves to when it saw that. Looks every 50 ms with a
 * query that stops at the first waiting event (counting a large backlog that often would slow the worker down);
 * counts every 10 s for the log, and fails when nothing moved for SETTLE_STALL_MS.
 */
const waitSettled = async (pool: pg.Pool, clientId: string, label: string) => {
  let last = -1;
  let lastChange = Date.now();
  let lastCount = Date.now();
  for (;;) {
    const waiting = (
      await pool.query<{ waiting: boolean }>(
        "SELECT EXISTS (SELECT 1 FROM events WHERE status = 'accepted' AND client_id = $1) AS waiting",
        [clientId],
      )
    ).rows[0]?.waiting;
    const now = performance.now();
    if (!waiting) return now;
    if (Date.now() - lastCount > 10_000) {
      lastCount = Date.now();
      const pending = await pendingCount(pool, clientId);
      log(`${label}: ${fmtInt(pending)} events waiting`);
      if (pending !== last) {
        last = pending;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > SETTLE_STALL_MS) {
        const stuck = (
          await pool.query(
            `SELECT external_id, type, attempts, error FROM events
              WHERE status = 'accepted' AND client_id = $1 ORDER BY seq LIMIT 5`,
            [clientId],
          )
        ).rows;
        throw new Error(
          `${label}: ${pending} events waited ${SETTLE_STALL_MS / 1000} s: ${JSON.stringify(stuck)}`,
        );
      }
    }
    await sleep(POLL_MS);
  }
};

// ---------------------------------------------------------------------------------------------------------------
// CPU: where the cores went in a phase (bench-support's cpuMeter)

const fmtCpu = (cpu: CpuShares) =>
  `API ${cpu.api.toFixed(2)}, worker ${cpu.worker.toFixed(2)}, PostgreSQL backends ${cpu.postgres.toFixed(2)}, ` +
  `bench ${cpu.bench.toFixed(2)}, other ${cpu.other.toFixed(2)} (machine busy ${cpu.busy.toFixed(2)} of ${os.cpus().length})`;

// ---------------------------------------------------------------------------------------------------------------
// Checks at the end

const verify = async (
  pool: pg.Pool,
  server: Server,
  apiKey: string,
  clientId: string,
  model: Model,
  players: Player[],
) => {
  // 1. Every stored event is in its expected final state, and nothing else was stored.
  const stored = (
    await pool.query<{ external_id: string; status: string }>(
      'SELECT external_id, status FROM events WHERE client_id = $1',
      [clientId],
    )
  ).rows;
  const wrong: string[] = [];
  const byStatus = new Map<string, number>();
  for (const row of stored) {
    byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
    const expected = model.finals.get(row.external_id);
    if (expected !== row.status)
      wrong.push(`${row.external_id}: ${row.status}, expected ${expected ?? 'not stored'}`);
  }
  assert(
    stored.length === model.finals.size,
    `${stored.length} events stored, ${model.finals.size} were accepted`,
  );
  assert(
    wrong.length === 0,
    `${wrong.length} events in the wrong state, e.g. ${wrong.slice(0, 5).join('; ')}`,
  );

  // 2. Every player statistic equals the model, both ways.
  const rows = (
    await pool.query<{ customer_id: string; name: string; version: number; value: string }>(
      `SELECT ps.customer_id, s.name, ps.version, ps.value::text AS value
         FROM player_statistics ps JOIN statistics s ON s.id = ps.statistic_id
        WHERE ps.client_id = $1`,
      [clientId],
    )
  ).rows;
  const mismatches: string[] = [];
  for (const row of rows) {
    const key = `${row.customer_id}|${row.name}|${row.version}`;
    const expected = model.values.get(key);
    const actual = Math.round(Number(row.value) * scaleOf(row.name));
    if (!expected) mismatches.push(`${key} = ${row.value}, expected no value`);
    else if (expected.value !== actual)
      mismatches.push(`${key} = ${row.value}, expected ${expected.value / scaleOf(row.name)}`);
  }
  assert(
    rows.length === model.values.size,
    `${rows.length} player statistic values stored, the recomputation has ${model.values.size}`,
  );
  assert(
    mismatches.length === 0,
    `${mismatches.length} player statistics differ from the recomputation, e.g. ${mismatches.slice(0, 5).join('; ')}`,
  );

  // 3. The same from the database's own tables: logins per customer = distinct processed login events; order
  //    value and volume = the orders still counted; customers' totals = the same.
  const sqlChecks = (
    await pool.query<{ what: string; n: number }>(
      `WITH logins AS (
         SELECT customer_id, count(*)::numeric AS n FROM events
          WHERE client_id = $1 AND type = 'user.logged-in' AND status = 'processed' GROUP BY customer_id),
       counted AS (
         SELECT customer_id, sum(total_minor) AS value_minor, count(*)::numeric AS volume FROM orders
          WHERE client_id = $1 AND status NOT IN ('REFUNDED', 'CANCELLED') GROUP BY customer_id),
       stat AS (
         SELECT ps.customer_id, s.name, ps.value FROM player_statistics ps JOIN statistics s ON s.id = ps.statistic_id
          WHERE ps.client_id = $1 AND s.system)
       SELECT 'logins' AS what, count(*)::int AS n FROM logins l
         FULL JOIN (SELECT * FROM stat WHERE name = 'numberOfLogins') s USING (customer_id)
        WHERE l.n IS DISTINCT FROM s.value
       UNION ALL
       SELECT 'order value', count(*)::int FROM counted c
         FULL JOIN (SELECT * FROM stat WHERE name = 'totalOrderValue' AND value <> 0) s USING (customer_id)
        WHERE c.value_minor IS DISTINCT FROM s.value * 100
       UNION ALL
       SELECT 'order volume', count(*)::int FROM counted c
         FULL JOIN (SELECT * FROM stat WHERE name = 'orderVolume' AND value <> 0) s USING (customer_id)
        WHERE c.volume IS DISTINCT FROM s.value
       UNION ALL
       SELECT 'customer totals', count(*)::int FROM customers cu LEFT JOIN counted c ON c.customer_id = cu.id
        WHERE cu.client_id = $1 AND cu.total_order_value_minor <> coalesce(c.value_minor, 0)`,
      [clientId],
    )
  ).rows;
  for (const check of sqlChecks)
    assert(check.n === 0, `${check.n} customers whose ${check.what} differs from a recomputation in SQL`);
  const totals = (
    await pool.query<{ id: string; total: string }>(
      'SELECT id, total_order_value_minor::text AS total FROM customers WHERE client_id = $1',
      [clientId],
    )
  ).rows;
  const totalsWrong = totals.filter((row) => Number(row.total) !== (model.orderTotals.get(row.id) ?? 0));
  assert(totalsWrong.length === 0, `${totalsWrong.length} customers' order totals differ from the model`);

  // 4. The player API shows the same values (Manual statistics: their current version is fixed).
  const statisticsByName = new Map<string, boolean>();
  const manual = (
    await pool.query<{ name: string }>(
      "SELECT name FROM statistics WHERE client_id = $1 AND reset_interval = 'Manual'",
      [clientId],
    )
  ).rows;
  for (const row of manual) statisticsByName.set(row.name, true);
  const active = players.filter((player) => !player.suspended);
  const sampled = [active[0], active[1], ...Array.from({ length: 18 }, () => pick(active))] as Player[];
  for (const player of sampled) {
    const answer = await must(server, 'GET', `/api/v1/players/${player.id}`, { apiKey });
    const shown = answer.content.statistics as Record<string, number>;
    for (const name of statisticsByName.keys()) {
      const expected = model.values.get(`${player.id}|${name}|0`);
      const value = shown[name];
      const expectedValue = expected === undefined ? undefined : expected.value / scaleOf(name);
      assert(
        value === expectedValue ||
          (expectedValue !== undefined && Math.abs((value ?? Number.NaN) - expectedValue) < 1e-9),
        `GET /api/v1/players/${player.id}: ${name} = ${value}, expected ${expectedValue}`,
      );
    }
  }
  return { events: stored.length, byStatus, values: rows.length, players: sampled.length };
};

// ---------------------------------------------------------------------------------------------------------------
// The floor: the same rows inserted by PostgreSQL alone, one multi-row INSERT per batch

const FLOOR_TABLE = `bench_events_floor_${RUN}`;
const FLOOR_COLUMNS = [
  'id',
  'client_id',
  'external_id',
  'type',
  'customer_id',
  'branch_id',
  'occurred_at',
  'data',
  'payload_hash',
];

const measureFloor = async (pool: pg.Pool, clientId: string, batches: string[][], connections: number) => {
  await pool.query(`CREATE TABLE ${FLOOR_TABLE} (LIKE events INCLUDING ALL)`);
  try {
    await pool.query(`ALTER TABLE ${FLOOR_TABLE} ADD FOREIGN KEY (client_id) REFERENCES clients (id)`);
    // The statements are built before the clock starts: only PostgreSQL's work is timed.
    const statements: { text: string; values: unknown[] }[] = [];
    for (const ids of batches) {
      if (ids.length === 0) continue;
      const rows = (
        await pool.query(
          `SELECT id, client_id, external_id, type, customer_id, branch_id, occurred_at, data::text AS data, payload_hash
             FROM events WHERE client_id = $1 AND external_id = ANY($2::text[])`,
          [clientId, ids],
        )
      ).rows as Record<string, unknown>[];
      assert(rows.length === ids.length, `floor: ${rows.length} rows read back for ${ids.length} ids`);
      const values: unknown[] = [];
      const tuples = rows.map((row) => {
        const start = values.length;
        for (const column of FLOOR_COLUMNS) values.push(row[column]);
        return `(${FLOOR_COLUMNS.map((_, i) => `$${start + i + 1}`).join(', ')})`;
      });
      statements.push({
        text: `INSERT INTO ${FLOOR_TABLE} (${FLOOR_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`,
        values,
      });
    }
    const rowsTotal = statements.reduce((sum, s) => sum + s.values.length / FLOOR_COLUMNS.length, 0);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = await pool.connect();
        try {
          while (next < statements.length) {
            const statement = statements[next++] as { text: string; values: unknown[] };
            await client.query(statement.text, statement.values);
          }
        } finally {
          client.release();
        }
      }),
    );
    const ms = performance.now() - started;
    const count = Number((await pool.query(`SELECT count(*) AS n FROM ${FLOOR_TABLE}`)).rows[0].n);
    assert(count === rowsTotal, `floor: ${count} rows inserted, expected ${rowsTotal}`);
    return { rows: rowsTotal, ms, statements: statements.length };
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${FLOOR_TABLE}`);
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Tenants: a client with its key, statistics, customers, model and event generator

type Tenant = {
  label: string;
  owner: Session;
  apiKey: string;
  statistics: Map<string, StatisticModel & { system: boolean }>;
  players: Player[];
  model: Model;
  generator: Generator;
  /** The statistic every active player has a value of (seeded by SQL): segment rules and the rule change use it. */
  ruleStatistic: string;
};

/**
 * Gives every active player a value (0..999) of one Manual statistic by SQL, as if an integration had set it
 * before the run; the model learns the same values. Then asks for the client's system segments (AllPlayers) to be
 * rebuilt, so membership stays consistent with the statistics.
 */
const seedRuleStatistic = async (
  pool: pg.Pool,
  clientId: string,
  statistics: Map<string, StatisticModel & { system: boolean }>,
  model: Model,
  atMs: number,
) => {
  const own = [...statistics.values()].filter((s) => !s.system && s.interval === 'Manual');
  const statistic = own.find((s) => s.method === 'Sum') ?? own[0];
  assert(
    statistic !== undefined,
    'the segments need a Manual statistic of the client’s own (BENCH_STATISTICS >= 1)',
  );
  const rows = (
    await pool.query<{ customer_id: string; value: string }>(
      `INSERT INTO player_statistics (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq)
       SELECT client_id, id, $2, $3, ('x' || substr(md5(id), 1, 6))::bit(24)::int % 1000, $4, 0
         FROM customers WHERE client_id = $1 AND status <> 'SUSPENDED'
       RETURNING customer_id, value::text AS value`,
      [clientId, statistic.id, versionOf(statistic, atMs), new Date(atMs)],
    )
  ).rows;
  for (const row of rows) model.contribute(row.customer_id, statistic.name, atMs, Number(row.value));
  // Milliseconds, as the API stores it: the worker clears the request only if it is unchanged, compared as a JS Date.
  await pool.query(
    "UPDATE segments SET rebuild_requested_at = date_trunc('milliseconds', now()) WHERE client_id = $1",
    [clientId],
  );
  return statistic.name;
};

const setupTenant = async (
  server: Server,
  pool: pg.Pool,
  who: { label: string; email: string; alias: string; name: string },
  totalEvents: number,
): Promise<Tenant> => {
  const owner = await ensureClient(server, {
    email: who.email,
    password: PASSWORD,
    alias: who.alias,
    name: who.name,
  });
  const key = await must(server, 'POST', '/api/integrations/api-keys', {
    token: owner.clientToken,
    body: { name: 'bench' },
  });
  const apiKey = key.content.key as string;
  assert(typeof apiKey === 'string' && apiKey.length > 20, `no API key in ${JSON.stringify(key)}`);
  const timeZone = (await pool.query('SELECT time_zone FROM clients WHERE id = $1', [owner.clientId])).rows[0]
    ?.time_zone;
  assert(timeZone === 'UTC', `the bench client's time zone is ${timeZone}, the model expects UTC`);
  await createStatistics(server, owner.clientToken);
  const statistics = await loadStatistics(pool, owner.clientId);
  assert(
    [...statistics.values()].filter((s) => !s.system).length === STATISTICS,
    `${statistics.size} statistics, expected ${STATISTICS} of the client's own`,
  );
  log(
    `${who.label}: client ${owner.clientId}, BUSINESS plan, API key, ${STATISTICS} statistics; seeding ${fmtInt(CUSTOMERS)} customers…`,
  );
  const players = await seedCustomers(pool, owner.clientId);
  const model = createModel(statistics);
  const generator = createGenerator(players, statistics, model, totalEvents);
  const ruleStatistic = await seedRuleStatistic(
    pool,
    owner.clientId,
    statistics,
    model,
    generator.firstOccurred - 1_000,
  );
  return { label: who.label, owner, apiKey, statistics, players, model, generator, ruleStatistic };
};

/** Waits until none of the client's segments waits for a rebuild; resolves to how long that took. */
const waitRebuilt = async (pool: pg.Pool, clientId: string, label: string) => {
  const started = performance.now();
  const deadline = Date.now() + SETTLE_STALL_MS;
  for (;;) {
    const waiting = (
      await pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM segments WHERE client_id = $1 AND rebuild_requested_at IS NOT NULL',
        [clientId],
      )
    ).rows[0]?.n;
    if (waiting === 0) return performance.now() - started;
    if (Date.now() > deadline) throw new Error(`${label}: ${waiting} segments still wait for a rebuild`);
    await sleep(POLL_MS);
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Segments: rules, the comparison with and without them, a rule change, the players page of a large segment

type Rule = { statistic_name: string; comparison: TComparisonOperator; filter_value: number };
type BenchSegment = { id: string; name: string; rules: Rule[] };

/** System counters the event mix drives, with a threshold a part of the players passes during the run. */
const COUNTER_RULES: [string, number][] = [
  ['numberOfLogins', 3],
  ['orderVolume', 2],
  ['totalOrderValue', 1_500],
  ['numberOfReferrals', 1],
  ['numberOfGifts', 1],
  ['numberOfVouchers', 1],
  ['numberOfAppPayments', 1],
  ['numberOfQrScans', 1],
  ['numberOfSubscriptions', 1],
];

/**
 * Segment `index`'s rules (OR-ed), only over Manual statistics (their current version does not move during the
 * run): the seeded statistic above a threshold (segment 0: >= 500, the one whose rule is changed later), a system
 * counter, one of the client's own statistics above or below a value, and so on round.
 */
const segmentRules = (index: number, tenant: Tenant): Rule[] => {
  const own = [...tenant.statistics.values()]
    .filter((s) => !s.system && s.interval === 'Manual' && s.name !== tenant.ruleStatistic)
    .map((s) => s.name)
    .sort();
  return Array.from({ length: SEGMENT_RULES }, (_, j): Rule => {
    const kind = own.length === 0 && j % 3 === 2 ? 1 : j % 3;
    if (kind === 0)
      return {
        statistic_name: tenant.ruleStatistic,
        comparison: 'GreaterThanOrEqual',
        filter_value: index === 0 && j === 0 ? 500 : (50 * index + 25 + 100 * j) % 1_000,
      };
    if (kind === 1) {
      const [name, threshold] = COUNTER_RULES[(index + j) % COUNTER_RULES.length] as [string, number];
      return {
        statistic_name: name,
        comparison: 'GreaterThanOrEqual',
        filter_value: name === 'totalOrderValue' ? threshold + 250 * (index % 3) : threshold + (index % 2),
      };
    }
    return index % 2 === 0
      ? {
          statistic_name: own[(index * 3 + j) % own.length] as string,
          comparison: 'GreaterThan',
          filter_value: 250 + 5 * index,
        }
      : {
          statistic_name: own[(index * 3 + j) % own.length] as string,
          comparison: 'LessThan',
          filter_value: index - 10,
        };
  });
};

const filtersOf = (rules: Rule[]) => rules.map((rule) => ({ type: 'statistic', ...rule }));

const SQL_OPERATOR: Record<string, string> = {
  EqualTo: '=',
  GreaterThan: '>',
  LessThan: '<',
  GreaterThanOrEqual: '>=',
  LessThanOrEqual: '<=',
  NotEqualTo: '<>',
};

/**
 * A segment's members against an SQL recomputation written independently of the engine's (an EXISTS per rule
 * and customer): how many should be in, how many are, and how many differ either way.
 */
const checkSegmentSql = async (
  pool: pg.Pool,
  clientId: string,
  statistics: Map<string, StatisticModel>,
  segmentId: string,
  rules: Rule[],
) => {
  const values: unknown[] = [clientId, segmentId];
  const now = Date.now();
  const exists = rules.map((rule) => {
    const statistic = statistics.get(rule.statistic_name);
    assert(statistic !== undefined, `no statistic ${rule.statistic_name}`);
    values.push(statistic.id, versionOf(statistic, now), rule.filter_value);
    const n = values.length;
    return `EXISTS (SELECT 1 FROM player_statistics ps WHERE ps.client_id = $1 AND ps.customer_id = c.id
              AND ps.statistic_id = $${n - 2} AND ps.version = $${n - 1}
              AND ps.value ${SQL_OPERATOR[rule.comparison]} $${n}::numeric)`;
  });
  const row = (
    await pool.query<{ expected: number; actual: number; differ: number }>(
      `WITH expected AS (
         SELECT c.id FROM customers c WHERE c.client_id = $1 AND c.status <> 'SUSPENDED' AND (${exists.join(' OR ')})),
       actual AS (SELECT customer_id AS id FROM segment_members WHERE segment_id = $2)
       SELECT (SELECT count(*) FROM expected)::int AS expected, (SELECT count(*) FROM actual)::int AS actual,
              ((SELECT count(*) FROM (SELECT id FROM expected EXCEPT SELECT id FROM actual) a)
             + (SELECT count(*) FROM (SELECT id FROM actual EXCEPT SELECT id FROM expected) b))::int AS differ`,
      values,
    )
  ).rows[0];
  assert(row !== undefined, 'no answer from the membership check');
  return row;
};

/** The members the bench's own model says a segment has now. */
const modelMembers = (tenant: Tenant, rules: Rule[]) => {
  const now = Date.now();
  const members = new Set<string>();
  for (const player of tenant.players) {
    if (player.suspended) continue;
    const belongs = rules.some((rule) => {
      const statistic = tenant.statistics.get(rule.statistic_name) as StatisticModel;
      const value = tenant.model.values.get(
        `${player.id}|${rule.statistic_name}|${versionOf(statistic, now)}`,
      );
      return (
        value !== undefined &&
        compareWith(rule.comparison, value.value, rule.filter_value * scaleOf(rule.statistic_name))
      );
    });
    if (belongs) members.add(player.id);
  }
  return members;
};

const membersOf = async (pool: pg.Pool, segmentId: string) =>
  new Set(
    (
      await pool.query<{ customer_id: string }>(
        'SELECT customer_id FROM segment_members WHERE segment_id = $1',
        [segmentId],
      )
    ).rows.map((row) => row.customer_id),
  );

/** Every segment's members equal the model's recomputation and the SQL one; resolves to the members in all. */
const verifySegments = async (pool: pg.Pool, tenant: Tenant, segments: BenchSegment[]) => {
  let total = 0;
  for (const segment of segments) {
    const actual = await membersOf(pool, segment.id);
    const expected = modelMembers(tenant, segment.rules);
    const missing = [...expected].filter((id) => !actual.has(id));
    const extra = [...actual].filter((id) => !expected.has(id));
    assert(
      missing.length === 0 && extra.length === 0,
      `segment ${segment.name}: ${missing.length} players missing (e.g. ${missing.slice(0, 3).join(', ')}), ` +
        `${extra.length} too many (e.g. ${extra.slice(0, 3).join(', ')}) against the model`,
    );
    const sqlCheck = await checkSegmentSql(
      pool,
      tenant.owner.clientId,
      tenant.statistics,
      segment.id,
      segment.rules,
    );
    assert(
      sqlCheck.differ === 0 && sqlCheck.expected === actual.size,
      `segment ${segment.name}: ${JSON.stringify(sqlCheck)} against the SQL recomputation`,
    );
    total += actual.size;
  }
  return total;
};

/** Creates the tenant's segments through the API and waits until the worker has computed their members. */
const createSegments = async (server: Server, pool: pg.Pool, tenant: Tenant) => {
  const segments: BenchSegment[] = [];
  const started = performance.now();
  for (let index = 0; index < SEGMENTS; index += 1) {
    const rules = segmentRules(index, tenant);
    const name = `Bench segment ${String(index + 1).padStart(2, '0')}`;
    const created = await must(server, 'POST', '/api/segments', {
      token: tenant.owner.clientToken,
      body: { name, filters: filtersOf(rules), actions: [] },
    });
    assert(
      typeof created?.content?._id === 'string',
      `POST /api/segments answered ${JSON.stringify(created)}`,
    );
    segments.push({ id: created.content._id, name, rules });
  }
  await waitRebuilt(pool, tenant.owner.clientId, 'segments');
  return { segments, ms: performance.now() - started };
};

/** The members of all the given segments together (a player counted once per segment). */
const memberRows = async (pool: pg.Pool, segments: BenchSegment[]) =>
  Number(
    (
      await pool.query('SELECT count(*) AS n FROM segment_members WHERE segment_id = ANY($1::text[])', [
        segments.map((s) => s.id),
      ])
    ).rows[0].n,
  );

type Pushed = { accepted: number; seconds: number; cpu: CpuShares };

/** Posts `count` events of a tenant by SENDERS senders and waits until all are processed. */
const pushEvents = async (
  server: Server,
  pool: pg.Pool,
  cpu: ReturnType<typeof cpuMeter>,
  tenant: Tenant,
  count: number,
): Promise<Pushed> => {
  const batches = Math.ceil(count / BATCH);
  let next = 0;
  let accepted = 0;
  const meter = await cpu();
  const started = performance.now();
  const agents = Array.from({ length: SENDERS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(
    agents.map(async (agent) => {
      while (next < batches) {
        const index = next++;
        const planned = tenant.generator.batch(Math.min(BATCH, count - index * BATCH));
        accepted += (await postBatch(server, tenant.apiKey, planned, agent)).accepted.length;
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  const settledAt = await waitSettled(pool, tenant.owner.clientId, tenant.label);
  return { accepted, seconds: (settledAt - started) / 1000, cpu: await meter() };
};

const flipFirstRule = (rules: Rule[]): Rule[] =>
  rules.map((rule, j) =>
    j === 0
      ? { ...rule, comparison: rule.comparison === 'GreaterThanOrEqual' ? 'LessThan' : 'GreaterThanOrEqual' }
      : rule,
  );

/**
 * Changes segment 0's first rule (seeded statistic >= 500 <-> < 500), so every player with a value but none of
 * the other rules changes membership; timed from the PUT until `GET /api/segments?ids=` no longer says rebuilding,
 * polled every 25 ms. The count shown then must equal the SQL recomputation, and so must the members.
 */
const measureRebuilds = async (server: Server, pool: pg.Pool, tenant: Tenant, segment: BenchSegment) => {
  const results: { ms: number; changed: number; members: number }[] = [];
  for (let round = 0; round < REBUILDS; round += 1) {
    const before = await membersOf(pool, segment.id);
    const rules = flipFirstRule(segment.rules);
    const started = performance.now();
    await must(server, 'PUT', `/api/segments/${segment.id}`, {
      token: tenant.owner.clientToken,
      body: { name: segment.name, filters: filtersOf(rules), actions: [] },
    });
    segment.rules = rules;
    const deadline = Date.now() + SETTLE_STALL_MS;
    let shown: Json;
    for (;;) {
      const answer = await must(server, 'GET', `/api/segments?ids=${segment.id}&size=1`, {
        token: tenant.owner.clientToken,
      });
      shown = answer.content?.[0];
      assert(shown?._id === segment.id, `GET /api/segments?ids= answered ${JSON.stringify(answer)}`);
      if (shown.rebuilding === false) break;
      if (Date.now() > deadline)
        throw new Error(`segment ${segment.name} still rebuilding after the rule change`);
      await sleep(25);
    }
    const ms = performance.now() - started;
    const sqlCheck = await checkSegmentSql(pool, tenant.owner.clientId, tenant.statistics, segment.id, rules);
    assert(
      sqlCheck.differ === 0 && sqlCheck.expected === shown.player_count,
      `rule change ${round + 1}: the API shows ${shown.player_count} players, SQL says ${JSON.stringify(sqlCheck)}`,
    );
    const after = await membersOf(pool, segment.id);
    const changed =
      [...before].filter((id) => !after.has(id)).length + [...after].filter((id) => !before.has(id)).length;
    log(`rule change ${round + 1}: ${fmtMs(ms)} ms, ${fmtInt(changed)} players changed membership`);
    results.push({ ms, changed, members: after.size });
  }
  return results;
};

const customerIdOf = (clientId: string, g: number) =>
  createHash('md5').update(`${clientId}:${g}`).digest('hex').slice(0, 24);

/**
 * A third tenant whose segment (`benchPageStat >= 1`) has PAGE_PLAYERS members, inserted by SQL consistently with
 * the rule (every player active, with a value 1..997; every other one has logged in); then its players page timed
 * at the first, middle and last page, round-robin, every answer checked item by item.
 */
const measurePlayersPage = async (server: Server, pool: pg.Pool) => {
  const owner = await ensureClient(server, {
    email: PAGE_EMAIL,
    password: PASSWORD,
    alias: 'Bench Page',
    name: 'Bench Page (Pty) Ltd',
  });
  const token = owner.clientToken;
  const clientId = owner.clientId;
  await must(server, 'POST', '/api/statistics', {
    token,
    body: { name: 'benchPageStat', aggregation_method: 'Max', reset_interval: 'Manual' },
  });
  const rules: Rule[] = [
    { statistic_name: 'benchPageStat', comparison: 'GreaterThanOrEqual', filter_value: 1 },
  ];
  const created = await must(server, 'POST', '/api/segments', {
    token,
    body: { name: 'Bench page segment', filters: filtersOf(rules), actions: [] },
  });
  const segmentId = created.content._id as string;
  await waitRebuilt(pool, clientId, 'players page');
  const statistics = await loadStatistics(pool, clientId);
  const pageStat = statistics.get('benchPageStat') as StatisticModel;
  const logins = statistics.get('numberOfLogins') as StatisticModel;
  assert(pageStat !== undefined && logins !== undefined, 'the page tenant lacks its statistics');

  log(`players page: seeding ${fmtInt(PAGE_PLAYERS)} players, their statistics and members by SQL…`);
  const seedStarted = performance.now();
  const t0 = Date.now() - PAGE_PLAYERS * 1_000 - 60_000;
  await pool.query(SEED_SQL, [clientId, PAGE_PLAYERS, 0]);
  await pool.query(
    `INSERT INTO player_statistics (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq)
     SELECT $1, substr(md5($1::text || ':' || g), 1, 24), $2, $3, 1 + g % 997, $4::timestamptz + g * interval '1 second', 0
       FROM generate_series(1, $5::int) AS g`,
    [clientId, pageStat.id, versionOf(pageStat, Date.now()), new Date(t0), PAGE_PLAYERS],
  );
  await pool.query(
    `INSERT INTO player_statistics (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq)
     SELECT $1, substr(md5($1::text || ':' || g), 1, 24), $2, $3, 1 + g % 5, $4::timestamptz + g * interval '1 second', 0
       FROM generate_series(1, $5::int) AS g WHERE g % 2 = 0`,
    [clientId, logins.id, versionOf(logins, Date.now()), new Date(t0), PAGE_PLAYERS],
  );
  await pool.query(
    `INSERT INTO segment_members (client_id, segment_id, customer_id, entered_at)
     SELECT $1, $2, substr(md5($1::text || ':' || g), 1, 24), $3::timestamptz + g * interval '1 second'
       FROM generate_series(1, $4::int) AS g`,
    [clientId, segmentId, new Date(t0), PAGE_PLAYERS],
  );
  // AllPlayers (every player with activity) follows the inserted statistics: the worker rebuilds it.
  await pool.query(
    "UPDATE segments SET rebuild_requested_at = date_trunc('milliseconds', now()) WHERE client_id = $1 AND system",
    [clientId],
  );
  const allPlayersMs = await waitRebuilt(pool, clientId, 'AllPlayers');
  await pool.query('VACUUM (ANALYZE) customers, player_statistics, segment_members');
  const seedMs = performance.now() - seedStarted;
  const sqlCheck = await checkSegmentSql(pool, clientId, statistics, segmentId, rules);
  assert(
    sqlCheck.differ === 0 && sqlCheck.expected === PAGE_PLAYERS,
    `players page: members against SQL ${JSON.stringify(sqlCheck)}`,
  );
  const listed = (await must(server, 'GET', `/api/segments?ids=${segmentId}`, { token })).content?.[0];
  assert(
    listed?.player_count === PAGE_PLAYERS && listed.rebuilding === false,
    `GET /api/segments?ids= shows ${JSON.stringify(listed)}`,
  );

  const lastPage = Math.ceil(PAGE_PLAYERS / PAGE_SIZE);
  const pages = [
    { label: 'first page', page: 1, ms: [] as number[] },
    {
      label: `middle page (${fmtInt(Math.ceil(lastPage / 2))})`,
      page: Math.ceil(lastPage / 2),
      ms: [] as number[],
    },
    { label: `last page (${fmtInt(lastPage)})`, page: lastPage, ms: [] as number[] },
  ];
  const checkPage = (page: number, status: number, json: Json) => {
    const where = `GET /api/segments/:id/players?page=${page}`;
    assert(status === 200, `${where} answered ${status}`);
    assert(
      json?.pagination?.count === PAGE_PLAYERS && json.pagination.hasMore === page < lastPage,
      `${where}: pagination ${JSON.stringify(json?.pagination)}`,
    );
    const items = json.content as Json[];
    const expectedLength = Math.min(PAGE_SIZE, PAGE_PLAYERS - (page - 1) * PAGE_SIZE);
    assert(Array.isArray(items) && items.length === expectedLength, `${where}: ${items?.length} players`);
    items.forEach((item, i) => {
      const g = PAGE_PLAYERS - ((page - 1) * PAGE_SIZE + i);
      const at = new Date(t0 + g * 1_000).toISOString();
      const ok =
        item.customer_id === customerIdOf(clientId, g) &&
        item.display_name === `Player No ${g}` &&
        item.entered_at === at &&
        item.last_login === (g % 2 === 0 ? at : null) &&
        Object.keys(item.statistics).length === 1 &&
        item.statistics.benchPageStat === 1 + (g % 997);
      assert(ok, `${where}: item ${i} is ${JSON.stringify(item)}, expected player No ${g}`);
    });
  };
  const timeOnce = async (entry: (typeof pages)[number], keep: boolean) => {
    const res = await call(
      server,
      'GET',
      `/api/segments/${segmentId}/players?page=${entry.page}&size=${PAGE_SIZE}`,
      {
        token,
      },
    );
    checkPage(entry.page, res.status, res.json);
    if (keep) entry.ms.push(res.ms);
  };
  for (let i = 0; i < PAGE_WARMUP; i += 1) for (const entry of pages) await timeOnce(entry, false);
  log(`players page: ${PAGE_REQUESTS} requests each of ${pages.map((p) => p.label).join(', ')}`);
  const load: number[] = [];
  for (let i = 0; i < PAGE_REQUESTS; i += 1) {
    for (const entry of pages) await timeOnce(entry, true);
    if (i % 20 === 0) load.push(os.loadavg()[0] ?? 0);
  }
  return {
    pages: pages.map((entry) => ({ label: entry.label, sorted: [...entry.ms].sort((a, b) => a - b) })),
    seedMs,
    allPlayersMs,
    load: Math.max(...load),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Main

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  ensureBuilt();
  const databaseUrl = await openBenchDatabase(defer);

  const server = await startServer(databaseUrl, { env: { ENGINE_IN_PROCESS: '0' } });
  defer('stopping the API', () => stopChild(server));
  const apiPid = server.child.pid as number;
  let apiRss: RssSampler | null = rssSampler(apiPid);
  defer('stopping the API memory sampler', () => apiRss?.stop());
  log(`API started on 127.0.0.1:${server.port} (pid ${apiPid}, ENGINE_IN_PROCESS=0)`);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: SENDERS + 2 });
  defer('closing the pool', () => pool.end());
  const info = (await pool.query<{ version: string }>("SELECT current_setting('server_version') AS version"))
    .rows[0];

  // ---- setup: two tenants (one gets segments), each with its key, statistics, customers ----
  apiRss.phase('setup');
  const setupStarted = performance.now();
  const steadyEvents = Math.ceil((STEADY_RATE * STEADY_SECONDS) / STEADY_BATCH) * STEADY_BATCH;
  const half = Math.ceil(SEGMENT_EVENTS / 2);
  const plain = await setupTenant(
    server,
    pool,
    { label: 'without segments', email: OWNER_EMAIL, alias: 'Bench Engine', name: 'Bench Engine (Pty) Ltd' },
    WARMUP_EVENTS + 2 * half + EVENTS + steadyEvents,
  );
  const withSegments = await setupTenant(
    server,
    pool,
    {
      label: 'with segments',
      email: SEGMENTS_EMAIL,
      alias: 'Bench Segments',
      name: 'Bench Segments (Pty) Ltd',
    },
    WARMUP_EVENTS + 2 * half,
  );
  const { owner, apiKey, players, model, generator } = plain;
  const setupMs = performance.now() - setupStarted;

  const worker: Child = await startWorker(databaseUrl, { ENGINE_BATCH_SIZE: String(ENGINE_BATCH_SIZE) });
  defer('stopping the worker', () => stopChild(worker));
  const workerPid = worker.child.pid as number;
  // Anything the worker logs at warn or above (a failed event, a failed batch) fails the bench.
  const workerWarnings: string[] = [];
  worker.child.stdout?.on('data', (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n'))
      if (/"level":(40|50|60)/.test(text) && workerWarnings.length < 20) workerWarnings.push(text);
  });
  let workerRss: RssSampler | null = rssSampler(workerPid);
  defer('stopping the worker memory sampler', () => workerRss?.stop());
  log(`worker started (pid ${workerPid}, ENGINE_BATCH_SIZE=${ENGINE_BATCH_SIZE})`);
  const phase = (name: string) => {
    apiRss?.phase(name);
    workerRss?.phase(name);
  };
  const cpu = cpuMeter(pool, apiPid, workerPid);
  // The system segments (AllPlayers) follow the seeded statistic before anything runs.
  for (const tenant of [plain, withSegments]) await waitRebuilt(pool, tenant.owner.clientId, tenant.label);

  // ---- warm-up (not measured) ----
  phase('warm-up');
  if (WARMUP_EVENTS > 0) {
    for (const tenant of [plain, withSegments]) {
      log(`warm-up (${tenant.label}): ${fmtInt(WARMUP_EVENTS)} events`);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let sent = 0; sent < WARMUP_EVENTS; sent += BATCH)
        await postBatch(
          server,
          tenant.apiKey,
          tenant.generator.batch(Math.min(BATCH, WARMUP_EVENTS - sent)),
          agent,
        );
      agent.destroy();
      await waitSettled(pool, tenant.owner.clientId, 'warm-up');
    }
  }

  // ---- segments: the same mix with and without them (A B B A) ----
  phase('segments');
  log(`segments: creating ${SEGMENTS} segments of ${SEGMENT_RULES} rules (${withSegments.label})…`);
  const created = await createSegments(server, pool, withSegments);
  const benchSegments = created.segments;
  const membersBefore = await memberRows(pool, benchSegments);
  log(
    `segments: computed in ${(created.ms / 1000).toFixed(1)} s (${fmtInt(membersBefore)} memberships); ` +
      `comparing ${fmtInt(half)} events x 2 per tenant`,
  );
  const runs: { tenant: Tenant; pushed: Pushed }[] = [];
  for (const tenant of [plain, withSegments, withSegments, plain]) {
    const pushed = await pushEvents(server, pool, cpu, tenant, half);
    log(`segments: ${tenant.label}: ${fmtInt(pushed.accepted / pushed.seconds)} events/s processed`);
    runs.push({ tenant, pushed });
  }
  const membersAfter = await memberRows(pool, benchSegments);
  const rateOf = (tenant: Tenant) => {
    const mine = runs.filter((run) => run.tenant === tenant);
    const accepted = mine.reduce((sum, run) => sum + run.pushed.accepted, 0);
    const seconds = mine.reduce((sum, run) => sum + run.pushed.seconds, 0);
    const perThousand = (pick: (cpu: CpuShares) => number) =>
      (mine.reduce((sum, run) => sum + pick(run.pushed.cpu), 0) / accepted) * 1e6;
    return {
      perSecond: accepted / seconds,
      workerPerThousand: perThousand((cpu) => cpu.used.worker),
      postgresPerThousand: perThousand((cpu) => cpu.used.postgres),
      otherShare: mine.reduce((sum, run) => sum + run.pushed.cpu.other * run.pushed.seconds, 0) / seconds,
    };
  };
  const without = rateOf(plain);
  const withRate = rateOf(withSegments);
  const segmentRatio = withRate.perSecond / without.perSecond;

  // ---- throughput: BENCH_EVENTS as fast as the API takes them ----
  phase('throughput');
  log(`throughput: ${fmtInt(EVENTS)} events in batches of ${BATCH} by ${SENDERS} senders`);
  const batchCount = Math.ceil(EVENTS / BATCH);
  const floorBatches: string[][] = [];
  const postMs: number[] = [];
  let nextBatch = 0;
  let acceptedCount = 0;
  let answeredCount = 0;
  const throughputCpu = await cpu();
  const throughputWall = Date.now();
  const throughputStarted = performance.now();
  const agents = Array.from({ length: SENDERS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  let progressAt = Date.now();
  await Promise.all(
    agents.map(async (agent) => {
      while (nextBatch < batchCount) {
        const index = nextBatch++;
        const planned = generator.batch(Math.min(BATCH, EVENTS - index * BATCH));
        const posted = await postBatch(server, apiKey, planned, agent);
        postMs.push(posted.ms);
        floorBatches[index] = posted.accepted;
        acceptedCount += posted.accepted.length;
        answeredCount += posted.answered;
        if (Date.now() - progressAt > 5_000) {
          progressAt = Date.now();
          log(`throughput: ${fmtInt(answeredCount)} events posted`);
        }
      }
    }),
  );
  for (const agent of agents) agent.destroy();
  const postedAt = performance.now();
  const postingCpu = await throughputCpu();
  const pendingAtPosted = await pendingCount(pool, owner.clientId);
  phase('drain');
  const drainCpu = await cpu();
  const settledAt = await waitSettled(pool, owner.clientId, 'throughput');
  const drainCpuShares = await drainCpu();
  const wholeCpu = await throughputCpu();
  const postingSeconds = (postedAt - throughputStarted) / 1000;
  const processingSeconds = (settledAt - throughputStarted) / 1000;
  const drainSeconds = (settledAt - postedAt) / 1000;
  const acceptedPerSecond = acceptedCount / postingSeconds;
  const processedPerSecond = acceptedCount / processingSeconds;
  const drainPerSecond = drainSeconds > 0.5 ? pendingAtPosted / drainSeconds : Number.NaN;
  log(
    `throughput: posted in ${postingSeconds.toFixed(1)} s, all processed after ${processingSeconds.toFixed(1)} s ` +
      `(${fmtInt(pendingAtPosted)} were waiting when posting ended)`,
  );

  // The worker's batches, from the events it marked: processed_at is the batch transaction's start, one per batch.
  const batchRows = (
    await pool.query<{ at: Date; n: number }>(
      `SELECT processed_at AS at, count(*)::int AS n FROM events
        WHERE client_id = $1 AND processed_at >= $2 GROUP BY processed_at ORDER BY processed_at`,
      [owner.clientId, new Date(throughputWall)],
    )
  ).rows;
  const batchSizes = batchRows.map((row) => row.n).sort((a, b) => a - b);
  const batchGaps = batchRows
    .slice(1)
    .map((row, i) => row.at.getTime() - (batchRows[i] as { at: Date }).at.getTime())
    .sort((a, b) => a - b);

  // ---- steady: STEADY_RATE events/s, latency from acceptance to processed ----
  phase('steady');
  const steadyBatches = Math.ceil((STEADY_RATE * STEADY_SECONDS) / STEADY_BATCH);
  const intervalMs = (STEADY_BATCH / STEADY_RATE) * 1000;
  log(
    `steady: ${STEADY_RATE} events/s for ${STEADY_SECONDS} s (${STEADY_BATCH} every ${intervalMs.toFixed(0)} ms)`,
  );
  const outstanding = new Set<string>();
  const observed: number[] = [];
  const recorded: number[] = [];
  let steadyAccepted = 0;
  let posting = true;
  const watcher = (async () => {
    while (posting || outstanding.size > 0) {
      if (outstanding.size > 0) {
        const ids = [...outstanding];
        const rows = (
          await pool.query<{ external_id: string; received_ms: number; processed_ms: number | null }>(
            `SELECT external_id, extract(epoch FROM received_at) * 1000 AS received_ms,
                    extract(epoch FROM processed_at) * 1000 AS processed_ms
               FROM events WHERE client_id = $1 AND external_id = ANY($2::text[]) AND status <> 'accepted'`,
            [owner.clientId, ids],
          )
        ).rows;
        // Seen once the answer came back: the commit happened before, so this never flatters the engine.
        const seenAt = Date.now();
        for (const row of rows) {
          outstanding.delete(row.external_id);
          observed.push(seenAt - Number(row.received_ms));
          if (row.processed_ms !== null) recorded.push(Number(row.processed_ms) - Number(row.received_ms));
        }
      }
      await sleep(POLL_MS);
    }
  })();
  const steadyCpu = await cpu();
  const steadyStarted = performance.now();
  const steadyAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < steadyBatches; i += 1) {
    const due = steadyStarted + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const planned = generator.batch(STEADY_BATCH);
    inFlight.push(
      postBatch(server, apiKey, planned, steadyAgent).then((posted) => {
        steadyAccepted += posted.accepted.length;
        for (const id of posted.accepted) outstanding.add(id);
      }),
    );
  }
  await Promise.all(inFlight);
  const steadyPostedSeconds = (performance.now() - steadyStarted) / 1000;
  posting = false;
  const watchDeadline = Date.now() + SETTLE_STALL_MS;
  await Promise.race([
    watcher,
    (async () => {
      while (Date.now() < watchDeadline && (posting || outstanding.size > 0)) await sleep(500);
      if (outstanding.size > 0) throw new Error(`steady: ${outstanding.size} events never processed`);
    })(),
  ]);
  const steadyCpuShares = await steadyCpu();
  steadyAgent.destroy();
  assert(
    observed.length === steadyAccepted,
    `steady: ${observed.length} of ${steadyAccepted} events seen processed`,
  );
  const observedSorted = [...observed].sort((a, b) => a - b);
  const recordedSorted = [...recorded].sort((a, b) => a - b);

  // ---- a rule change that moves most players of the segments tenant in or out ----
  phase('rebuild');
  log(`rule change: ${REBUILDS} x segment 1's first rule flipped over ${fmtInt(CUSTOMERS)} players`);
  const rebuilds = await measureRebuilds(server, pool, withSegments, benchSegments[0] as BenchSegment);

  // ---- checks ----
  phase('verify');
  await waitSettled(pool, owner.clientId, 'final');
  // Only for the bench's own reads below (the measured phases ran on whatever statistics autovacuum had taken).
  await pool.query('ANALYZE events');
  log('checking every event state and every player statistic against a recomputation…');
  const checked = await verify(pool, server, apiKey, owner.clientId, model, players);
  const checkedSegmentsTenant = await verify(
    pool,
    server,
    withSegments.apiKey,
    withSegments.owner.clientId,
    withSegments.model,
    withSegments.players,
  );
  log('checking every segment’s members against the model and SQL…');
  const memberships = await verifySegments(pool, withSegments, benchSegments);

  // ---- players page of a large segment ----
  phase('players page');
  const page = await measurePlayersPage(server, pool);

  // ---- economy (issue 13): orders with 5 earn configs, spends, and their floor ----
  phase('economy');
  const economy = RUN_ECONOMY ? await runEconomyScenario(server, pool, SENDERS, waitSettled, cpu) : null;

  // ---- challenges (issue 11): 20 challenges of 3 objectives for AllPlayers vs none ----
  phase('challenges');
  const challenges = RUN_CHALLENGES ? await runChallengesScenario(server, pool, SENDERS, waitSettled) : null;

  // ---- floor ----
  phase('floor');
  log(
    `floor: the same ${fmtInt(acceptedCount)} rows, one multi-row INSERT per batch, ${SENDERS} connections…`,
  );
  const floor = await measureFloor(pool, owner.clientId, floorBatches, SENDERS);
  const floorPerSecond = floor.rows / (floor.ms / 1000);

  phase('end');
  const api = apiRss.stop();
  apiRss = null;
  const work = workerRss.stop();
  workerRss = null;

  // ---- report (stdout) ----
  const out: string[] = [];
  const line = (label: string, value: string, target = '', ok?: boolean) =>
    out.push(
      `${pad(label, 58)}${padLeft(value, 14)}${target ? `   ${pad(target, 18)}${verdict(Boolean(ok))}` : ''}`,
    );
  const mix = [...checked.byStatus.entries()].map(([status, n]) => `${status} ${fmtInt(n)}`).join(', ');
  out.push('');
  out.push(
    `Engine benchmark: ${fmtInt(CUSTOMERS)} customers, ${STATISTICS} statistics, ${fmtInt(EVENTS)} events over HTTP in ` +
      `batches of ${BATCH} by ${SENDERS} senders; 1 API process (ENGINE_IN_PROCESS=0) + 1 worker ` +
      `(ENGINE_BATCH_SIZE=${ENGINE_BATCH_SIZE}); PostgreSQL ${info?.version}; node ${process.version}; ${os.cpus().length} CPUs`,
  );
  out.push(
    `Setup ${(setupMs / 1000).toFixed(1)} s (client, key and statistics through the API, customers by SQL); ` +
      `${fmtInt(WARMUP_EVENTS)} warm-up events first`,
  );
  out.push(
    `Events stored ${fmtInt(checked.events)} (${mix}); ${fmtInt(answeredCount - acceptedCount)} of the throughput ` +
      `phase's answers were duplicates or rejections, as planned`,
  );
  out.push(
    `Machine: 1-minute load average ${loadAtStart.toFixed(1)} at start, ${Math.max(api.load, work.load).toFixed(1)} ` +
      `at most (${os.cpus().length} CPUs${Math.max(api.load, work.load) > os.cpus().length + 1 ? ': other work shared the cores' : ''})`,
  );
  out.push('');
  out.push(`${pad('measure', 58)}${padLeft('value', 14)}   ${pad('target', 18)}result`);
  out.push('-'.repeat(104));
  line(
    `events/s accepted (${fmtInt(acceptedCount)} over HTTP in ${postingSeconds.toFixed(1)} s)`,
    fmtInt(acceptedPerSecond),
  );
  line(
    `events/s fully processed, end to end (${processingSeconds.toFixed(1)} s)`,
    fmtInt(processedPerSecond),
    `>= ${fmtInt(TARGET_PROCESSED_PER_S)}`,
    processedPerSecond >= TARGET_PROCESSED_PER_S,
  );
  line(
    `  worker alone on the backlog after posting (${fmtInt(pendingAtPosted)} events)`,
    Number.isNaN(drainPerSecond) ? 'n/a' : fmtInt(drainPerSecond),
  );
  const sortedPosts = [...postMs].sort((a, b) => a - b);
  line(
    `  POST of ${BATCH} events, p50 / p95 ms`,
    `${fmtMs(percentile(sortedPosts, 50))} / ${fmtMs(percentile(sortedPosts, 95))}`,
  );
  line(
    `  worker batches: ${batchRows.length}, size p50 ${percentile(batchSizes, 50) ?? 0}, ms apart p50 / p95`,
    batchGaps.length > 0
      ? `${fmtMs(percentile(batchGaps, 50))} / ${fmtMs(percentile(batchGaps, 95))}`
      : 'n/a',
  );
  out.push('');
  const steadyRate = steadyAccepted / steadyPostedSeconds;
  line(
    `steady ${fmtInt(steadyRate)} events/s (${fmtInt(steadyAccepted)}): accepted -> processed p50 ms`,
    fmtMs(percentile(observedSorted, 50)),
  );
  line(
    '  p95 ms (as seen by a reader polling every 50 ms)',
    fmtMs(percentile(observedSorted, 95)),
    `< ${fmtInt(TARGET_P95_MS)} ms`,
    percentile(observedSorted, 95) < TARGET_P95_MS,
  );
  line('  max ms', fmtMs(observedSorted.at(-1) ?? 0));
  line(
    '  processed_at - received_at p50 / p95 ms (batch start)',
    `${fmtMs(percentile(recordedSorted, 50))} / ${fmtMs(percentile(recordedSorted, 95))}`,
  );
  out.push('');
  line(
    `floor: same rows, 1 INSERT … VALUES per batch, ${SENDERS} connections`,
    `${fmtInt(floorPerSecond)} rows/s`,
  );
  line('ratio accepted / floor', (acceptedPerSecond / floorPerSecond).toFixed(2));
  line('ratio processed end to end / floor', (processedPerSecond / floorPerSecond).toFixed(2));
  out.push('');
  const peaks = (rss: typeof api) =>
    [...rss.peaks.entries()].map(([name, mb]) => `${name} ${mb.toFixed(0)}`).join(', ');
  line('API RSS, max MB', api.peak.toFixed(0), `< ${TARGET_RSS_MB} MB`, api.peak < TARGET_RSS_MB);
  line('worker RSS, max MB', work.peak.toFixed(0), `< ${TARGET_RSS_MB} MB`, work.peak < TARGET_RSS_MB);
  out.push(`  per phase, API: ${peaks(api)}`);
  out.push(`  per phase, worker: ${peaks(work)}`);
  out.push('');
  out.push(
    `Segments: ${SEGMENTS} segments of ${SEGMENT_RULES} rules over ${fmtInt(CUSTOMERS)} players (a second tenant, ` +
      `same statistics and mix; the first has only the 6 system segments every client has); ${fmtInt(half)} events ` +
      'to each tenant in turn, A B B A, each posted by the same senders and timed until processed',
  );
  line('events/s processed, without segments of its own', fmtInt(without.perSecond));
  line(`events/s processed, with ${SEGMENTS} segments x ${SEGMENT_RULES} rules`, fmtInt(withRate.perSecond));
  line(
    'ratio with / without',
    segmentRatio.toFixed(2),
    `>= ${TARGET_SEGMENT_RATIO.toFixed(2)}`,
    segmentRatio >= TARGET_SEGMENT_RATIO,
  );
  line(
    '  each run (A B B A), events/s',
    runs.map((run) => fmtInt(run.pushed.accepted / run.pushed.seconds)).join(' / '),
  );
  line(
    '  CPU per 1,000 events, worker without / with ms',
    `${fmtInt(without.workerPerThousand)} / ${fmtInt(withRate.workerPerThousand)}`,
  );
  line(
    '  CPU per 1,000 events, PostgreSQL backends without / with ms',
    `${fmtInt(without.postgresPerThousand)} / ${fmtInt(withRate.postgresPerThousand)}`,
  );
  line(
    '  cores taken by other work meanwhile, without / with',
    `${without.otherShare.toFixed(2)} / ${withRate.otherShare.toFixed(2)}`,
  );
  line(
    `  memberships of the ${SEGMENTS} segments before / after`,
    `${fmtInt(membersBefore)} / ${fmtInt(membersAfter)}`,
  );
  line(`  ${SEGMENTS} segments created, members computed (s)`, (created.ms / 1000).toFixed(1));
  for (const [i, rebuild] of rebuilds.entries()) {
    line(
      `rule change ${i + 1} over ${fmtInt(CUSTOMERS)} players (${fmtInt(rebuild.changed)} moved), PUT -> done ms`,
      fmtInt(rebuild.ms),
      `< ${fmtInt(TARGET_REBUILD_MS)} ms`,
      rebuild.ms < TARGET_REBUILD_MS,
    );
  }
  out.push('');
  out.push(
    `Players page of a ${fmtInt(PAGE_PLAYERS)}-player segment (seeded by SQL in ${(page.seedMs / 1000).toFixed(1)} s; ` +
      `AllPlayers rebuilt over them in ${(page.allPlayersMs / 1000).toFixed(1)} s), size ${PAGE_SIZE}, ` +
      `${PAGE_REQUESTS} requests each after ${PAGE_WARMUP} warm-up, round-robin; load average up to ${page.load.toFixed(1)}`,
  );
  for (const entry of page.pages) {
    line(
      `  ${entry.label}, p50 / p95 ms`,
      `${fmtMs(percentile(entry.sorted, 50))} / ${fmtMs(percentile(entry.sorted, 95))}`,
      `p95 < ${TARGET_PAGE_P95_MS} ms`,
      percentile(entry.sorted, 95) < TARGET_PAGE_P95_MS,
    );
  }
  line('  max ms (all pages)', fmtMs(Math.max(...page.pages.map((entry) => entry.sorted.at(-1) ?? 0))));
  out.push('');
  if (economy) {
    economyReport(economy, line, out);
    out.push('');
  }
  if (challenges) {
    challengesReport(challenges, line, out);
    out.push('');
  }
  const perThousand = (seconds: number) => fmtInt((seconds / acceptedCount) * 1e6);
  out.push(
    `CPU per 1,000 events over the throughput phase (independent of what else ran): API ${perThousand(wholeCpu.used.api)} ms, ` +
      `worker ${perThousand(wholeCpu.used.worker)} ms, PostgreSQL backends ${perThousand(wholeCpu.used.postgres)} ms, ` +
      `together ${perThousand(wholeCpu.used.api + wholeCpu.used.worker + wholeCpu.used.postgres)} ms`,
  );
  out.push('Cores busy on average:');
  out.push(`  while posting (${postingCpu.seconds.toFixed(1)} s): ${fmtCpu(postingCpu)}`);
  out.push(`  worker draining alone (${drainCpuShares.seconds.toFixed(1)} s): ${fmtCpu(drainCpuShares)}`);
  out.push(`  throughput phase overall (${wholeCpu.seconds.toFixed(1)} s): ${fmtCpu(wholeCpu)}`);
  out.push(`  steady (${steadyCpuShares.seconds.toFixed(1)} s): ${fmtCpu(steadyCpuShares)}`);
  out.push('');
  out.push(
    `Checked: every POST answered 200 with the planned status per event; ${fmtInt(checked.events)} event states; ` +
      `${fmtInt(checked.values)} player statistic values equal the recomputation (and logins, order value and volume, ` +
      `customer totals recomputed in SQL); ${checked.players} players through GET /api/v1/players/:id`,
  );
  out.push(
    `Checked, segments tenant: ${fmtInt(checkedSegmentsTenant.events)} event states, ${fmtInt(checkedSegmentsTenant.values)} ` +
      `statistic values; ${fmtInt(memberships)} memberships of ${SEGMENTS} segments equal the model and SQL; ` +
      `each rule change's count and members equal SQL; every players page lists exactly the expected players`,
  );
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);

  assert(workerWarnings.length === 0, `the worker logged warnings or errors:\n${workerWarnings.join('\n')}`);
};

await runBench(main);
