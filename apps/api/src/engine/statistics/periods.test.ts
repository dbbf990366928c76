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

  it('a late event from before the epoch counts in its first version', () => {
    expect(versionAt(daily, at('2026-11-01T00:00:00Z'), 'UTC')).toBe(3);
  });
});
