/** Helpers every list filter shares. */
import { eq } from 'drizzle-orm';
import { localMidnight } from '../local-time';
import type { DbOrTx } from './database';
import { clients } from './schema';

/** A typed fragment as a LIKE pattern matching it anywhere: `%`, `_` and `\` in it match themselves. */
export const containsPattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DAY_MS = 86_400_000;
const partsOf = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/**
 * The first instant of a `YYYY-MM-DD` day in the business's time zone (the days its staff and dashboard count in),
 * and of the day after: `end_date` filters include their day. Without a zone, UTC.
 */
export const startOfDay = (date: string, timeZone = 'UTC') => {
  const { year, month, day } = partsOf(date);
  return localMidnight(year, month, day, timeZone);
};
export const startOfNextDay = (date: string, timeZone = 'UTC') => {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS);
  return localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
};

/** The business's time zone (Account Settings; UTC until set): its days, resets and dashboard follow it. */
export const clientTimeZone = async (db: DbOrTx, clientId: string) => {
  const [row] = await db.select({ timeZone: clients.timeZone }).from(clients).where(eq(clients.id, clientId));
  return row?.timeZone ?? 'UTC';
};

/** The business's time zone, read only when a list filters by day (most requests do not). */
export const zoneForDays = async (db: DbOrTx, clientId: string, ...days: (string | undefined)[]) =>
  days.some(Boolean) ? clientTimeZone(db, clientId) : undefined;
