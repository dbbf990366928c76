import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISTINCT_WINDOW_MAX_DAYS, dayNumber, gapDeltas, isoDay } from './day-gaps';

type Row = { day: number; gap: number; players: number };

/** What the dashboard's SQL does with the gap rows: the player-days in [from, to] whose previous day is before it. */
const distinctInWindow = (rows: Iterable<Row>, from: number, to: number) => {
  let sum = 0;
  for (const row of rows) {
    if (row.day >= from && row.day <= to && (row.gap === 0 || row.gap > row.day - from)) sum += row.players;
  }
  return sum;
};

/** A rollup kept the way the step keeps it: per player, the known days near the new ones, then the deltas. */
const keepRollup = () => {
  const days = new Map<string, Set<number>>();
  const rows = new Map<string, Row>();
  const record = (player: string, added: number[]) => {
    const mine = days.get(player) ?? new Set<number>();
    const fresh = added.filter((day) => !mine.has(day));
    if (fresh.length === 0) return;
    const low = Math.min(...fresh) - DISTINCT_WINDOW_MAX_DAYS;
    const high = Math.max(...fresh) + DISTINCT_WINDOW_MAX_DAYS;
    const known = [...mine].filter((day) => day >= low && day <= high);
    for (const { day, gap, delta } of gapDeltas(known, fresh)) {
      const key = `${day}:${gap}`;
      const row = rows.get(key) ?? { day, gap, players: 0 };
      row.players += delta;
      expect(row.players).toBeGreaterThanOrEqual(0);
      if (row.players === 0) rows.delete(key);
      else rows.set(key, row);
    }
    for (const day of fresh) mine.add(day);
    days.set(player, mine);
  };
  return { days, rows, record };
};

describe('gap rollup', () => {
  it('days in order: each counts once, with the days since the previous one (0 when none that recent)', () => {
    expect(gapDeltas([], [100])).toEqual([{ day: 100, gap: 0, delta: 1 }]);
    expect(gapDeltas([100], [103])).toEqual([{ day: 103, gap: 3, delta: 1 }]);
    expect(gapDeltas([100], [100 + DISTINCT_WINDOW_MAX_DAYS + 1])).toEqual([
      { day: 100 + DISTINCT_WINDOW_MAX_DAYS + 1, gap: 0, delta: 1 },
    ]);
    expect(gapDeltas([100], [100])).toEqual([]);
  });

  it('a day that arrives out of order moves the next day from its old gap to the new one', () => {
    expect(gapDeltas([10, 14], [12])).toEqual([
      { day: 12, gap: 2, delta: 1 },
      { day: 14, gap: 4, delta: -1 },
      { day: 14, gap: 2, delta: 1 },
    ]);
    // Before the first known day: that day had no recent previous day, now it has.
    expect(gapDeltas([50], [45, 40])).toEqual([
      { day: 40, gap: 0, delta: 1 },
      { day: 45, gap: 5, delta: 1 },
      { day: 50, gap: 0, delta: -1 },
      { day: 50, gap: 5, delta: 1 },
    ]);
  });

  it('day numbers and ISO dates convert both ways', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(isoDay(dayNumber('2024-02-29'))).toBe('2024-02-29');
  });

  it('distinct players of every window up to the maximum stay exact, whatever the order days arrive in', () => {
    const players = ['a', 'b', 'c', 'd'];
    const batch = fc.array(
      fc.record({
        player: fc.constantFrom(...players),
        days: fc.array(fc.nat(300), { minLength: 1, maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 40 },
    );
    fc.assert(
      fc.property(
        batch,
        fc.nat(300),
        fc.integer({ min: 1, max: DISTINCT_WINDOW_MAX_DAYS }),
        (batches, from, length) => {
          const rollup = keepRollup();
          for (const { player, days } of batches) rollup.record(player, days);
          const to = from + length - 1;
          const expected = [...rollup.days.values()].filter((days) =>
            [...days].some((day) => day >= from && day <= to),
          ).length;
          expect(distinctInWindow(rollup.rows.values(), from, to)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
