import type { TAggregationMethod } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import type { StatisticChange, StatisticContribution } from '../core/types';
import { versionAt } from './periods';
import type { StatisticCatalogue } from './statistic-definitions';

/**
 * How a new value meets the stored one, per aggregation method. `Last` keeps the value of the latest event: an
 * event older than the stored value's (one processed late, out of order) leaves it as it is.
 */
const MERGE: Record<TAggregationMethod, { group: string; merge: string }> = {
  Sum: { group: 'sum(value)', merge: 'p.value + EXCLUDED.value' },
  Max: { group: 'max(value)', merge: 'GREATEST(p.value, EXCLUDED.value)' },
  Min: { group: 'min(value)', merge: 'LEAST(p.value, EXCLUDED.value)' },
  Last: {
    group: '(array_agg(value ORDER BY occurred_at DESC, seq DESC))[1]',
    merge:
      'CASE WHEN (EXCLUDED.last_occurred_at, EXCLUDED.last_seq) >= (p.last_occurred_at, p.last_seq) THEN EXCLUDED.value ELSE p.value END',
  },
};

/**
 * A derived value (see StatisticContribution.derived) is computed from the player's statistics as they are now, so
 * under `Last` it is the newest value whatever its event's time: it replaces the stored one (the stored time never
 * goes back). Without this a track's `Last` target lagged its source after an out-of-order event.
 */
const mergeOf = (method: TAggregationMethod, derived: boolean) =>
  method === 'Last' && derived ? 'EXCLUDED.value' : MERGE[method].merge;

type Row = { customer_id: string; statistic_id: string; version: number; value: string };

/**
 * Applies a batch's contributions with one statement per aggregation method (and kind) present: contributions to the same
 * player, statistic and version are folded in SQL (numeric, so sums of money stay exact), then merged with the
 * stored value. Returns every value it wrote.
 */
export const applyStatisticContributions = async (
  tx: Tx,
  contributions: readonly StatisticContribution[],
  catalogue: StatisticCatalogue,
  timeZoneOf: (clientId: string) => string,
): Promise<StatisticChange[]> => {
  const groups = new Map<
    string,
    { method: TAggregationMethod; derived: boolean; list: StatisticContribution[] }
  >();
  for (const contribution of contributions) {
    const definition = catalogue.find(contribution.event.clientId, contribution.name);
    if (!definition) throw new Error(`statistic ${contribution.name} is not defined`);
    const method = definition.aggregationMethod;
    const derived = contribution.derived === true;
    const key = `${method}:${derived}`;
    const group = groups.get(key) ?? { method, derived, list: [] };
    group.list.push(contribution);
    groups.set(key, group);
  }
  const changes: StatisticChange[] = [];
  // Derived values last: they are computed from the state the observed ones lead to.
  const ordered = [...groups.values()].sort((a, b) => Number(a.derived) - Number(b.derived));
  for (const { method, derived, list } of ordered) {
    const columns = {
      client: [] as string[],
      customer: [] as string[],
      statistic: [] as string[],
      version: [] as number[],
      value: [] as string[],
      occurredAt: [] as string[],
      seq: [] as number[],
    };
    const names = new Map<string, string>();
    for (const { event, name, value } of list) {
      const definition = catalogue.find(event.clientId, name);
      if (!definition) continue;
      names.set(definition.id, name);
      columns.client.push(event.clientId);
      columns.customer.push(event.customerId);
      columns.statistic.push(definition.id);
      columns.version.push(versionAt(definition, event.occurredAt, timeZoneOf(event.clientId)));
      columns.value.push(String(value));
      columns.occurredAt.push(event.occurredAt.toISOString());
      columns.seq.push(event.seq);
    }
    const { group } = MERGE[method];
    const merge = mergeOf(method, derived);
    const rows = await rowsOf<Row>(
      tx,
      sql`
        WITH c AS (
          SELECT * FROM unnest(
            ${arrayParam(columns.client)}::text[], ${arrayParam(columns.customer)}::text[],
            ${arrayParam(columns.statistic)}::text[], ${arrayParam(columns.version)}::int[],
            ${arrayParam(columns.value)}::numeric[], ${arrayParam(columns.occurredAt)}::timestamptz[],
            ${arrayParam(columns.seq)}::bigint[]
          ) AS c(client_id, customer_id, statistic_id, version, value, occurred_at, seq)
        )
        INSERT INTO player_statistics AS p
          (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq, updated_at)
        SELECT client_id, customer_id, statistic_id, version, ${sql.raw(group)},
          (array_agg(occurred_at ORDER BY occurred_at DESC, seq DESC))[1],
          (array_agg(seq ORDER BY occurred_at DESC, seq DESC))[1], now()
        FROM c GROUP BY client_id, customer_id, statistic_id, version
        ORDER BY statistic_id, customer_id, version
        ON CONFLICT (statistic_id, customer_id, version) DO UPDATE SET
          value = ${sql.raw(merge)},
          last_occurred_at = GREATEST(p.last_occurred_at, EXCLUDED.last_occurred_at),
          last_seq = CASE WHEN (EXCLUDED.last_occurred_at, EXCLUDED.last_seq) >= (p.last_occurred_at, p.last_seq)
            THEN EXCLUDED.last_seq ELSE p.last_seq END,
          updated_at = now()
        RETURNING customer_id, statistic_id, version, value::text AS value`,
    );
    const clientOf = new Map(list.map(({ event }) => [event.customerId, event.clientId]));
    for (const row of rows) {
      changes.push({
        clientId: clientOf.get(row.customer_id) ?? '',
        customerId: row.customer_id,
        statisticId: row.statistic_id,
        name: names.get(row.statistic_id) ?? '',
        version: Number(row.version),
        value: Number(row.value),
      });
    }
  }
  return changes;
};
