/**
 * The engine bench's checks at the end: every event's final state, every player statistic against the model and
 * SQL over the events and orders tables, and the player API's values.
 */
import type pg from 'pg';
import { assert, must, type Server } from './bench-support';
import { type Model, type Player, pick, scaleOf } from './engine-bench-model';

export const verify = async (
  pool: pg.Pool,
  server: Server,
  apiKey: string,
  clientId: string,
  model: Model,
  players: Player[],
  /** Events whose external id starts with this were seeded by SQL (the history scenario), not sent: left out. */
  seededPrefix = '',
) => {
  const sent = "($2::text = '' OR external_id NOT LIKE $2::text || '%')";
  // 1. Every stored event is in its expected final state, and nothing else was stored.
  const stored = (
    await pool.query<{ external_id: string; status: string }>(
      `SELECT external_id, status FROM events WHERE client_id = $1 AND ${sent}`,
      [clientId, seededPrefix],
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
          WHERE client_id = $1 AND type = 'user.logged-in' AND status = 'processed' AND ${sent}
          GROUP BY customer_id),
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
      [clientId, seededPrefix],
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
