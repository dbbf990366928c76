import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import { currentVersion, type StatisticCatalogue } from './statistic-definitions';

/**
 * Each player's statistic values in each statistic's current version, by name: what rules compare against.
 * Values of an older version (a statistic that reset since the player's last event) are no value at all.
 */
export const currentValuesOf = async (
  db: DbOrTx,
  clientId: string,
  customerIds: readonly string[],
  catalogue: StatisticCatalogue,
  timeZone: string,
  now = new Date(),
) => {
  const versions = new Map(
    catalogue
      .all(clientId)
      .map((definition) => [
        definition.id,
        { name: definition.name, version: currentVersion(definition, timeZone, now) },
      ]),
  );
  const values = new Map<string, Map<string, number>>(customerIds.map((id) => [id, new Map()]));
  if (customerIds.length === 0 || versions.size === 0) return values;
  const rows = await rowsOf<{ customer_id: string; statistic_id: string; version: number; value: string }>(
    db,
    sql`SELECT customer_id, statistic_id, version, value::text AS value FROM player_statistics
        WHERE client_id = ${clientId} AND customer_id = ANY(${arrayParam([...customerIds])}::text[])`,
  );
  for (const row of rows) {
    const current = versions.get(row.statistic_id);
    if (current && current.version === Number(row.version))
      values.get(row.customer_id)?.set(current.name, Number(row.value));
  }
  return values;
};
