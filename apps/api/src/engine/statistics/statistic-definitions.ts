import type { TAggregationMethod, TResetInterval } from '@laurel/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { statistics } from '../../db/schema';
import { versionAt } from './periods';

export type StatisticDefinition = {
  id: string;
  clientId: string;
  name: string;
  aggregationMethod: TAggregationMethod;
  resetInterval: TResetInterval;
  system: boolean;
  epochVersion: number;
  epochStart: Date;
};

/** The statistics of each client in a batch, by name. */
export type StatisticCatalogue = {
  find: (clientId: string, name: string) => StatisticDefinition | undefined;
  all: (clientId: string) => StatisticDefinition[];
};

export const loadStatisticCatalogue = async (
  db: DbOrTx,
  clientIds: readonly string[],
): Promise<StatisticCatalogue> => {
  const rows =
    clientIds.length === 0
      ? []
      : await db
          .select()
          .from(statistics)
          .where(inArray(statistics.clientId, [...clientIds]));
  const byClient = new Map<string, Map<string, StatisticDefinition>>();
  for (const row of rows) {
    const definitions = byClient.get(row.clientId) ?? new Map<string, StatisticDefinition>();
    definitions.set(row.name, {
      id: row.id,
      clientId: row.clientId,
      name: row.name,
      aggregationMethod: row.aggregationMethod as TAggregationMethod,
      resetInterval: row.resetInterval as TResetInterval,
      system: row.system,
      epochVersion: row.epochVersion,
      epochStart: row.epochStart,
    });
    byClient.set(row.clientId, definitions);
  }
  return {
    find: (clientId, name) => byClient.get(clientId)?.get(name),
    all: (clientId) => [...(byClient.get(clientId)?.values() ?? [])],
  };
};

/** The version that is current now: what lists, the player API and rules read. */
export const currentVersion = (definition: StatisticDefinition, timeZone: string, now = new Date()) =>
  versionAt(definition, now, timeZone);
