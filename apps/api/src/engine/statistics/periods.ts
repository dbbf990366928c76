import type { TResetInterval } from '@laurel/contract';
import { localParts } from '../../local-time';

const DAY_MS = 86_400_000;

/**
 * Which interval a moment falls in, as a number that grows by one per interval, counted in the client's time zone
 * (DESIGN §5): local hours, local days, weeks starting on Monday, calendar months. Manual statistics have one.
 */
export const periodIndex = (interval: TResetInterval, at: Date, timeZone: string): number => {
  if (interval === 'Manual') return 0;
  const { year, month, day, hour } = localParts(at, timeZone);
  const dayIndex = Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
  switch (interval) {
    case 'Hour':
      return dayIndex * 24 + hour;
    case 'Day':
      return dayIndex;
    case 'Week':
      // 1970-01-01 was a Thursday: shifting by 3 days makes weeks start on Monday.
      return Math.floor((dayIndex + 3) / 7);
    case 'Month':
      return year * 12 + (month - 1);
  }
};

export type VersionedStatistic = {
  resetInterval: TResetInterval;
  epochVersion: number;
  epochStart: Date;
};

/**
 * The version a moment belongs to: the epoch's version plus the intervals passed since the epoch began. A moment
 * earlier in the epoch's first interval (an event dated before a statistic was created or reset that day) counts in
 * the epoch's first version. A moment in an earlier interval belongs to that interval, never to a current one: it
 * gets the version the epoch before numbered it with (one below the epoch's first version for the interval the epoch
 * began in, one less per interval before that), so a late event for yesterday stays out of today.
 */
export const versionAt = (statistic: VersionedStatistic, at: Date, timeZone: string) => {
  const passed =
    periodIndex(statistic.resetInterval, at, timeZone) -
    periodIndex(statistic.resetInterval, statistic.epochStart, timeZone);
  return passed >= 0 ? statistic.epochVersion + passed : statistic.epochVersion - 1 + passed;
};
