import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import {
  executePrepared,
  executeSql,
  FIRST_REPLAN,
  fastTransaction,
  preparedStatement,
  refusalOf,
  scriptPrepared,
  scriptStatement,
  sqlLiteral,
} from './fast-transaction';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.query('CREATE TABLE fast_notes (id text PRIMARY KEY, amount int NOT NULL)');
});
afterAll(() => database.close());

const echo = scriptStatement(['text'], 'SELECT $1::text AS said');

/** Runs `echo` once in a script that also reads when this connection last prepared it, and which connection it is. */
const useEcho = (n: number) =>
  fastTransaction(database.db, async (session) => {
    const [said, seen] = await session.script(
      `${executeSql(echo, [`use ${n}`])};
       SELECT pg_backend_pid() AS pid, prepare_time::text AS prepared FROM pg_prepared_statements
       WHERE name = '${echo.name}'`,
      [echo],
    );
    return { said: said?.[0]?.said, ...(seen?.[0] as { pid: number; prepared: string }) };
  });

describe('fastTransaction: script statements', () => {
  it('prepares a statement once per connection, then again after 50, 100, 200… uses, so its plan follows the tables', async () => {
    const uses = 3 * FIRST_REPLAN + 1; // the second re-preparation is its last use, on one connection
    const byConnection = new Map<number, { uses: number; preparedTimes: Set<string> }>();
    for (let n = 0; n < uses; n += 1) {
      const { said, pid, prepared } = await useEcho(n);
      expect(said).toBe(`use ${n}`);
      const seen = byConnection.get(pid) ?? { uses: 0, preparedTimes: new Set<string>() };
      seen.uses += 1;
      seen.preparedTimes.add(prepared);
      byConnection.set(pid, seen);
    }
    // Preparations a connection made for its uses: the first, then one at each threshold passed (50, 150, 350…).
    const preparations = (count: number) => {
      let made = 1;
      for (let at = FIRST_REPLAN, step = FIRST_REPLAN; count > at; step *= 2, at += step) made += 1;
      return made;
    };
    for (const seen of byConnection.values()) expect(seen.preparedTimes.size).toBe(preparations(seen.uses));
    expect(Math.max(...[...byConnection.values()].map((seen) => seen.uses))).toBeGreaterThan(FIRST_REPLAN);
  });
});

/** Adds a note of `amount`, refusing 'too_much' above 10: the shape of a debit its balance does not cover. */
const addNote = scriptPrepared(
  preparedStatement(sql`WITH added AS (
      INSERT INTO fast_notes (id, amount) SELECT ${sql.placeholder('id')}::text, ${sql.placeholder('amount')}::int
      WHERE ${sql.placeholder('amount')}::int <= 10 RETURNING amount)
    SELECT (SELECT amount FROM added) AS amount,
           CASE WHEN NOT EXISTS (SELECT 1 FROM added) THEN laurel_refuse('too_much') END AS refused`),
);

const notes = async () =>
  (await database.query<{ id: string }>('SELECT id FROM fast_notes ORDER BY id')).map((row) => row.id);

/** A script that writes, then `addNote` sent with the COMMIT. */
const twoRoundTrips = (id: string, amount: number, first = `${id}-first`) =>
  fastTransaction(database.db, async (session) => {
    await session.script(`INSERT INTO fast_notes (id, amount) VALUES ('${first}', 0)`);
    return session.commit(executePrepared(addNote, { id, amount }), [addNote]);
  });

describe('fastTransaction: the last statement sent with the COMMIT', () => {
  it('commits both round trips and answers the last statement’s rows', async () => {
    expect(await twoRoundTrips('a', 5)).toEqual([[{ amount: 5, refused: null }]]);
    expect(await notes()).toEqual(['a', 'a-first']);
  });

  it('rolls the whole transaction back on a refusal, names its reason, and the connection serves the next one', async () => {
    // Several in a row: on PostgreSQL a connection of the pool may meet the statement's first PREPARE with it.
    for (const n of [1, 2, 3, 4, 5]) {
      const refused = await twoRoundTrips(`r${n}`, 50).catch((error: unknown) => error);
      expect(refusalOf(refused)).toBe('too_much');
    }
    expect(await notes()).toEqual(['a', 'a-first']);
    await twoRoundTrips('b', 7);
    expect(await notes()).toEqual(['a', 'a-first', 'b', 'b-first']);
  });

  it('tells a refusal from any other failure, which rolls back too', async () => {
    const failed = await twoRoundTrips('a', 1, 'c-first').catch((error: unknown) => error); // 'a' exists
    expect(failed).toBeInstanceOf(Error);
    expect(refusalOf(failed)).toBeNull();
    expect(await notes()).toEqual(['a', 'a-first', 'b', 'b-first']);
  });
});

describe('sqlLiteral', () => {
  it('inlines quotes, backslashes and NUL as the same text whatever standard_conforming_strings says', async () => {
    const tricky = "it's \\'; DROP TABLE fast_notes; --\u0000 \\n end\\";
    for (const setting of ['on', 'off']) {
      const [, [row]] = (await fastTransaction(database.db, (session) =>
        session.script(
          `SET LOCAL standard_conforming_strings = ${setting}; SELECT ${sqlLiteral(tricky)} AS text`,
        ),
      )) as [unknown, [{ text: string }]];
      expect(row.text).toBe(tricky.replaceAll('\u0000', ''));
    }
    expect(await notes()).toContain('a');
  });
});
