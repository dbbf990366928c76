import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { lockClientExclusively } from '../core/locks';
import { rowsOf } from '../core/sql';
import { currentVersion, loadStatisticCatalogue } from '../statistics/statistic-definitions';
import { playersWithValues, settlePlayers } from './settle-players';
import { isWindowed, loadTracks } from './track-definitions';
import { nextReviewAt } from './track-state';

type PendingTrack = {
  id: string;
  client_id: string;
  source: string;
  requested_at: string;
  time_zone: string;
};

/**
 * One track whose milestones changed, re-evaluated for every player with a value of its source (and what follows
 * from it: level -> tier…), in one transaction under the client's exclusive lock. Milestone transactions already
 * written stay; newly reached ones are written. Resolves whether there was one. Workers share the queue.
 */
export const reevaluateNextTrack = async (database: Database, now = new Date()) =>
  database.db.transaction(async (tx) => {
    const [track] = await rowsOf<PendingTrack>(
      tx,
      sql`SELECT t.id, t.client_id, t.source, t.rebuild_requested_at::text AS requested_at, cl.time_zone
          FROM reward_tracks t JOIN clients cl ON cl.id = t.client_id
          WHERE t.rebuild_requested_at IS NOT NULL
          ORDER BY t.rebuild_requested_at LIMIT 1 FOR UPDATE OF t SKIP LOCKED`,
    );
    if (!track) return false;
    await lockClientExclusively(tx, track.client_id);
    const catalogue = await loadStatisticCatalogue(tx, [track.client_id]);
    const players = await playersWithValues(tx, track.client_id, [track.source], catalogue);
    await settlePlayers(tx, track.client_id, players, [track.source], track.time_zone, now);
    // A tier track that now has a window reviews everyone holding a tier, not only those who rise later.
    const definition = (await loadTracks(tx, [track.client_id]))
      .get(track.client_id)
      ?.find((candidate) => candidate.id === track.id);
    const target = definition ? catalogue.find(track.client_id, definition.target) : undefined;
    if (definition && target && isWindowed(definition)) {
      await tx.execute(sql`
        INSERT INTO reward_track_players AS p (client_id, reward_track_id, customer_id, review_at)
        SELECT ${track.client_id}, ${track.id}, customer_id, ${nextReviewAt(definition, now, track.time_zone).toISOString()}::timestamptz
        FROM player_statistics
        WHERE statistic_id = ${target.id} AND version = ${currentVersion(target, track.time_zone, now)} AND value > 0
        ON CONFLICT (reward_track_id, customer_id) DO UPDATE SET review_at = COALESCE(p.review_at, EXCLUDED.review_at)`);
    }
    // A change saved meanwhile keeps its request: the next round evaluates again.
    await tx.execute(sql`UPDATE reward_tracks SET rebuild_requested_at = NULL
                         WHERE id = ${track.id} AND rebuild_requested_at = ${track.requested_at}::timestamptz`);
    return true;
  });
