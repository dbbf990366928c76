import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { localYear, startOfLocalYear } from '../../local-time';
import { lockClientExclusively } from '../core/locks';
import { arrayParam, rowsOf } from '../core/sql';
import { currentVersion, loadStatisticCatalogue } from '../statistics/statistic-definitions';
import { playersWithValues, settlePlayers } from './settle-players';
import { loadTracks } from './track-definitions';

/**
 * The year-end rules of one client's tracks (spec 3 §2), once per local year, at the year's end in the client's
 * time zone:
 * - `reset_points_annually`: the track's source statistic starts a new version at the new year (every player's
 *   points start again from nothing; old values stay readable), and its milestones can be reached again;
 * - `persist_tier_levels_annually`: the target each player holds is kept as a floor through the reset; without
 *   it the target follows the reset source down (a level from XP that was reset, a tier from that level).
 * Then every concerned player is re-evaluated from the reset sources.
 */
const closeYear = async (tx: Tx, clientId: string, timeZone: string, now: Date) => {
  await lockClientExclusively(tx, clientId);
  const year = localYear(now, timeZone);
  const [open] = await rowsOf<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM reward_tracks WHERE client_id = ${clientId} AND year_closed < ${year}`,
  );
  if (!open?.n) return false;
  const tracks = (await loadTracks(tx, [clientId])).get(clientId) ?? [];
  const catalogue = await loadStatisticCatalogue(tx, [clientId]);
  const resetSources = [...new Set(tracks.filter((t) => t.resetPointsAnnually).map((t) => t.source))];
  // Who had points before the reset: they are the players whose targets may move.
  const players = await playersWithValues(tx, clientId, resetSources, catalogue);
  const newYear = startOfLocalYear(year, timeZone);
  for (const name of resetSources) {
    const definition = catalogue.find(clientId, name);
    if (!definition) continue;
    await tx.execute(sql`UPDATE statistics SET epoch_version = ${currentVersion(definition, timeZone, now) + 1},
                           epoch_start = ${newYear.toISOString()}::timestamptz, updated_at = now()
                         WHERE id = ${definition.id}`);
  }
  for (const track of tracks) {
    const target = catalogue.find(clientId, track.target);
    if (track.persistTierLevelsAnnually && target) {
      await tx.execute(sql`
        INSERT INTO reward_track_players AS p (client_id, reward_track_id, customer_id, floor_value)
        SELECT ${clientId}, ${track.id}, customer_id, value FROM player_statistics
        WHERE statistic_id = ${target.id} AND version = ${currentVersion(target, timeZone, now)}
        ON CONFLICT (reward_track_id, customer_id) DO UPDATE SET floor_value = EXCLUDED.floor_value, updated_at = now()`);
    } else {
      await tx.execute(sql`UPDATE reward_track_players SET floor_value = 0, updated_at = now()
                           WHERE reward_track_id = ${track.id} AND floor_value <> 0`);
    }
  }
  await tx.execute(sql`UPDATE reward_tracks SET year_closed = ${year}
                       WHERE id = ANY(${arrayParam(tracks.map((t) => t.id))}::text[])`);
  if (resetSources.length > 0) await settlePlayers(tx, clientId, players, resetSources, timeZone, now);
  return true;
};

/** Each client with reward tracks, its time zone and the last local year all its tracks have closed. */
const clientsWithTracks = (database: Database) =>
  rowsOf<{ client_id: string; time_zone: string; year_closed: number }>(
    database.db,
    sql`SELECT t.client_id, cl.time_zone, min(t.year_closed)::int AS year_closed
        FROM reward_tracks t JOIN clients cl ON cl.id = t.client_id
        GROUP BY t.client_id, cl.time_zone`,
  );

/**
 * When the next year-end falls due: `now` when a client's local year has turned since its tracks closed one, else
 * the first local new year to come among the clients with tracks; null with no tracks at all.
 */
export const nextYearEndAt = async (database: Database, now: Date) => {
  let next: Date | null = null;
  for (const client of await clientsWithTracks(database)) {
    const year = localYear(now, client.time_zone);
    const due = client.year_closed < year ? now : startOfLocalYear(year + 1, client.time_zone);
    if (!next || due < next) next = due;
  }
  return next;
};

/**
 * Closes the year for every client whose local year has turned since its tracks last did (a missed year-end,
 * the worker being down, is closed once when it comes back). `now` is injectable: tests use a fixed clock.
 */
export const runYearEnds = async (database: Database, now = new Date()) => {
  const clients = await clientsWithTracks(database);
  let worked = false;
  for (const client of clients) {
    if (client.year_closed >= localYear(now, client.time_zone)) continue;
    worked =
      (await database.db.transaction((tx) => closeYear(tx, client.client_id, client.time_zone, now))) ||
      worked;
  }
  return worked;
};
