import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { streamCsv } from './csv-stream';

/*
 * Exports page through their rows by key on the embedded database (PGlite): rows written by one transaction share
 * its now() to the microsecond, so a page boundary inside them must neither skip nor repeat a row.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.database.query(
    `CREATE TABLE csv_keyset_rows (id text PRIMARY KEY, created_at timestamptz NOT NULL)`,
  );
  // 12,001 rows of one microsecond-precise instant, the way one transaction's inserts are stamped.
  await t.ctx.database.query(
    `INSERT INTO csv_keyset_rows SELECT lpad(g::text, 6, '0'), '2026-11-20 10:11:12.123456+00'
       FROM generate_series(1, 12001) g`,
  );
});
afterAll(() => t.close());

describe('streamCsv', () => {
  it('writes every row once across pages when thousands share one instant', async () => {
    const stream = await streamCsv(t.ctx.database, {
      columns: [{ header: 'id', expression: 'id', freeText: false }],
      from: 'FROM csv_keyset_rows',
      where: 'true',
      orderBy: [
        { expression: 'created_at', type: 'timestamptz' },
        { expression: 'id', type: 'text' },
      ],
    });
    const lines = (await stream.toArray()).join('').trim().split('\n');
    expect(lines[0]).toBe('id');
    const ids = lines.slice(1);
    expect(ids).toHaveLength(12_001);
    expect(new Set(ids).size).toBe(12_001);
    expect(ids[0]).toBe('012001');
    expect(ids.at(-1)).toBe('000001');
  });
});
