/**
 * How long a failed delivery waits before each next try (DESIGN §10): exponential from 30 s, capped at 12 hours,
 * until three days have passed (12 retries after the first try). WEBHOOK_RETRY_SCHEDULE replaces it (tests: "1,1").
 */
const defaultSchedule = () => {
  const delays: number[] = [];
  let total = 0;
  for (let delay = 30; total < 3 * 24 * 3600; delay = Math.min(delay * 4, 12 * 3600)) {
    delays.push(delay);
    total += delay;
  }
  return delays;
};
export const DEFAULT_RETRY_SCHEDULE = defaultSchedule();

/**
 * The wait, in ms, before the try after `attempts` failed ones; null when the schedule is spent (give up).
 * ±20% jitter spreads the retries of many deliveries that failed together (a receiver that was down).
 */
export const retryDelayMs = (
  schedule: readonly number[],
  attempts: number,
  random: () => number = Math.random,
): number | null => {
  const seconds = schedule[attempts - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
};
