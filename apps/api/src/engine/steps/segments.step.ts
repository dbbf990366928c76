import { sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, EngineStep, StatisticChange, StepBatch } from '../core/types';
import { type MembershipChange, runSegmentActions } from '../segments/segment-actions';
import { loadSegments } from '../segments/segment-catalogue';
import { matchesSegment, statisticsOf } from '../segments/segment-rules';
import { currentValuesOf } from '../statistics/current-values';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';

/** Marks a player whose memberships a kept run of the batch has placed (see `StepBatch.mark`). */
const placedKey = (customerId: string) => `segments placed:${customerId}`;

/**
 * Places every player with one of `changes` in exactly the segments whose rules they match now; an entry or exit
 * runs the segment's actions, once. The segments step runs it for the batch; a later step that moves statistics
 * (challenge rewards) runs it again for what it changed.
 */
export const updateMemberships = async (batch: StepBatch, statisticChanges: readonly StatisticChange[]) => {
  if (statisticChanges.length === 0) return;
  const changedClients = [...new Set(statisticChanges.map((change) => change.clientId))];
  const [segmentsByClient, catalogue] = await Promise.all([
    batch.definitions('segments', changedClients, () => loadSegments(batch.tx, changedClients)),
    batch.definitions('statistics', changedClients, () => loadStatisticCatalogue(batch.tx, changedClients)),
  ]);
  const read = new Map(
    [...segmentsByClient].map(([clientId, list]) => [clientId, new Set(list.flatMap(statisticsOf))]),
  );
  const players = new Map<string, { clientId: string; lastEvent: EngineEvent }>();
  const latest = new Map(batch.events.map((event) => [event.customerId, event]));
  for (const change of statisticChanges) {
    const lastEvent = latest.get(change.customerId);
    if (!lastEvent) continue;
    // A player placed by an earlier round of this batch moves only if a statistic some segment reads changed: a
    // later round of a busy player's events costs no read of their values and memberships.
    if (batch.marked(placedKey(change.customerId)) && !read.get(change.clientId)?.has(change.name)) continue;
    players.set(change.customerId, { clientId: change.clientId, lastEvent });
  }
  if (players.size === 0) return;
  const clientIds = [...new Set([...players.values()].map((player) => player.clientId))];
  const changes: MembershipChange[] = [];
  const entered: { clientId: string; segmentId: string; customerId: string }[] = [];
  const left: { segmentId: string; customerId: string }[] = [];
  for (const clientId of clientIds) {
    const clientSegments = segmentsByClient.get(clientId) ?? [];
    if (clientSegments.length === 0) continue;
    const customerIds = [...players.entries()].filter(([, p]) => p.clientId === clientId).map(([id]) => id);
    const values = await currentValuesOf(
      batch.tx,
      clientId,
      customerIds,
      catalogue,
      batch.timeZoneOf(clientId),
      { only: clientSegments.flatMap(statisticsOf) },
    );
    const memberships = await rowsOf<{ segment_id: string; customer_id: string }>(
      batch.tx,
      sql`SELECT segment_id, customer_id FROM segment_members
            WHERE client_id = ${clientId} AND customer_id = ANY(${arrayParam(customerIds)}::text[])`,
    );
    const current = new Set(memberships.map((row) => `${row.segment_id}:${row.customer_id}`));
    for (const customerId of customerIds) {
      batch.mark(placedKey(customerId));
      const event = players.get(customerId)?.lastEvent;
      const playerValues = values.get(customerId) ?? new Map<string, number>();
      for (const segment of clientSegments) {
        const isIn = current.has(`${segment.id}:${customerId}`);
        const belongs = matchesSegment(segment.filters, playerValues);
        if (belongs === isIn) continue;
        changes.push({
          segment,
          customerId,
          kind: belongs ? 'entered' : 'left',
          eventId: event?.id ?? null,
          externalEventId: event?.externalId ?? null,
          branchId: event?.branchId ?? null,
          occurredAt: event?.occurredAt ?? null,
        });
        if (belongs) entered.push({ clientId, segmentId: segment.id, customerId });
        else left.push({ segmentId: segment.id, customerId });
      }
    }
  }
  if (entered.length > 0) {
    await batch.tx.execute(sql`
        INSERT INTO segment_members (client_id, segment_id, customer_id)
        SELECT * FROM unnest(${arrayParam(entered.map((e) => e.clientId))}::text[], ${arrayParam(entered.map((e) => e.segmentId))}::text[],
                             ${arrayParam(entered.map((e) => e.customerId))}::text[])
        ON CONFLICT DO NOTHING`);
  }
  if (left.length > 0) {
    await batch.tx.execute(sql`
        DELETE FROM segment_members m USING unnest(${arrayParam(left.map((l) => l.segmentId))}::text[],
                                                   ${arrayParam(left.map((l) => l.customerId))}::text[]) AS l(segment_id, customer_id)
        WHERE m.segment_id = l.segment_id AND m.customer_id = l.customer_id`);
  }
  await runSegmentActions(batch.tx, changes);
};

/** DESIGN §5 step 4: segment membership from the statistics this batch changed. */
export const segmentsStep: EngineStep = {
  name: 'segments',
  apply: (batch) => updateMemberships(batch, batch.statisticChanges),
};
