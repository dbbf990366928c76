/**
 * The longest window whose distinct players the gap rollup answers exactly (Last 90 Days, and any month, with room).
 * A player-day whose previous day is further back than this is stored with gap 0 ("long ago"): for a window of at
 * most this many days that previous day lies before the window anyway.
 */
export const DISTINCT_WINDOW_MAX_DAYS = 92;

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a day number (days since 1970-01-01) and back: windows are day arithmetic. */
export const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The stored gap of a player-day: days since the previous one, 0 when there is none that recent. */
export const gapOf = (day: number, previous: number | undefined) =>
  previous === undefined || day - previous > DISTINCT_WINDOW_MAX_DAYS ? 0 : day - previous;

export type GapDelta = { day: number; gap: number; delta: number };

/**
 * How one player's new days (of one kind and scope) move the gap rollup. `known` are the days already stored
 * within DISTINCT_WINDOW_MAX_DAYS of the new ones (any further away cannot change: their gaps are 0 either way).
 * A new day counts once with its gap; a known day after it whose previous day it now is (an event that arrived
 * out of order) moves from its old gap to the new one, so the rollup stays exactly what the days say.
 */
export const gapDeltas = (known: readonly number[], added: readonly number[]): GapDelta[] => {
  const before = [...new Set(known)].sort((a, b) => a - b);
  const isNew = new Set(added.filter((day) => !before.includes(day)));
  const after = [...new Set([...before, ...isNew])].sort((a, b) => a - b);
  const deltas = new Map<string, GapDelta>();
  const add = (day: number, gap: number, delta: number) => {
    const key = `${day}:${gap}`;
    const entry = deltas.get(key) ?? { day, gap, delta: 0 };
    entry.delta += delta;
    deltas.set(key, entry);
  };
  let previousBefore: number | undefined;
  after.forEach((day, index) => {
    const gap = gapOf(day, index > 0 ? after[index - 1] : undefined);
    if (isNew.has(day)) {
      add(day, gap, 1);
      return;
    }
    const oldGap = gapOf(day, previousBefore);
    previousBefore = day;
    if (oldGap === gap) return;
    add(day, oldGap, -1);
    add(day, gap, 1);
  });
  return [...deltas.values()].filter((entry) => entry.delta !== 0);
};
