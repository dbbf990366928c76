import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { lockClientExclusively } from '../core/locks';
import { arrayParam, rowsOf } from '../core/sql';
import { currentValuesOf } from '../statistics/current-values';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';
import type { MilestoneReached } from './evaluate';
import { settlePlayers, writeTargetsDirectly } from './settle-players';
import { loadTracks, type TrackDefinition } from './track-definitions';
import { writeMilestonesReached } from './track-state';

/** A member's level and tier as held in the programme they come from (null: not given). */
export type OpeningStanding = { customerId: string; level: number | null; tier: number | null };

const STANDING_STATISTICS = ['level', 'tier'] as const;

/**
 * Sets imported members' standing (DESIGN §10, moving members in). On every track that sets level or tier, the
 * value held elsewhere becomes the member's floor there, so the progression starts from it (the source may lift
 * them higher, never below it), and a reward-track transaction of status Imported records each milestone it holds; then the players
 * are settled along the tracks as a rule change would settle them, so segments on level and tier follow. A
 * statistic no track sets is written as given. Holds the client's lock, so no event batch is half-way through.
 * Resolves the customers whose standing changed.
 */
export const setOpeningStanding = async (
  tx: Tx,
  clientId: string,
  standings: readonly OpeningStanding[],
  timeZone: string,
  now: Date,
) => {
  const changed = new Set<string>();
  const given = standings.filter((s) => s.level !== null || s.tier !== null);
  if (given.length === 0) return changed;
  await lockClientExclusively(tx, clientId);
  const tracks = ((await loadTracks(tx, [clientId])).get(clientId) ?? []).filter((track) =>
    (STANDING_STATISTICS as readonly string[]).includes(track.target),
  );
  const standingOf = (standing: OpeningStanding, name: string) =>
    name === 'level' ? standing.level : standing.tier;

  const floors = tracks.flatMap((track) =>
    given.flatMap((standing) => {
      const value = standingOf(standing, track.target);
      return value === null ? [] : [{ track, customerId: standing.customerId, value }];
    }),
  );
  const raised = floors.length
    ? await rowsOf<{ reward_track_id: string; customer_id: string }>(
        tx,
        sql`INSERT INTO reward_track_players AS p (client_id, reward_track_id, customer_id, floor_value)
            SELECT ${clientId}, t, c, v FROM unnest(${arrayParam(floors.map((f) => f.track.id))}::text[],
              ${arrayParam(floors.map((f) => f.customerId))}::text[], ${arrayParam(floors.map((f) => String(f.value)))}::numeric[]) AS u(t, c, v)
            ON CONFLICT (reward_track_id, customer_id) DO UPDATE SET floor_value = EXCLUDED.floor_value, updated_at = now()
              WHERE p.floor_value < EXCLUDED.floor_value
            RETURNING reward_track_id, customer_id`,
      )
    : [];
  const raisedKeys = new Set(raised.map((r) => `${r.reward_track_id}:${r.customer_id}`));
  const imported: MilestoneReached[] = [];
  const tracksRaised = new Map<string, TrackDefinition>();
  for (const floor of floors) {
    if (!raisedKeys.has(`${floor.track.id}:${floor.customerId}`)) continue;
    changed.add(floor.customerId);
    tracksRaised.set(floor.track.id, floor.track);
    for (const milestone of floor.track.milestones)
      if (milestone.target_value <= floor.value)
        imported.push({
          customerId: floor.customerId,
          track: floor.track,
          milestone,
          status: 'Imported',
          xp: 0,
        });
  }
  if (changed.size > 0) {
    // First, so that the milestones the imported standing holds read Imported, not reached by the source.
    await writeMilestonesReached(tx, clientId, imported, () => ({
      eventId: null,
      branchId: null,
      occurredAt: now,
    }));
    const sources = [...new Set([...tracksRaised.values()].map((track) => track.source))];
    await settlePlayers(tx, clientId, [...changed], sources, timeZone, now);
  }

  // level or tier with no track setting it: the value itself is the standing.
  const untracked = STANDING_STATISTICS.filter((name) => !tracks.some((track) => track.target === name));
  if (untracked.length > 0) {
    const catalogue = await loadStatisticCatalogue(tx, [clientId]);
    const ids = given.map((standing) => standing.customerId);
    const values = await currentValuesOf(tx, clientId, ids, catalogue, timeZone, { now });
    const writes = given.flatMap((standing) =>
      untracked.flatMap((name) => {
        const value = standingOf(standing, name);
        const current = values.get(standing.customerId)?.get(name);
        if (value === null || current === value) return [];
        changed.add(standing.customerId);
        return [
          {
            customerId: standing.customerId,
            name,
            from: current ?? 0,
            to: value,
            hadValue: current !== undefined,
          },
        ];
      }),
    );
    await writeTargetsDirectly(tx, clientId, writes, catalogue, timeZone, now);
  }
  if (changed.size > 0)
    // Players who have statistics now belong in the segments of all players.
    await tx.execute(sql`
      UPDATE segments SET rebuild_requested_at = clock_timestamp()
      WHERE client_id = ${clientId} AND EXISTS (
        SELECT 1 FROM jsonb_array_elements(filters) f WHERE f->>'type' = 'all_players')`);
  return changed;
};
