import { expect } from 'vitest';
import type { Database } from '../src/db/database';

/**
 * Every text, varchar and jsonb column of every table, searched for each needle (case-insensitive): `table.column`
 * where one is found. What an erasure test asks of the whole database.
 */
export const findEverywhere = async (database: Database, needles: string[]) => {
  const columns = await database.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      ORDER BY 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(50);
  const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM "${table_name}" WHERE lower("${column_name}"::text) LIKE ANY($1::text[])`,
      [patterns],
    );
    if (Number(row?.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
};
