/**
 * The engine bench's tenants: a client through the API with its key and statistics, customers by SQL, a model and
 * an event generator, and one statistic every active player has (the segments' rules use it).
 */
import { performance } from 'node:perf_hooks';
import type { TAggregationMethod, TResetInterval } from '@laurel/contract';
import type pg from 'pg';
import { assert, ensureClient, fmtInt, log, must, type Server, type Session, sleep } from './bench-support';
import { createGenerator, type Generator } from './engine-bench-events';
import { createModel, type Model, type Player, type StatisticModel, versionOf } from './engine-bench-model';
import { CUSTOMERS, PASSWORD, POLL_MS, SETTLE_STALL_MS, STATISTICS } from './engine-bench-settings';
import { subscribeEveryType } from './engine-bench-webhooks';

export const SEED_SQL = `
INSERT INTO customers (id, client_id, name, surname, email, cell_number, status, member_date, created_at, updated_at)
SELECT substr(md5($1::text || ':' || g), 1, 24), $1, 'Player', 'No ' || g, 'player' || g || '@bench.laurel.test',
       '+2782' || lpad(g::text, 7, '0'), CASE WHEN $3::int > 0 AND g % $3::int = 0 THEN 'SUSPENDED' ELSE 'ACTIVE' END,
       to_char(now(), 'YYYY-MM-DD'), now() - interval '1 year' + g * interval '1 second', now()
FROM generate_series(1, $2::int) AS g`;

export const seedCustomers = async (pool: pg.Pool, clientId: string) => {
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

export const METHODS: TAggregationMethod[] = ['Sum', 'Max', 'Min', 'Last'];

export const createStatistics = async (server: Server, token: string) => {
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
export const loadStatistics = async (pool: pg.Pool, clientId: string) => {
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
// Tenants: a client with its key, statistics, customers, model and event generator

export type Tenant = {
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
export const seedRuleStatistic = async (
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

export const setupTenant = async (
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
  await subscribeEveryType(server, owner.clientToken);
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
export const waitRebuilt = async (pool: pg.Pool, clientId: string, label: string) => {
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
