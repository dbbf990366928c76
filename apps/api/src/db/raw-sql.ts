import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './database';

/** A whole JS array as one parameter (drizzle would otherwise spread it into a list). */
export const arrayParam = (values: readonly unknown[]) => sql.param(values);

/** Rows of a raw statement, whichever driver runs it (both answer `{ rows }`). */
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/** A jsonb column read by a raw statement: drivers hand it over parsed or as text. */
export const jsonColumn = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
