import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ensureApiBuilt } from './api-bundle';
import { testDbKind } from './db-kind';
import { createCurrency, createEarnConfig, segmentId } from './economy-helpers';
import { createBadge, createSegment, rule } from './engine-helpers';
import { addCustomer, bearer, createApiKey, createClientAndSignIn, type SignedIn } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, startServer } from './server-process';
import { startWorker, type WorkerProcess } from './worker-process';

/**
 * How long the scenario waits for workers to start, build, reach a batch or finish: readiness, not speed. On a
 * 2-core machine running the journeys and another suite beside this one a worker took over 15 s to start and build
 * four segments, so the waits are generous and the test's own limit above them.
 */
const READY_WITHIN_MS = 60_000;

/*
 * DESIGN §5: "A crash mid-event leaves no partial effect; re-processing after a restart produces each effect exactly
 * once." Engine workers run as `node dist/worker.js` processes beside an API process that only stores events
 * (ENGINE_IN_PROCESS=0); they are killed with SIGKILL in the middle of batches and restarted while 5,000 events
 * arrive. Afterwards every player's statistics must equal a recomputation, written here independently of the engine,
 * from the event log; so must every segment's members, and the badges their actions granted: each entry or exit
 * granted exactly once, a limited stock given out exactly and never passed.
 */

const DAY_MS = 86_400_000;
const CUSTOMERS = 100;
const REQUESTS = 50;
const EVENTS_PER_REQUEST = 100;
/** Posting phases; a worker is killed at the end of each but the last. */
const PHASES = 6;
const BATCH_SIZE = 50;
/** Africa/Johannesburg is UTC+2 all year (no daylight saving), so its local day is computed here without tz data. */
const TIME_ZONE = 'Africa/Johannesburg';
const TIME_ZONE_OFFSET_MS = 2 * 3_600_000;
const REVERSALS = new Set(['REFUNDED', 'CANCELLED']);
/**
 * Where each of the five kills lands: anywhere in a batch after its claim, at the batch's first statistics write
 * (orders already written), or when it marks its events (every effect written, nothing committed yet).
 */
const KILL_POINTS = [
  'anywhere',
  'before-statistics',
  'before-marking',
  'anywhere',
  'before-marking',
] as const;
type KillPoint = (typeof KILL_POINTS)[number];

const CUSTOM_STATISTICS = [
  { name: 'coffeeStamps', aggregation_method: 'Sum', reset_interval: 'Manual' },
  { name: 'bestScore', aggregation_method: 'Max', reset_interval: 'Manual' },
  { name: 'lowestBasket', aggregation_method: 'Min', reset_interval: 'Manual' },
  { name: 'lastRating', aggregation_method: 'Last', reset_interval: 'Manual' },
  { name: 'dailyVisits', aggregation_method: 'Sum', reset_interval: 'Day' },
  { name: 'dailyMood', aggregation_method: 'Last', reset_interval: 'Day' },
] as const;
type StatisticName = (typeof CUSTOM_STATISTICS)[number]['name'];

/** mulberry32: the same seed gives the same events on every run. */
const prng = (seed: number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type SentEvent = {
  id: string;
  type: string;
  customer: { _id: string };
  occurred_at: string;
  data: Record<string, unknown>;
};

/**
 * 50 requests of 100 events: logins, orders (some order ids sent again under a new event id), refunds and
 * cancellations of orders sent in an earlier request (some twice), and statistic.update for six statistics; about
 * one posting in six repeats an earlier event exactly (same id and payload). occurred_at is random over the last
 * twelve days, so nothing arrives in time order, and some statistic updates share an occurred_at, some of them side by
 * side in one request (`Last` then goes by arrival).
 */
const generateRequests = (seed: number, customers: readonly string[], now: number) => {
  const rand = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const iso = (ms: number) => new Date(ms).toISOString();
  const past = () => now - int(60_000, 12 * DAY_MS);
  const valueFor: Record<StatisticName, () => number> = {
    coffeeStamps: () => int(1, 4),
    bestScore: () => int(-50_000, 50_000) / 100,
    lowestBasket: () => int(-50_000, 50_000) / 100,
    lastRating: () => int(1, 5),
    dailyVisits: () => int(1, 3),
    dailyMood: () => int(-10, 10),
  };
  const all: SentEvent[] = [];
  const orders: { orderId: string; customerId: string; total: number; at: number }[] = [];
  const updateTimes = new Map<string, number[]>();
  const requests: SentEvent[][] = [];
  let counter = 0;
  for (let r = 0; r < REQUESTS; r += 1) {
    const request: SentEvent[] = [];
    const newOrders: typeof orders = [];
    while (request.length < EVENTS_PER_REQUEST) {
      if (all.length > 0 && rand() < 0.16) {
        request.push(pick(all));
        continue;
      }
      counter += 1;
      const id = `crash-${seed}-${counter}`;
      const roll = rand();
      let event: SentEvent;
      if (roll < 0.47) {
        const customerId = pick(customers);
        const mine = orders.filter((order) => order.customerId === customerId);
        if (roll < 0.25) {
          const data = rand() < 0.5 ? { channel: pick(['app', 'web', 'pos']) } : {};
          event = {
            id,
            type: 'user.logged-in',
            customer: { _id: customerId },
            occurred_at: iso(past()),
            data,
          };
        } else if (mine.length > 0 && rand() < 0.12) {
          // The same order again under another event id: it must not count twice.
          const order = pick(mine);
          event = {
            id,
            type: 'order.created',
            customer: { _id: customerId },
            occurred_at: iso(order.at + int(0, 3_600_000)),
            data: { order_id: order.orderId, total: order.total },
          };
        } else {
          const order = {
            orderId: `ord-${seed}-${counter}`,
            customerId,
            total: int(100, 60_000) / 100,
            at: past(),
          };
          newOrders.push(order);
          event = {
            id,
            type: 'order.created',
            customer: { _id: customerId },
            occurred_at: iso(order.at),
            data: { order_id: order.orderId, total: order.total },
          };
        }
      } else if (roll < 0.55 && orders.length > 0) {
        // Refund or cancel an order acknowledged in an earlier request, at or after its time.
        const order = pick(orders);
        event = {
          id,
          type: 'order.status-change',
          customer: { _id: order.customerId },
          occurred_at: iso(Math.min(now - 1_000, order.at + int(0, 6 * 3_600_000))),
          data: { order_id: order.orderId, status: rand() < 0.8 ? 'REFUNDED' : 'CANCELLED' },
        };
      } else {
        const customerId = pick(customers);
        const { name } = pick(CUSTOM_STATISTICS);
        const key = `${customerId}|${name}`;
        const times = updateTimes.get(key) ?? [];
        const at = times.length > 0 && rand() < 0.15 ? pick(times) : past();
        times.push(at);
        updateTimes.set(key, times);
        event = {
          id,
          type: 'statistic.update',
          customer: { _id: customerId },
          occurred_at: iso(at),
          data: { name, value: valueFor[name]() },
        };
        if (rand() < 0.1 && request.length < EVENTS_PER_REQUEST - 1) {
          // Two updates of one statistic at the same moment, side by side: `Last` keeps the one that came last.
          counter += 1;
          const twin = { ...event, id: `crash-${seed}-${counter}`, data: { name, value: valueFor[name]() } };
          all.push(event, twin);
          request.push(event, twin);
          continue;
        }
      }
      all.push(event);
      request.push(event);
    }
    orders.push(...newOrders);
    requests.push(request);
  }
  return requests;
};

type LogRow = {
  external_id: string;
  type: string;
  customer_id: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  status: string;
  seq: string;
  attempts: number;
  error: string | null;
};

type Definition = {
  name: string;
  aggregation_method: string;
  reset_interval: string;
  epoch_version: number;
  epoch_start: Date;
};

type Cell = { method: string; cents: number; value: number; at: number; seq: number };

/**
 * Every player's statistics from the processed events of the log, one cell per (customer, statistic, version):
 * Sum adds (in cents, exactly), Max and Min keep the extreme, Last keeps the value of the latest occurred_at, then
 * the latest arrival (seq). An order counts once, from its processed order.created, and comes out again when a
 * processed status change reverses it. Only Manual and Day resets occur in this test.
 */
const recompute = (rows: readonly LogRow[], definitions: readonly Definition[]) => {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const localDay = (ms: number) => Math.floor((ms + TIME_ZONE_OFFSET_MS) / DAY_MS);
  const versionOf = (definition: Definition, at: number) => {
    if (definition.reset_interval === 'Manual') return definition.epoch_version;
    if (definition.reset_interval !== 'Day') throw new Error(`unexpected reset ${definition.reset_interval}`);
    // A day before the epoch's first keeps its own version, below the first (DESIGN §5: the day it occurred on).
    const passed = localDay(at) - localDay(definition.epoch_start.getTime());
    return passed >= 0 ? definition.epoch_version + passed : definition.epoch_version - 1 + passed;
  };
  const cells = new Map<string, Cell>();
  const add = (row: LogRow, name: string, value: number) => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`no statistic ${name}`);
    const at = row.occurred_at.getTime();
    const seq = Number(row.seq);
    const key = `${row.customer_id}|${name}|${versionOf(definition, at)}`;
    const cell = cells.get(key);
    const method = definition.aggregation_method;
    if (!cell) {
      cells.set(key, { method, cents: Math.round(value * 100), value, at, seq });
      return;
    }
    cell.cents += Math.round(value * 100);
    if (method === 'Max') cell.value = Math.max(cell.value, value);
    if (method === 'Min') cell.value = Math.min(cell.value, value);
    if (method === 'Last' && (at > cell.at || (at === cell.at && seq > cell.seq))) {
      cell.value = value;
      cell.at = at;
      cell.seq = seq;
    }
  };

  const processed = rows.filter((row) => row.status === 'processed');
  const countedOrders = new Map<string, LogRow>();
  const countedTwice: string[] = [];
  for (const row of processed) {
    if (row.type === 'user.logged-in') add(row, 'numberOfLogins', 1);
    if (row.type === 'statistic.update') add(row, String(row.data.name), Number(row.data.value));
    if (row.type !== 'order.created') continue;
    const orderId = String(row.data.order_id);
    if (countedOrders.has(orderId)) countedTwice.push(orderId);
    countedOrders.set(orderId, row);
    add(row, 'totalOrderValue', Number(row.data.total));
    add(row, 'orderVolume', 1);
  }
  const reversed = new Set<string>();
  for (const row of processed) {
    if (row.type !== 'order.status-change' || !REVERSALS.has(String(row.data.status))) continue;
    const orderId = String(row.data.order_id);
    const order = countedOrders.get(orderId);
    // Only reversals are sent, so the first one takes the order out and the others change nothing.
    if (!order || reversed.has(orderId)) continue;
    reversed.add(orderId);
    add(row, 'totalOrderValue', -Number(order.data.total));
    add(row, 'orderVolume', -1);
  }

  const cellValue = (cell: Cell) => (cell.method === 'Sum' ? cell.cents / 100 : cell.value);
  /** What the player API shows now: each statistic's value in its current version. */
  const currentOf = (customerId: string, now: number) => {
    const statistics: Record<string, number> = {};
    for (const definition of definitions) {
      const cell = cells.get(`${customerId}|${definition.name}|${versionOf(definition, now)}`);
      if (cell) statistics[definition.name] = cellValue(cell);
    }
    return statistics;
  };
  return { cells, cellValue, currentOf, countedOrders, reversed, countedTwice };
};

/** The stock of the limited badge: fewer than the players who qualify for it, so it runs out during the run. */
const LIMITED_STOCK = 15;
/** What the all-players segment grants on entry: a quantity above one, so the ledger is summed, not counted. */
const WELCOME_QUANTITY = 2;

/**
 * Segments over statistics the events drive, each granting a badge (DESIGN §5 step 4, spec 2 §3):
 * - `regulars` (numberOfLogins >= 14; 13 from halfway, while batches run; 12 once every event is in, so that
 *   the rebuild task alone lets players in, and it is killed once in the middle) and `collectors` (coffeeStamps
 *   >= 12 OR bestScore >= 400, the limited badge) read statistics that only grow (a count, a Sum of positive
 *   values, a Max) under rules that only loosen, so a player enters them once and never leaves;
 * - `spenders` (totalOrderValue >= 1,500 OR coffeeStamps < 2) goes both ways: refunds and cancellations take the
 *   total down, and stamps take a player out of the second rule (which a player without stamps does not match):
 *   players enter, leave and enter again, and every exit grants its own badge (a 'left' action);
 * - `everyone` (all_players) takes each player at their first statistic, with a quantity of two.
 */
const createProgramme = async (app: ReturnType<typeof overHttp>, admin: SignedIn) => {
  const regularBadge = await createBadge(app, admin, { name: 'Regular' });
  const collectorBadge = await createBadge(app, admin, {
    name: 'Collector',
    quantity_limited: true,
    quantity: LIMITED_STOCK,
  });
  const spenderBadge = await createBadge(app, admin, { name: 'Big spender' });
  const lapsedBadge = await createBadge(app, admin, { name: 'Come back' });
  const welcomeBadge = await createBadge(app, admin, { name: 'Welcome' });
  const grant = (item_id: string, trigger: 'entered' | 'left', quantity = 1) => ({
    type: 'grant_item',
    trigger,
    item_id,
    quantity,
  });
  const regularsBody = (logins: number) => ({
    name: 'Regulars',
    filters: [rule('numberOfLogins', 'GreaterThanOrEqual', logins)],
    actions: [grant(regularBadge._id, 'entered')],
  });
  const regulars = await createSegment(app, admin, regularsBody(14));
  const collectors = await createSegment(app, admin, {
    name: 'Collectors',
    filters: [rule('coffeeStamps', 'GreaterThanOrEqual', 12), rule('bestScore', 'GreaterThanOrEqual', 400)],
    actions: [grant(collectorBadge._id, 'entered')],
  });
  const spenders = await createSegment(app, admin, {
    name: 'Big spenders',
    filters: [rule('totalOrderValue', 'GreaterThanOrEqual', 1_500), rule('coffeeStamps', 'LessThan', 2)],
    actions: [grant(spenderBadge._id, 'entered'), grant(lapsedBadge._id, 'left')],
  });
  const everyone = await createSegment(app, admin, {
    name: 'Everyone',
    filters: [{ type: 'all_players' }],
    actions: [grant(welcomeBadge._id, 'entered', WELCOME_QUANTITY)],
  });
  /** The bar for regulars comes down: a rebuild lets in who qualifies now and has no event waiting. */
  const lowerTheBar = async (logins: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/segments/${regulars._id}`,
      headers: bearer(admin.clientToken),
      payload: regularsBody(logins),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return {
    lowerTheBar,
    segments: {
      regulars: regulars._id,
      collectors: collectors._id,
      spenders: spenders._id,
      everyone: everyone._id,
    },
    badges: {
      regular: regularBadge._id,
      collector: collectorBadge._id,
      spender: spenderBadge._id,
      lapsed: lapsedBadge._id,
      welcome: welcomeBadge._id,
    },
  };
};
type Programme = Awaited<ReturnType<typeof createProgramme>>;

type StoredFilter = {
  type: string;
  statistic_name: string | null;
  comparison: string | null;
  filter_value: number | null;
};

/** spec 2 §2's comparisons, written here again rather than taken from the engine. */
const COMPARE: Record<string, (value: number, threshold: number) => boolean> = {
  EqualTo: (value, threshold) => value === threshold,
  NotEqualTo: (value, threshold) => value !== threshold,
  GreaterThan: (value, threshold) => value > threshold,
  GreaterThanOrEqual: (value, threshold) => value >= threshold,
  LessThan: (value, threshold) => value < threshold,
  LessThanOrEqual: (value, threshold) => value <= threshold,
};

/**
 * Who belongs to a segment now, from a player's current statistics (recomputed from the log) and whether any of
 * them was ever written (all_players means a player with activity): rules OR-ed, a missing value matches no rule
 * on it, a suspended customer belongs nowhere.
 */
const belongs = (
  filters: readonly StoredFilter[],
  statistics: Record<string, number>,
  active: boolean,
  suspended: boolean,
) =>
  !suspended &&
  filters.some((filter) => {
    if (filter.type === 'all_players') return active;
    const value = filter.statistic_name === null ? undefined : statistics[filter.statistic_name];
    const compare = filter.comparison === null ? undefined : COMPARE[filter.comparison];
    if (value === undefined || !compare || filter.filter_value === null) return false;
    return compare(value, Number(filter.filter_value));
  });

/**
 * Every segment's members against the recomputation, and every badge grant against what those memberships imply:
 * - each badge's ledger (badge_transactions) adds up, per player, to what player_badges holds, and in all to the
 *   badge's granted_quantity; every grant is a segment's, names the event whose batch made it (a processed event
 *   of that player; only the rebuild grants without one), and the action's quantity;
 * - `regulars`, `everyone`: grown-only rules, so exactly one entry grant for each member and none for anyone else
 *   (a grant made twice after a restart, or lost, shows here);
 * - `collectors`: at most one grant each, only to members; more members than stock, so exactly the stock went,
 *   and the badge row agrees;
 * - `spenders`: players go in and out, in whatever batches the workers formed, but entries and exits alternate
 *   starting with an entry, so each player's entry grants less exit grants is one for a member and zero otherwise;
 *   some players left (the exit action ran) and some came back.
 */
const checkSegmentsAndBadges = async (
  sql: pg.Client,
  clientId: string,
  programme: Programme,
  customers: readonly string[],
  currentOf: (customerId: string) => Record<string, number>,
  activeCustomers: ReadonlySet<string>,
) => {
  const { rows: segmentRows } = await sql.query<{
    id: string;
    name: string;
    filters: StoredFilter[];
    rebuild_requested_at: Date | null;
  }>('SELECT id, name, filters, rebuild_requested_at FROM segments WHERE client_id = $1', [clientId]);
  // Ours and the system ones (AllPlayers, one per tier); nothing waits to be rebuilt.
  expect(segmentRows.length).toBeGreaterThanOrEqual(Object.keys(programme.segments).length);
  expect(segmentRows.filter((segment) => segment.rebuild_requested_at !== null)).toEqual([]);
  const { rows: customerRows } = await sql.query<{ id: string; status: string }>(
    'SELECT id, status FROM customers WHERE client_id = $1',
    [clientId],
  );
  const suspended = new Set(customerRows.filter((row) => row.status === 'SUSPENDED').map((row) => row.id));
  const { rows: memberRows } = await sql.query<{ segment_id: string; customer_id: string }>(
    'SELECT segment_id, customer_id FROM segment_members WHERE client_id = $1',
    [clientId],
  );
  const members = new Map<string, Set<string>>(segmentRows.map((segment) => [segment.id, new Set<string>()]));
  for (const row of memberRows) members.get(row.segment_id)?.add(row.customer_id);
  expect(memberRows.filter((row) => !members.has(row.segment_id))).toEqual([]);
  const wrongMembers: string[] = [];
  for (const segment of segmentRows) {
    const expected = customers.filter((customerId) =>
      belongs(
        segment.filters,
        currentOf(customerId),
        activeCustomers.has(customerId),
        suspended.has(customerId),
      ),
    );
    const stored = members.get(segment.id) ?? new Set<string>();
    for (const customerId of expected)
      if (!stored.has(customerId)) wrongMembers.push(`${segment.name}: ${customerId} missing`);
    for (const customerId of stored)
      if (!expected.includes(customerId))
        wrongMembers.push(`${segment.name}: ${customerId} should not be in`);
  }
  expect(wrongMembers.slice(0, 20)).toEqual([]);
  const memberCount = (segment: keyof Programme['segments']) =>
    members.get(programme.segments[segment])?.size ?? 0;
  // Each segment sorts the players: some in, some out (the limited badge has more takers than stock).
  for (const segment of ['regulars', 'spenders'] as const) {
    expect(memberCount(segment), segment).toBeGreaterThan(10);
    expect(memberCount(segment), segment).toBeLessThan(customers.length - 10);
  }
  expect(memberCount('collectors')).toBeGreaterThan(LIMITED_STOCK);
  expect(memberCount('collectors')).toBeLessThan(customers.length);
  expect(memberCount('everyone')).toBe(customers.length);

  // The ledger, what players hold and each badge's count agree.
  const { rows: ledger } = await sql.query<{
    customer_id: string;
    badge_id: string;
    quantity: number;
    source: string;
    source_id: string | null;
    event_id: string | null;
  }>(
    `SELECT customer_id, badge_id, quantity, source, source_id, event_id FROM badge_transactions
     WHERE client_id = $1`,
    [clientId],
  );
  const { rows: held } = await sql.query<{ customer_id: string; badge_id: string; quantity: number }>(
    'SELECT customer_id, badge_id, quantity FROM player_badges WHERE client_id = $1',
    [clientId],
  );
  const { rows: badgeRows } = await sql.query<{
    id: string;
    quantity: number;
    quantity_limited: boolean;
    granted_quantity: number;
  }>('SELECT id, quantity, quantity_limited, granted_quantity FROM badges WHERE client_id = $1', [clientId]);
  const { rows: eventRows } = await sql.query<{ id: string; customer_id: string; status: string }>(
    'SELECT id, customer_id, status FROM events WHERE client_id = $1',
    [clientId],
  );
  const events = new Map(eventRows.map((row) => [row.id, row]));
  const sourceOf = new Map<string, { segment: string; trigger: string; quantity: number }>([
    [programme.badges.regular, { segment: programme.segments.regulars, trigger: 'entered', quantity: 1 }],
    [programme.badges.collector, { segment: programme.segments.collectors, trigger: 'entered', quantity: 1 }],
    [programme.badges.spender, { segment: programme.segments.spenders, trigger: 'entered', quantity: 1 }],
    [programme.badges.lapsed, { segment: programme.segments.spenders, trigger: 'left', quantity: 1 }],
    [
      programme.badges.welcome,
      { segment: programme.segments.everyone, trigger: 'entered', quantity: WELCOME_QUANTITY },
    ],
  ]);
  const wrongGrants = ledger.filter((grant) => {
    const source = sourceOf.get(grant.badge_id);
    const event = grant.event_id === null ? undefined : events.get(grant.event_id);
    // Only the rebuild (of `regulars`, whose rule changed) grants without an event.
    const byRebuild = grant.event_id === null && grant.badge_id === programme.badges.regular;
    return (
      !source ||
      grant.source !== 'segment' ||
      grant.source_id !== source.segment ||
      grant.quantity !== source.quantity ||
      (!byRebuild && (event?.customer_id !== grant.customer_id || event.status !== 'processed'))
    );
  });
  expect(wrongGrants.slice(0, 10)).toEqual([]);

  /** badge -> customer -> [grants, quantity granted] */
  const grantsOf = new Map<string, Map<string, { grants: number; quantity: number }>>();
  for (const grant of ledger) {
    const perPlayer = grantsOf.get(grant.badge_id) ?? new Map();
    grantsOf.set(grant.badge_id, perPlayer);
    const tally = perPlayer.get(grant.customer_id) ?? { grants: 0, quantity: 0 };
    tally.grants += 1;
    tally.quantity += grant.quantity;
    perPlayer.set(grant.customer_id, tally);
  }
  const tallyOf = (badgeId: string, customerId: string) =>
    grantsOf.get(badgeId)?.get(customerId) ?? { grants: 0, quantity: 0 };
  const heldBy = new Map(held.map((row) => [`${row.badge_id}|${row.customer_id}`, row.quantity]));
  const ledgerKeys = new Set(ledger.map((grant) => `${grant.badge_id}|${grant.customer_id}`));
  const wrongHoldings = [
    ...[...ledgerKeys].flatMap((key) => {
      const [badgeId, customerId] = key.split('|') as [string, string];
      const quantity = tallyOf(badgeId, customerId).quantity;
      return heldBy.get(key) === quantity ? [] : [`${key}: ledger ${quantity}, held ${heldBy.get(key)}`];
    }),
    ...held
      .filter((row) => !ledgerKeys.has(`${row.badge_id}|${row.customer_id}`))
      .map((row) => `${row.badge_id}|${row.customer_id}: held ${row.quantity}, no ledger`),
  ];
  expect(wrongHoldings.slice(0, 10)).toEqual([]);
  const wrongCounts = badgeRows.flatMap((badge) => {
    const total = [...(grantsOf.get(badge.id)?.values() ?? [])].reduce(
      (sum, tally) => sum + tally.quantity,
      0,
    );
    return badge.granted_quantity === total
      ? []
      : [`${badge.id}: granted_quantity ${badge.granted_quantity}, ledger ${total}`];
  });
  expect(wrongCounts).toEqual([]);

  const isMember = (segment: keyof Programme['segments'], customerId: string) =>
    members.get(programme.segments[segment])?.has(customerId) === true;
  const wrongEntries: string[] = [];
  for (const customerId of customers) {
    // Rules that only grow: one entry grant per member, ever, and none for anyone else.
    for (const [segment, badgeId] of [
      ['regulars', programme.badges.regular],
      ['everyone', programme.badges.welcome],
    ] as const) {
      const { grants } = tallyOf(badgeId, customerId);
      if (grants !== (isMember(segment, customerId) ? 1 : 0))
        wrongEntries.push(
          `${segment}: ${customerId} member ${isMember(segment, customerId)}, ${grants} grants`,
        );
    }
    // The limited stock: at most one each, members only.
    const collected = tallyOf(programme.badges.collector, customerId).grants;
    if (collected > (isMember('collectors', customerId) ? 1 : 0))
      wrongEntries.push(
        `collectors: ${customerId} member ${isMember('collectors', customerId)}, ${collected} grants`,
      );
    // In and out: entries less exits is where the player is now.
    const entries = tallyOf(programme.badges.spender, customerId).grants;
    const exits = tallyOf(programme.badges.lapsed, customerId).grants;
    if (entries - exits !== (isMember('spenders', customerId) ? 1 : 0))
      wrongEntries.push(
        `spenders: ${customerId} member ${isMember('spenders', customerId)}, ${entries} entries, ${exits} exits`,
      );
  }
  expect(wrongEntries.slice(0, 20)).toEqual([]);

  const collector = badgeRows.find((badge) => badge.id === programme.badges.collector);
  expect(collector).toMatchObject({
    quantity_limited: true,
    quantity: LIMITED_STOCK,
    granted_quantity: LIMITED_STOCK,
  });
  const grantsIn = (badgeId: string) => ledger.filter((grant) => grant.badge_id === badgeId).length;
  expect(grantsIn(programme.badges.collector)).toBe(LIMITED_STOCK);
  // The exit action ran, and players who left came back in.
  const spenderExits = grantsIn(programme.badges.lapsed);
  expect(spenderExits).toBeGreaterThan(3);
  expect(grantsIn(programme.badges.spender)).toBeGreaterThan(memberCount('spenders') + 3);
  return {
    rebuildGrants: ledger.filter((grant) => grant.event_id === null).length,
    members: Object.fromEntries(
      Object.keys(programme.segments).map((segment) => [
        segment,
        memberCount(segment as keyof Programme['segments']),
      ]),
    ),
    grants: Object.fromEntries(
      Object.entries(programme.badges).map(([name, badgeId]) => [name, grantsIn(badgeId)]),
    ),
  };
};

/**
 * The economy (DESIGN §5 step 2): each counted order earned its cashback exactly once and each reversed one was
 * clawed back exactly once (no spends here, so in full); every wallet equals its ledger, its lots and the
 * recomputation from the log.
 */
const checkEconomy = async (
  sql: pg.Client,
  clientId: string,
  currencyId: string,
  expected: ReturnType<typeof recompute>,
) => {
  const earned = (row: LogRow) => Math.round((Math.round(Number(row.data.total) * 100) * 5) / 100);
  const want = new Map<string, number>();
  for (const [orderId, row] of expected.countedOrders) {
    if (expected.reversed.has(orderId)) continue;
    want.set(row.customer_id, (want.get(row.customer_id) ?? 0) + earned(row));
  }
  const { rows: wallets } = await sql.query<{
    customer_id: string;
    balance: string;
    ledger: string;
    lots: string;
  }>(
    `SELECT w.customer_id, w.balance::text,
            (SELECT coalesce(sum(value), 0) FROM economy_transactions e
              WHERE e.customer_id = w.customer_id AND e.currency_id = w.currency_id)::text AS ledger,
            (SELECT coalesce(sum(remaining), 0) FROM wallet_lots l
              WHERE l.customer_id = w.customer_id AND l.currency_id = w.currency_id)::text AS lots
     FROM wallets w WHERE w.client_id = $1 AND w.currency_id = $2`,
    [clientId, currencyId],
  );
  const wrongWallets = wallets.filter(
    (w) =>
      w.ledger !== w.balance ||
      w.lots !== w.balance ||
      Math.round(Number(w.balance) * 100) !== (want.get(w.customer_id) ?? 0),
  );
  expect(wrongWallets.slice(0, 10)).toEqual([]);
  const missing = [...want.entries()].filter(
    ([customerId, cents]) => cents > 0 && !wallets.some((w) => w.customer_id === customerId),
  );
  expect(missing).toEqual([]);
  const { rows: effects } = await sql.query<{ order_ref: string; earns: number; clawbacks: number }>(
    `SELECT order_ref, count(*) FILTER (WHERE cause_kind = 'earn_config')::int AS earns,
            count(*) FILTER (WHERE cause_kind = 'clawback')::int AS clawbacks
     FROM economy_transactions WHERE client_id = $1 AND order_ref IS NOT NULL GROUP BY order_ref`,
    [clientId],
  );
  const byOrder = new Map(effects.map((row) => [row.order_ref, row]));
  const wrongEffects = [...expected.countedOrders.entries()]
    .filter(([, row]) => earned(row) > 0)
    .filter(([orderId]) => {
      const found = byOrder.get(orderId);
      const clawbacks = expected.reversed.has(orderId) ? 1 : 0;
      return found?.earns !== 1 || found.clawbacks !== clawbacks;
    })
    .map(([orderId]) => ({ orderId, found: byOrder.get(orderId) }));
  expect(wrongEffects.slice(0, 10)).toEqual([]);
  expect(effects.length).toBeGreaterThan(100);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Scenario = { seed: number; workers: number };

const runScenario = async ({ seed, workers: workerCount }: Scenario) => {
  const database = await createServerDatabase('engine-crash');
  const url = database.url as string;
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const running: (WorkerProcess & { name: string })[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const unexpectedExits: string[] = [];
  try {
    server = await startServer({
      ...database.env,
      ENGINE_IN_PROCESS: '0',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
    });
    const app = overHttp(server.url);
    const admin = await createClientAndSignIn(app, { plan: 'GROWTH' });
    const { key } = await createApiKey(app, admin);
    const customers: string[] = [];
    while (customers.length < CUSTOMERS) {
      customers.push(...(await Promise.all(Array.from({ length: 10 }, () => addCustomer(app, admin)))));
    }
    for (const statistic of CUSTOM_STATISTICS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/statistics',
        headers: bearer(admin.clientToken),
        payload: statistic,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const programme = await createProgramme(app, admin);
    // Cashback for everyone (5 per 100), so every counted order earns and every reversal claws back.
    const cashback = (await createCurrency(app, admin, { code: 'CRASH' }))._id;
    await createEarnConfig(app, admin, {
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: await segmentId(app, admin),
      earn_target: cashback,
    });
    // The business is in Johannesburg (Account Settings) and its daily statistics have been running for nine days,
    // so events of the last twelve days fall in several days' versions, some in days before the first.
    await sql.query('UPDATE clients SET time_zone = $2 WHERE id = $1', [admin.clientId, TIME_ZONE]);
    await sql.query(
      `UPDATE statistics SET epoch_start = now() - interval '9 days 7 hours'
       WHERE client_id = $1 AND reset_interval = 'Day'`,
      [admin.clientId],
    );

    const requests = generateRequests(seed, customers, Date.now());
    const rand = prng(seed + 1_000);

    const launch = (index: number) => {
      const name = `laurel-engine-crash-${seed}-${index}`;
      const worker = {
        // At info, a worker says when it is running (and so stops cleanly on SIGTERM), and nothing per batch.
        ...startWorker({
          DATABASE_URL: url,
          ENGINE_BATCH_SIZE: String(BATCH_SIZE),
          PGAPPNAME: name,
          LOG_LEVEL: 'info',
        }),
        name,
      };
      worker.child.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0) {
          unexpectedExits.push(`${name} exited (${code}, ${signal}): ${worker.output()}`);
        }
      });
      running[index] = worker;
    };
    for (let index = 0; index < workerCount; index += 1) launch(index);
    /** Segments whose rules changed and that no worker has rebuilt yet. */
    const rebuildsPending = async () =>
      Number(
        (
          await sql.query(
            'SELECT count(*) AS n FROM segments WHERE client_id = $1 AND rebuild_requested_at IS NOT NULL',
            [admin.clientId],
          )
        ).rows[0].n,
      );
    // The new segments are built (empty: no player has statistics yet) before the first event arrives, so every
    // membership after that is the batches' work, and the rebuild halfway through.
    const builtBy = Date.now() + READY_WITHIN_MS;
    while ((await rebuildsPending()) > 0 && Date.now() < builtBy) await sleep(50);
    expect(await rebuildsPending()).toBe(0);

    /** Workers mid-batch: their transaction has claimed rows (so it holds a transaction id) and has not ended. */
    const midBatch = async (blockedOnly: boolean) => {
      const { rows } = await sql.query<{ application_name: string }>(
        `SELECT application_name FROM pg_stat_activity
         WHERE application_name = ANY($1::text[]) AND backend_xid IS NOT NULL
           AND ($2::boolean IS FALSE OR wait_event_type = 'Lock')`,
        [running.map((worker) => worker.name), blockedOnly],
      );
      return new Set(rows.map((row) => row.application_name));
    };

    const seen = new Set<string>();
    const sentOrders = new Set<string>();
    /** Order repeats answered duplicate at once: not stored, so not in the log. */
    const notStored = new Set<string>();
    const wrongAnswers: string[] = [];
    const send = async (batch: readonly SentEvent[]) => {
      const res = await fetch(`${server?.url}/api/v1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ events: batch }),
      });
      const body = (await res.json()) as { content: { id: string; status: string; error?: string }[] };
      if (res.status !== 200) throw new Error(`events: ${res.status} ${JSON.stringify(body)}`);
      batch.forEach((event, index) => {
        const expected = seen.has(event.id) ? 'duplicate' : 'accepted';
        seen.add(event.id);
        const answer = body.content[index];
        // An order sent again under another event id is a duplicate at once when the engine has counted the order
        // by then (DESIGN §5), else accepted and set aside as a duplicate by the engine: either is right.
        const orderId = event.type === 'order.created' ? String(event.data.order_id) : null;
        const orderRepeat = orderId !== null && sentOrders.has(orderId) && expected === 'accepted';
        if (orderId !== null) sentOrders.add(orderId);
        if (orderRepeat && answer?.id === event.id && answer.status === 'duplicate') {
          notStored.add(event.id);
          return;
        }
        if (answer?.id !== event.id || answer.status !== expected) {
          wrongAnswers.push(`${event.id}: expected ${expected}, got ${JSON.stringify(answer)}`);
        }
      });
    };

    const kills: {
      worker: string;
      at: KillPoint;
      midBatch: boolean;
      othersMidBatch: boolean;
      signal: string | null;
    }[] = [];
    const perPhase = Math.ceil(REQUESTS / PHASES);
    /** Kills the phase's victim at the phase's kill point, preferably while the other worker is mid-batch too. */
    const killVictim = async (phase: number) => {
      const index = phase % workerCount;
      const victim = running[index] as WorkerProcess & { name: string };
      const at = KILL_POINTS[phase] as KillPoint;
      await sleep(Math.floor(rand() * 100));
      // A table held in SHARE mode stops the worker at its first write to it: the kill then lands exactly there.
      const blocker = at === 'anywhere' ? undefined : new pg.Client({ connectionString: url });
      const table = at === 'before-statistics' ? 'player_statistics' : 'events';
      let busy = new Set<string>();
      try {
        await blocker?.connect();
        // With two workers, preferably while the other one is mid-batch too.
        const deadline = Date.now() + READY_WITHIN_MS / 2;
        const preferBoth = Date.now() + 1_000;
        while (Date.now() < deadline) {
          if (blocker) {
            // The lock is taken only once the victim holds a batch: held over an idle worker (its events drained
            // already, and ingest itself waiting on a lock of `events`), it would wait for a batch that never comes.
            if (!(await midBatch(false)).has(victim.name)) continue;
            await blocker.query('BEGIN');
            await blocker.query(`SET LOCAL lock_timeout = '500ms'`);
            const locked = await blocker.query(`LOCK TABLE ${table} IN SHARE MODE`).then(
              () => true,
              () => false,
            );
            const blockedBy = Date.now() + 3_000;
            while (locked && Date.now() < blockedBy) {
              busy = await midBatch(true);
              if (busy.has(victim.name) && (busy.size === workerCount || Date.now() > preferBoth)) break;
            }
            if (busy.has(victim.name)) break;
            // That batch ended before it reached the table (or the lock waited behind it): the next one.
            await blocker.query('ROLLBACK');
            continue;
          }
          busy = await midBatch(false);
          if (busy.has(victim.name) && (busy.size === workerCount || Date.now() > preferBoth)) break;
        }
        victim.child.kill('SIGKILL');
        kills.push({
          worker: victim.name,
          at,
          midBatch: busy.has(victim.name),
          othersMidBatch: busy.size === workerCount,
          signal: (await exitOf(victim.child)).signal,
        });
      } finally {
        await blocker?.query('ROLLBACK');
        await blocker?.end();
      }
      return index;
    };
    let down: number | undefined;
    for (let phase = 0; phase < PHASES; phase += 1) {
      // Events keep arriving while a killed worker is down; it comes back halfway through the next phase.
      const batches = requests.slice(phase * perPhase, (phase + 1) * perPhase);
      const last = phase === PHASES - 1;
      // A kill watches for a batch while the phase's second half still arrives: once every event was processed no
      // batch is left to catch (the workers drained the backlog before the watch began, on a fast machine or two).
      const watchWhileSending = !last;
      let killed: Promise<number> | undefined;
      for (const [position, batch] of batches.entries()) {
        if (down !== undefined && position === Math.floor(batches.length / 2)) {
          launch(down);
          down = undefined;
        }
        if (watchWhileSending && position === Math.floor(batches.length / 2)) killed = killVictim(phase);
        // Halfway, the rule changes while batches run: they apply the new rule, a rebuild the rest.
        if (phase === PHASES / 2 && position === 0) await programme.lowerTheBar(13);
        await send(batch);
      }
      if (last) break;
      down = await (killed ?? killVictim(phase));
    }

    const waiting = async () =>
      Number(
        (
          await sql.query(`SELECT count(*) AS n FROM events WHERE client_id = $1 AND status = 'accepted'`, [
            admin.clientId,
          ])
        ).rows[0].n,
      );
    const finishBy = Date.now() + 2 * READY_WITHIN_MS;
    while (((await waiting()) > 0 || (await rebuildsPending()) > 0) && Date.now() < finishBy)
      await sleep(100);
    // Once every event is in, the bar comes down again: only the rebuild can let players in now. Its first attempt
    // is killed at its insert of the new members (held up by a SHARE lock on segment_members), and a new worker
    // does it again.
    const rebuildBlocker = new pg.Client({ connectionString: url });
    let rebuildKill: { worker: string; signal: string | null } | undefined;
    try {
      await rebuildBlocker.connect();
      await rebuildBlocker.query('BEGIN');
      await rebuildBlocker.query('LOCK TABLE segment_members IN SHARE MODE');
      await programme.lowerTheBar(12);
      const deadline = Date.now() + READY_WITHIN_MS / 2;
      let rebuilding: string | undefined;
      while (!rebuilding && Date.now() < deadline) {
        const { rows: blocked } = await sql.query<{ application_name: string }>(
          `SELECT application_name FROM pg_stat_activity
           WHERE application_name = ANY($1::text[]) AND wait_event_type = 'Lock' AND query LIKE '%WITH matched AS%'`,
          [running.map((worker) => worker.name)],
        );
        rebuilding = blocked[0]?.application_name;
        if (!rebuilding) await sleep(20);
      }
      const index = running.findIndex((worker) => worker.name === rebuilding);
      const victim = running[index];
      if (victim) {
        victim.child.kill('SIGKILL');
        rebuildKill = { worker: victim.name, signal: (await exitOf(victim.child)).signal };
        launch(index);
      }
    } finally {
      await rebuildBlocker.query('ROLLBACK');
      await rebuildBlocker.end();
    }
    expect(rebuildKill?.signal).toBe('SIGKILL');

    // Let the workers finish (every event and the rebuild), then stop them the clean way.
    while (((await waiting()) > 0 || (await rebuildsPending()) > 0) && Date.now() < finishBy)
      await sleep(100);
    expect(await rebuildsPending()).toBe(0);
    // A worker restarted a moment ago may still be starting, before it listens for SIGTERM.
    const startedBy = Date.now() + READY_WITHIN_MS;
    while (running.some((worker) => !worker.output().includes('worker is running')) && Date.now() < startedBy)
      await sleep(50);
    for (const worker of running) worker.child.kill('SIGTERM');
    const stops = await Promise.all(running.map((worker) => exitOf(worker.child)));

    expect(unexpectedExits).toEqual([]);
    expect(wrongAnswers.slice(0, 10)).toEqual([]);
    expect(kills).toHaveLength(PHASES - 1);
    expect(kills.every((kill) => kill.signal === 'SIGKILL')).toBe(true);
    expect(kills.filter((kill) => !kill.midBatch)).toEqual([]);
    // With two workers, they did work side by side: at least one kill found both mid-batch.
    if (workerCount > 1) expect(kills.some((kill) => kill.othersMidBatch)).toBe(true);
    expect(stops.map((stop) => stop.code)).toEqual(running.map(() => 0));

    // The log holds each event once, as sent.
    const { rows } = await sql.query<LogRow>(
      `SELECT external_id, type, customer_id, occurred_at, data, status, seq::text AS seq, attempts, error
       FROM events WHERE client_id = $1 ORDER BY seq`,
      [admin.clientId],
    );
    const sent = new Map(
      requests
        .flat()
        .filter((event) => !notStored.has(event.id))
        .map((event) => [event.id, event]),
    );
    expect(rows).toHaveLength(sent.size);
    const differing = rows.filter((row) => {
      const event = sent.get(row.external_id);
      return (
        !event ||
        event.type !== row.type ||
        event.customer._id !== row.customer_id ||
        event.occurred_at !== row.occurred_at.toISOString() ||
        !isDeepStrictEqual(event.data, row.data)
      );
    });
    expect(differing.slice(0, 5)).toEqual([]);

    // Nothing is left waiting or set aside; the only duplicates are order ids sent again.
    const statuses = Object.fromEntries(
      ['accepted', 'processed', 'duplicate', 'skipped', 'parked'].map((status) => [
        status,
        rows.filter((row) => row.status === status).length,
      ]),
    );
    const orderCreated = rows.filter((row) => row.type === 'order.created');
    const orderIds = new Set(orderCreated.map((row) => String(row.data.order_id)));
    expect(statuses).toEqual({
      accepted: 0,
      processed: rows.length - (orderCreated.length - orderIds.size),
      duplicate: orderCreated.length - orderIds.size,
      skipped: 0,
      parked: 0,
    });
    expect(rows.filter((row) => row.status === 'duplicate' && row.type !== 'order.created')).toEqual([]);
    // A kill is not a failed attempt: one worker, applying each player's events in arrival order, never had to
    // try an event again (a refund is always sent after its order).
    if (workerCount === 1) expect(rows.filter((row) => row.attempts > 0)).toEqual([]);

    const { rows: definitions } = await sql.query<Definition>(
      `SELECT name, aggregation_method, reset_interval, epoch_version, epoch_start FROM statistics
       WHERE client_id = $1`,
      [admin.clientId],
    );
    const expected = recompute(rows, definitions);
    // No order counted twice: one processed order.created per order id, one order row each.
    expect(expected.countedTwice).toEqual([]);
    expect(expected.countedOrders.size).toBe(orderIds.size);
    const { rows: orderRows } = await sql.query<{
      external_id: string;
      customer_id: string;
      total_minor: string;
      status: string;
    }>('SELECT external_id, customer_id, total_minor::text, status FROM orders WHERE client_id = $1', [
      admin.clientId,
    ]);
    expect(orderRows).toHaveLength(orderIds.size);
    const wrongOrders = orderRows.filter((order) => {
      const created = expected.countedOrders.get(order.external_id);
      return (
        !created ||
        created.customer_id !== order.customer_id ||
        Math.round(Number(created.data.total) * 100) !== Number(order.total_minor) ||
        REVERSALS.has(order.status) !== expected.reversed.has(order.external_id)
      );
    });
    expect(wrongOrders).toEqual([]);

    // Every stored statistic value, in every version, equals the recomputation, and nothing else is stored.
    const { rows: stored } = await sql.query<{
      customer_id: string;
      name: string;
      version: number;
      value: string;
    }>(
      `SELECT ps.customer_id, s.name, ps.version, ps.value::text AS value
       FROM player_statistics ps JOIN statistics s ON s.id = ps.statistic_id WHERE ps.client_id = $1`,
      [admin.clientId],
    );
    const mismatches: string[] = [];
    const storedKeys = new Set<string>();
    for (const row of stored) {
      const key = `${row.customer_id}|${row.name}|${row.version}`;
      storedKeys.add(key);
      const cell = expected.cells.get(key);
      if (!cell) mismatches.push(`${key}: stored ${row.value}, expected nothing`);
      else if (Math.round(Number(row.value) * 100) !== Math.round(expected.cellValue(cell) * 100)) {
        mismatches.push(`${key}: stored ${row.value}, expected ${expected.cellValue(cell)}`);
      }
    }
    for (const [key, cell] of expected.cells) {
      if (!storedKeys.has(key))
        mismatches.push(`${key}: nothing stored, expected ${expected.cellValue(cell)}`);
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(expected.cells.size).toBeGreaterThan(CUSTOMERS * 8);
    // Daily statistics really span several versions.
    const dailyVersions = new Set(
      stored.filter((row) => row.name === 'dailyVisits').map((row) => row.version),
    );
    expect(dailyVersions.size).toBeGreaterThan(5);

    // What an integrator reads: the player API shows each statistic's current value.
    const players = await Promise.all(
      customers.map(async (customerId) => {
        const res = await fetch(`${server?.url}/api/v1/players/${customerId}`, {
          headers: { 'x-api-key': key },
        });
        const body = (await res.json()) as { content: { statistics: Record<string, number> } | null };
        return { customerId, status: res.status, statistics: body.content?.statistics };
      }),
    );
    const now = Date.now();
    expect(players).toEqual(
      customers.map((customerId) => ({
        customerId,
        status: 200,
        statistics: expected.currentOf(customerId, now),
      })),
    );

    // Segments and badges: what the memberships are now, and what their entries and exits granted.
    const active = new Set([...expected.cells.keys()].map((key) => key.split('|')[0] as string));
    const outcome = await checkSegmentsAndBadges(
      sql,
      admin.clientId,
      programme,
      customers,
      (customerId) => expected.currentOf(customerId, now),
      active,
    );
    // The last rule change let players in through the rebuild alone, each with one grant (checked above).
    expect(outcome.rebuildGrants).toBeGreaterThan(0);

    await checkEconomy(sql, admin.clientId, cashback, expected);
  } finally {
    for (const worker of running) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await exitOf(server.child);
    }
    await Promise.all(running.map((worker) => exitOf(worker.child)));
    await sql.end();
    await database.close();
  }
};

describe.skipIf(testDbKind() !== 'postgres')(
  'engine workers killed with SIGKILL mid-batch (PostgreSQL only: separate worker processes need it, PGlite belongs to one process)',
  () => {
    it('one worker, killed five times while 5,000 events arrive (and once mid-rebuild): every statistic, segment membership and badge grant equals a recomputation from the log', async () => {
      ensureApiBuilt();
      await runScenario({ seed: 11, workers: 1 });
    }, 300_000);

    it('two workers on one database, killed five times in turn: the same holds', async () => {
      ensureApiBuilt();
      await runScenario({ seed: 23, workers: 2 });
    }, 300_000);
  },
);
