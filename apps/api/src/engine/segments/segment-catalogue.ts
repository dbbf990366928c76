import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { segments } from '../../db/schema';
import type { SegmentDefinition } from './segment-rules';

/** Every segment of the given clients, by client. */
export const loadSegments = async (db: DbOrTx, clientIds: readonly string[]) => {
  const rows =
    clientIds.length === 0
      ? []
      : await db
          .select({
            id: segments.id,
            clientId: segments.clientId,
            name: segments.name,
            filters: segments.filters,
            actions: segments.actions,
          })
          .from(segments)
          .where(inArray(segments.clientId, [...clientIds]));
  const byClient = new Map<string, SegmentDefinition[]>();
  for (const row of rows) byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
  return byClient;
};
