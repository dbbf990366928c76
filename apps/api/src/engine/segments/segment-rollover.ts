import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import type { SegmentFilterColumn } from '../../db/schema';
import type { EngineTask } from '../core/engine';
import { arrayParam, rowsOf } from '../core/sql';
import { periodIndex } from '../statistics/periods';
import { loadStatisticCatalogue, type StatisticCatalogue } from '../statistics/statistic-definitions';

/** How often the worker looks: a segment follows a period's end within this long. */
const CHECK_EVERY_MS = 60_000;

type SegmentRow = {
  id: string;
  client_id: string;
  filters: SegmentFilterColumn[] | string;
  periods_checked_at: Date | string | null;
  time_zone: string;
};

/**
 * Whether a period of a statistic the rules read ended between `checkedAt` and `now` (in the business's time zone):
 * its players' values of the period before are no value any more, so the rules select other players. Manual
 * statistics never end a period. Never checked: yes, once.
 */
export const periodEnded = (
  filters: readonly SegmentFilterColumn[],
  catalogue: StatisticCatalogue,
  clientId: string,
  timeZone: string,
  checkedAt: Date | null,
  now: Date,
) =>
  filters.some((filter) => {
    const definition = filter.statistic_name ? catalogue.find(clientId, filter.statistic_name) : undefined;
    if (!definition || definition.resetInterval === 'Manual') return false;
    if (checkedAt === null) return true;
    return (
      periodIndex(definition.resetInterval, checkedAt, timeZone) !==
      periodIndex(definition.resetInterval, now, timeZone)
    );
  });

/**
 * Segments on statistics that reset (hour, day, week, month) are recomputed when a period ends, as after a rule
 * change: membership otherwise changes only with a player's next event, so "logged in today" would keep yesterday's
 * players. Looks once a minute; the rebuild itself is the rebuild task's (segment-rebuild.ts), right after.
 */
export const createSegmentRolloverTask = (now: () => Date = () => new Date()): EngineTask => {
  let lastCheck = Number.NEGATIVE_INFINITY;
  return {
    run: async (database: Database) => {
      const at = now();
      if (at.getTime() - lastCheck < CHECK_EVERY_MS) return false;
      lastCheck = at.getTime();
      const segments = await rowsOf<SegmentRow>(
        database.db,
        sql`SELECT s.id, s.client_id, s.filters, s.periods_checked_at, c.time_zone
            FROM segments s JOIN clients c ON c.id = s.client_id
            WHERE s.filters @> '[{"type": "statistic"}]'::jsonb`,
      );
      if (segments.length === 0) return false;
      const catalogue = await loadStatisticCatalogue(database.db, [
        ...new Set(segments.map((segment) => segment.client_id)),
      ]);
      const ended = segments.filter((segment) =>
        periodEnded(
          jsonColumn<SegmentFilterColumn[]>(segment.filters),
          catalogue,
          segment.client_id,
          segment.time_zone,
          segment.periods_checked_at === null ? null : new Date(segment.periods_checked_at),
          at,
        ),
      );
      if (ended.length === 0) return false;
      await database.db.execute(
        sql`UPDATE segments SET rebuild_requested_at = now(), periods_checked_at = ${at.toISOString()}::timestamptz
            WHERE id = ANY(${arrayParam(ended.map((segment) => segment.id))}::text[])`,
      );
      return true;
    },
  };
};
