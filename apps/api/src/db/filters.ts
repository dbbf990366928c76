/** Helpers every list filter shares. */

/** A typed fragment as a LIKE pattern matching it anywhere: `%`, `_` and `\` in it match themselves. */
export const containsPattern = (fragment: string) => `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The first instant of a `YYYY-MM-DD` day (UTC), and of the day after: `end_date` filters include their day. */
export const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);
export const startOfNextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
