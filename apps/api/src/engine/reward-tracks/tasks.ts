import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import type { EngineTask } from '../core/engine';
import { nextTierReviewAt, runTierReviews } from './tier-reviews';
import { reevaluateNextTrack } from './track-rebuild';
import { nextYearEndAt, runYearEnds } from './year-end';

/**
 * Between batches of a busy worker year-ends and reviews are looked for at most once a minute (after every batch
 * would be wasted work); an idle worker learns their due time and wakes for it.
 */
const CALENDAR_CHECK_MS = 60_000;

/**
 * The reward tracks' background work between batches: re-evaluating players after a milestone change, the
 * year-end rules, and tier reviews. `clock` is the process's business clock (CLOCK_START); tests move it through a
 * year-end.
 */
export const createRewardTrackTasks = (clock: Clock = systemClock): EngineTask[] => {
  /** The business time at which the calendar is looked at next. */
  let checkAt = Number.NEGATIVE_INFINITY;
  return [
    { run: (database: Database) => reevaluateNextTrack(database, clock()) },
    {
      run: async (database: Database) => {
        const now = clock();
        if (now.getTime() < checkAt) return false;
        checkAt = now.getTime() + CALENDAR_CHECK_MS;
        const closed = await runYearEnds(database, now);
        const reviewed = await runTierReviews(database, now);
        if (closed || reviewed) checkAt = Number.NEGATIVE_INFINITY;
        return closed || reviewed;
      },
      nextDueIn: async (database: Database) => {
        const now = clock();
        const dues = [await nextYearEndAt(database, now), await nextTierReviewAt(database)].filter(
          (due): due is Date => due !== null,
        );
        if (dues.length === 0) return null;
        const due = Math.min(...dues.map((at) => at.getTime()));
        // Due then, whatever the once-a-minute check says.
        checkAt = Math.min(checkAt, due);
        return due - now.getTime();
      },
    },
  ];
};
