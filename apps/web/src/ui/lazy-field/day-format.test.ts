import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './day-format';

describe('formatDay', () => {
  it('formats as dayjs does for the formats the date fields use', () => {
    for (const format of ['D MMM YYYY', 'YYYY-MM-DD', 'MMMM D, YYYY', 'DD/MM/YY', '[Day] D'])
      for (const value of ['2025-12-01', '2026-02-28', '2024-07-09'])
        expect(formatDay(value, format), `${value} ${format}`).toBe(dayjs(value).format(format));
    expect(formatDay(null, 'D MMM YYYY')).toBe('');
    expect(formatDay('not a day', 'D MMM YYYY')).toBe('');
  });

  it('reads a typed day', () => {
    expect(parseDay('1 Dec 2025')).toBe('2025-12-01');
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('nonsense')).toBeNull();
  });
});
