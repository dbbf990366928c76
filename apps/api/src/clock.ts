import type { FastifyBaseLogger } from 'fastify';

/**
 * The business clock: when a year ends, a tier review or a balance falls due, a challenge ends. One per process,
 * in the app context; the engine's calendar work reads it instead of `new Date()`.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * CLOCK_START (a test and demo aid): a clock that reads `start` when the process starts and runs forward in real
 * time from there, so a demo can watch a year end at midnight. Without a start, the system clock.
 */
export const clockStartingAt = (start: Date | undefined, realNow: () => number = Date.now): Clock => {
  if (!start) return systemClock;
  const offsetMs = start.getTime() - realNow();
  return () => new Date(realNow() + offsetMs);
};

/** Said once at start-up by every process that runs on a shifted clock: nobody should miss it in the logs. */
export const warnOfShiftedClock = (log: FastifyBaseLogger, start: Date | undefined) => {
  if (!start) return;
  log.warn(
    { clockStart: start.toISOString() },
    'CLOCK_START is set: year-ends, tier reviews and expiries follow a clock that starts at this instant (a test and demo aid; refused when NODE_ENV=production)',
  );
};
