import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import type { EngineTask } from '../core/engine';
import { runTierReviews } from './tier-reviews';
import { reevaluateNextTrack } from './track-rebuild';
import { runYearEnds } from './year-end';

/** Year-ends and reviews are due at most once a minute: checking after every batch would be wasted work. */
const CALENDAR_CHECK_MS = 60_000;

/**
 * The reward tracks' background work between batches: re-evaluating players after a milestone change, the
 * year-end rules, and tier reviews. `clock` is the process's business clock (CLOCK_START); tests move it through a
 * year-end.
 */
export const createRewardTrackTasks = (clock: Clock = systemClock): EngineTask[] => {
  let lastCalendarCheck = Number.NEGATIVE_INFINITY;
  return [
    (database: Database) => reevaluateNextTrack(database, clock()),
    async (database: Database) => {
      const now = clock();
      if (Math.abs(now.getTime() - lastCalendarCheck) < CALENDAR_CHECK_MS) return false;
      lastCalendarCheck = now.getTime();
      const closed = await runYearEnds(database, now);
      const reviewed = await runTierReviews(database, now);
      if (closed || reviewed) lastCalendarCheck = Number.NEGATIVE_INFINITY;
      return closed || reviewed;
    },
  ];
};
