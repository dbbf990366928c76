import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import { currentVersion, type StatisticCatalogue } from './statistic-definitions';

/**
 * Each player's statistic values in each statistic's current version, by name: what rules compare against.
 * Values of an older version (a statistic that reset since the player's last event) are no value at all.
 * `only` names the statistics the caller's rules read: the engine's steps pass it, so that a batch reads a few rows
 * per player through the primary key instead of every statistic they have (a scan of the table at bench sizes).
 */
export const currentValuesOf = async (
  db: DbOrTx,
  clientId: string,
  customerIds: readonly string[],
  catalogue: StatisticCatalogue,
  timeZone: string,
  { now = new Date(), only }: { now?: Date; only?: Iterable<string> } = {},
) => {
  const definitions = only
    ? [...new Set(only)].flatMap((name) => catalogue.find(clientId, name) ?? [])
    : catalogue.all(clientId);
  const versions = new Map(
    definitions.map((definition) => [
      definition.id,
      { name: definition.name, version: currentVersion(definition, timeZone, now) },
    ]),
  );
  const values = new Map<string, Map<string, number>>(customerIds.map((id) => [id, new Map()]));
  if (customerIds.length === 0 || versions.size === 0) return values;
  const rows = await rowsOf<{ customer_id: string; statistic_id: string; version: number; value: string }>(
    db,
    sql`SELECT customer_id, statistic_id, version, value::text AS value FROM player_statistics
        WHERE client_id = ${clientId} AND customer_id = ANY(${arrayParam([...customerIds])}::text[])
          ${only ? sql`AND statistic_id = ANY(${arrayParam([...versions.keys()])}::text[])` : sql``}`,
  );
  for (const row of rows) {
    const current = versions.get(row.statistic_id);
    if (current && current.version === Number(row.version))
      values.get(row.customer_id)?.set(current.name, Number(row.value));
  }
  return values;
};
