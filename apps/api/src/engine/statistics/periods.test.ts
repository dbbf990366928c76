import { describe, expect, it } from 'vitest';
import { periodIndex, versionAt } from './periods';

const at = (iso: string) => new Date(iso);

describe('reset intervals follow the client’s time zone', () => {
  it('a day ends at local midnight: 23:30 UTC is the next day in Johannesburg', () => {
    expect(periodIndex('Day', at('2026-11-24T21:59:00Z'), 'Africa/Johannesburg')).toBe(
      periodIndex('Day', at('2026-11-24T00:00:00Z'), 'UTC'),
    );
    expect(periodIndex('Day', at('2026-11-24T22:00:00Z'), 'Africa/Johannesburg')).toBe(
      periodIndex('Day', at('2026-11-25T00:00:00Z'), 'UTC'),
    );
  });

  it('weeks start on Monday', () => {
    const sunday = periodIndex('Week', at('2026-11-29T23:59:00Z'), 'UTC');
    const monday = periodIndex('Week', at('2026-11-30T00:00:00Z'), 'UTC');
    const previousMonday = periodIndex('Week', at('2026-11-23T00:00:00Z'), 'UTC');
    expect(monday).toBe(sunday + 1);
    expect(sunday).toBe(previousMonday);
  });

  it('months are calendar months; hours are local hours (half-hour zones included)', () => {
    expect(periodIndex('Month', at('2026-12-01T00:00:00Z'), 'UTC')).toBe(
      periodIndex('Month', at('2026-11-30T23:59:00Z'), 'UTC') + 1,
    );
    // 10:29 UTC is 15:59 in Kolkata (+05:30), 10:31 is 16:01: a new local hour.
    expect(periodIndex('Hour', at('2026-11-24T10:31:00Z'), 'Asia/Kolkata')).toBe(
      periodIndex('Hour', at('2026-11-24T10:29:00Z'), 'Asia/Kolkata') + 1,
    );
  });

  it('Manual statistics have a single period', () => {
    expect(periodIndex('Manual', at('2020-01-01T00:00:00Z'), 'UTC')).toBe(
      periodIndex('Manual', at('2030-01-01T00:00:00Z'), 'UTC'),
    );
  });
});

describe('versions', () => {
  const daily = { resetInterval: 'Day' as const, epochVersion: 3, epochStart: at('2026-11-20T08:00:00Z') };

  it('count the intervals passed since the epoch began', () => {
    expect(versionAt(daily, at('2026-11-20T23:00:00Z'), 'UTC')).toBe(3);
    expect(versionAt(daily, at('2026-11-24T01:00:00Z'), 'UTC')).toBe(7);
  });

  it('a moment earlier on the day the epoch began counts in its first version', () => {
    expect(versionAt(daily, at('2026-11-20T00:00:00Z'), 'UTC')).toBe(3);
  });

  it('a moment of an earlier day belongs to that day, below the first version, never to a current one', () => {
    // Before a reset the epoch before numbered 2026-11-20 as 2 (its last version), so the 19th was 1.
    expect(versionAt(daily, at('2026-11-19T23:59:59Z'), 'UTC')).toBe(1);
    expect(versionAt(daily, at('2026-11-17T12:00:00Z'), 'UTC')).toBe(-1);
    // A statistic created today (version 0): yesterday is a version no day from today on is.
    const created = { ...daily, epochVersion: 0 };
    expect(versionAt(created, at('2026-11-19T10:00:00Z'), 'UTC')).toBeLessThan(0);
  });
});

/**
 * A statistic created (or reset) in the middle of an interval: what came earlier in that interval counts, what
 * came in the interval before stays out, whatever order the events arrive in.
 */
describe('versions at interval boundaries, in the client’s time zone', () => {
  const cases = [
    {
      interval: 'Hour' as const,
      timeZone: 'Asia/Kolkata',
      // 14:40 in Kolkata (+05:30); the local hour began at 08:30 UTC.
      epochStart: '2026-11-25T09:10:00Z',
      sameBefore: '2026-11-25T08:30:00Z',
      previous: '2026-11-25T08:29:59Z',
      next: '2026-11-25T09:30:00Z',
    },
    {
      interval: 'Day' as const,
      timeZone: 'Africa/Johannesburg',
      // 14:00 in Johannesburg (+02:00); the local day began at 22:00 UTC the evening before.
      epochStart: '2026-11-25T12:00:00Z',
      sameBefore: '2026-11-24T22:00:00Z',
      previous: '2026-11-24T21:59:59Z',
      next: '2026-11-25T22:00:00Z',
    },
    {
      interval: 'Week' as const,
      timeZone: 'UTC',
      // A Wednesday; the week began on Monday 2026-11-23.
      epochStart: '2026-11-25T12:00:00Z',
      sameBefore: '2026-11-23T00:00:00Z',
      previous: '2026-11-22T23:59:59Z',
      next: '2026-11-30T00:00:00Z',
    },
    {
      interval: 'Month' as const,
      timeZone: 'America/New_York',
      // 2026-11-15 in New York (-05:00); the local month began at 04:00 UTC on 1 November (still -04:00).
      epochStart: '2026-11-15T12:00:00Z',
      sameBefore: '2026-11-01T04:00:00Z',
      previous: '2026-11-01T03:59:59Z',
      next: '2026-12-01T05:00:00Z',
    },
  ];

  it.each(cases)('$interval', ({ interval, timeZone, epochStart, sameBefore, previous, next }) => {
    const statistic = { resetInterval: interval, epochVersion: 5, epochStart: at(epochStart) };
    const version = (iso: string) => versionAt(statistic, at(iso), timeZone);
    expect(version(epochStart)).toBe(5);
    expect(version(sameBefore)).toBe(5);
    // 4 is the epoch before's number for the interval this one began in; the interval before that was 3.
    expect(version(previous)).toBe(3);
    expect(version(next)).toBe(6);
    // The interval before is never the version of the epoch's first interval or of any later one.
    expect(version(previous)).toBeLessThan(version(sameBefore));
  });

  it('Manual: everything before the epoch counts in it (one interval)', () => {
    const manual = {
      resetInterval: 'Manual' as const,
      epochVersion: 2,
      epochStart: at('2026-11-25T12:00:00Z'),
    };
    expect(versionAt(manual, at('2025-01-01T00:00:00Z'), 'UTC')).toBe(2);
  });
});
