import { describe, expect, it } from 'vitest';
import { isoDay } from '../../engine';
import { daysIn, periodsOf } from './dashboard-periods';

const iso = (key: Parameters<typeof periodsOf>[0], today: string) => {
  const { current, previous } = periodsOf(key, today);
  return [isoDay(current.start), isoDay(current.end), isoDay(previous.start), isoDay(previous.end)];
};

describe('dashboard periods', () => {
  it('Current Month runs from the 1st to today, after the whole of last month', () => {
    expect(iso('current_month', '2026-03-18')).toEqual([
      '2026-03-01',
      '2026-03-18',
      '2026-02-01',
      '2026-02-28',
    ]);
    expect(iso('current_month', '2026-01-01')).toEqual([
      '2026-01-01',
      '2026-01-01',
      '2025-12-01',
      '2025-12-31',
    ]);
  });

  it('Last Month is the last calendar month, after the month before it', () => {
    expect(iso('previous_month', '2026-03-31')).toEqual([
      '2026-02-01',
      '2026-02-28',
      '2026-01-01',
      '2026-01-31',
    ]);
    expect(iso('previous_month', '2024-03-05')).toEqual([
      '2024-02-01',
      '2024-02-29',
      '2024-01-01',
      '2024-01-31',
    ]);
    expect(iso('previous_month', '2026-01-15')).toEqual([
      '2025-12-01',
      '2025-12-31',
      '2025-11-01',
      '2025-11-30',
    ]);
  });

  it('Last 30 and Last 90 Days end today, after as many days before them', () => {
    expect(iso('30', '2026-03-18')).toEqual(['2026-02-17', '2026-03-18', '2026-01-18', '2026-02-16']);
    const ninety = periodsOf('90', '2026-03-18');
    expect(daysIn(ninety.current)).toBe(90);
    expect(daysIn(ninety.previous)).toBe(90);
    expect(ninety.previous.end + 1).toBe(ninety.current.start);
  });
});
