import type { Db } from './database';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared query (drizzle `.prepare(name)` with placeholders) built once per database and name: later calls only
 * execute it, so that neither the query builder nor PostgreSQL's planner runs again for each request. `name` is
 * the statement's name on each connection: one name, one SQL text.
 */
export const preparedQuery = <T>(db: Db, name: string, build: (name: string) => T): T => {
  let named = byDatabase.get(db);
  if (!named) {
    named = new Map();
    byDatabase.set(db, named);
  }
  let query = named.get(name) as T | undefined;
  if (query === undefined) {
    query = build(name);
    named.set(name, query);
  }
  return query;
};
