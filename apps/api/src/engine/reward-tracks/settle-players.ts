import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import { currentValuesOf } from '../statistics/current-values';
import {
  currentVersion,
  loadStatisticCatalogue,
  type StatisticCatalogue,
} from '../statistics/statistic-definitions';
import { enqueueWebhooks } from '../webhooks/outbox';
import { evaluateTracks, type TargetChange } from './evaluate';
import { isTrackActive, loadTracks } from './track-definitions';
import { loadFloors, recordSourceMonths, scheduleReviews, writeMilestonesReached } from './track-state';
import { targetChangeWebhooks } from './track-webhooks';

/**
 * Sets target statistics outside an event batch (re-evaluation, year-end, tier reviews): the value of the
 * statistic's current version becomes `to`. Its `Last` time is left as it was (a new row gets the epoch), so the
 * next event's value, computed from the then current source, still wins over it. Segments
 * with a rule on a changed statistic (the tier segments…) are asked to rebuild, so membership follows.
 */
export const writeTargetsDirectly = async (
  tx: Tx,
  clientId: string,
  changes: readonly TargetChange[],
  catalogue: StatisticCatalogue,
  timeZone: string,
  now: Date,
) => {
  const rows = changes.flatMap((change) => {
    const definition = catalogue.find(clientId, change.name);
    return definition ? [{ change, definition }] : [];
  });
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO player_statistics AS p (client_id, customer_id, statistic_id, version, value, last_occurred_at, last_seq, updated_at)
    SELECT ${clientId}, c, s, v, val, 'epoch'::timestamptz, 0, now() FROM unnest(
      ${arrayParam(rows.map((r) => r.change.customerId))}::text[], ${arrayParam(rows.map((r) => r.definition.id))}::text[],
      ${arrayParam(rows.map((r) => currentVersion(r.definition, timeZone, now)))}::int[],
      ${arrayParam(rows.map((r) => String(r.change.to)))}::numeric[]) AS u(c, s, v, val)
    ON CONFLICT (statistic_id, customer_id, version) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`);
  const names = [...new Set(rows.map((r) => r.change.name))];
  await tx.execute(sql`
    UPDATE segments SET rebuild_requested_at = clock_timestamp()
    WHERE client_id = ${clientId} AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(filters) f WHERE f->>'statistic_name' = ANY(${arrayParam(names)}::text[]))`);
};

/** Players with any value (any version) of one of these statistics: whom a track on them may concern. */
export const playersWithValues = async (
  tx: Tx,
  clientId: string,
  names: readonly string[],
  catalogue: StatisticCatalogue,
) => {
  const ids = names.flatMap((name) => catalogue.find(clientId, name)?.id ?? []);
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ customer_id: string }>(
    tx,
    sql`SELECT DISTINCT customer_id FROM player_statistics
        WHERE client_id = ${clientId} AND statistic_id = ANY(${arrayParam(ids)}::text[]) ORDER BY customer_id`,
  );
  return rows.map((row) => row.customer_id);
};

/** Players are settled in slices, so a large client never holds all its players in memory at once. */
const SLICE = 2_000;

/**
 * Moves these players along the client's tracks from the statistics in `dirty`, outside an event batch, and
 * writes what changed; milestones reached are written once (never taken back). Resolves how many values changed.
 */
export const settlePlayers = async (
  tx: Tx,
  clientId: string,
  customerIds: readonly string[],
  dirty: readonly string[],
  timeZone: string,
  now: Date,
) => {
  const tracks = (await loadTracks(tx, [clientId])).get(clientId) ?? [];
  if (tracks.length === 0 || customerIds.length === 0) return 0;
  const catalogue = await loadStatisticCatalogue(tx, [clientId]);
  let changed = 0;
  for (let start = 0; start < customerIds.length; start += SLICE) {
    const slice = customerIds.slice(start, start + SLICE);
    const [values, floors] = await Promise.all([
      currentValuesOf(tx, clientId, slice, catalogue, timeZone, { now }),
      loadFloors(tx, clientId, slice),
    ]);
    const evaluation = evaluateTracks(
      tracks,
      slice.map((customerId) => ({
        customerId,
        values: values.get(customerId) ?? new Map(),
        floors: floors.get(customerId) ?? new Map(),
      })),
      () => dirty,
      (track) => isTrackActive(track, now, timeZone),
    );
    await writeTargetsDirectly(tx, clientId, evaluation.changes, catalogue, timeZone, now);
    await enqueueWebhooks(tx, targetChangeWebhooks(clientId, tracks, evaluation.changes));
    const at = () => now;
    await writeMilestonesReached(tx, clientId, evaluation.reached, () => ({
      eventId: null,
      branchId: null,
      occurredAt: now,
    }));
    await recordSourceMonths(tx, clientId, evaluation.sources, at, timeZone);
    await scheduleReviews(tx, clientId, evaluation.upgraded, at, timeZone);
    changed += evaluation.changes.length;
  }
  return changed;
};
