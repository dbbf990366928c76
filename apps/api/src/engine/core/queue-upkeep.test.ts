import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCustomer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  postEvents,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Database, DatabaseKind } from '../../db/database';
import { createQueueUpkeepTask, vacuumQueueTables } from './queue-upkeep';

/** A database that answers the upkeep's two reads and records every statement. */
const fakeDatabase = (kind: DatabaseKind, autovacuum: boolean, dead: Record<string, [number, number]>) => {
  const statements: string[] = [];
  const database = {
    kind,
    query: async (text: string) => {
      statements.push(text);
      if (text.includes("current_setting('autovacuum')")) return [{ on: autovacuum }];
      if (text.includes('pg_stat_user_tables'))
        return Object.entries(dead).map(([relname, [live, deadRows]]) => ({
          relname,
          n_live_tup: live,
          n_dead_tup: deadRows,
        }));
      return [];
    },
  } as unknown as Database;
  return { database, statements, vacuums: () => statements.filter((s) => s.startsWith('VACUUM')) };
};

describe('the queue upkeep task (ENGINE_VACUUM)', () => {
  afterEach(() => vi.useRealTimers());

  it('vacuums, where no autovacuum runs, only the queue tables past their share of dead rows', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    // The queue: few live rows, many dead; the deliveries' history: dead rows under 5% of its live ones.
    const fake = fakeDatabase('pglite', true, {
      event_queue: [10, 5_000],
      webhook_deliveries: [400_000, 15_000],
    });
    const task = createQueueUpkeepTask({ mode: 'auto' });
    expect(await task.run(fake.database)).toBe(false);
    expect(fake.vacuums()).toEqual(['VACUUM (SKIP_LOCKED, INDEX_CLEANUP ON) event_queue']);
    // Within the next ten seconds it does not look again; after them it does.
    await task.run(fake.database);
    vi.advanceTimersByTime(9_000);
    await task.run(fake.database);
    expect(fake.vacuums()).toHaveLength(1);
    vi.advanceTimersByTime(1_500);
    await task.run(fake.database);
    expect(fake.vacuums()).toHaveLength(2);
    const few = fakeDatabase('pglite', true, { event_queue: [40_000, 2_900] });
    await createQueueUpkeepTask({ mode: 'auto' }).run(few.database);
    expect(few.vacuums()).toEqual([]);
  });

  it('leaves it to PostgreSQL when its autovacuum is on, and does nothing when turned off', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const served = fakeDatabase('postgres', true, { event_queue: [0, 50_000] });
    const task = createQueueUpkeepTask({ mode: 'auto' });
    await task.run(served.database);
    vi.advanceTimersByTime(60_000);
    await task.run(served.database);
    expect(served.statements).toHaveLength(1);
    expect(served.vacuums()).toEqual([]);

    const off = fakeDatabase('postgres', false, { event_queue: [0, 50_000] });
    await createQueueUpkeepTask({ mode: 'off' }).run(off.database);
    expect(off.statements).toEqual([]);

    const unserved = fakeDatabase('postgres', false, { event_queue: [0, 50_000] });
    await createQueueUpkeepTask({ mode: 'auto' }).run(unserved.database);
    expect(unserved.vacuums()).toHaveLength(1);
  });
});

describe('a vacuum of the event queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ENGINE_VACUUM: 'off' } });
  });
  afterAll(() => t.close());

  /** Pages the worker's claim reads on an empty queue (the statement of claim.ts, as EXPLAIN counts them). */
  const claimPages = async () => {
    const [row] = await t.ctx.database.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       SELECT client_id, customer_id FROM event_queue WHERE status = 'accepted' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, seq LIMIT 500`,
    );
    const plan = row?.['QUERY PLAN'];
    const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, number> }[];
    const planNode = top[0]?.Plan ?? {};
    return (planNode['Shared Hit Blocks'] ?? 0) + (planNode['Shared Read Blocks'] ?? 0);
  };

  it('takes the processed events out of the claim’s way', async () => {
    const admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    const { key } = await createApiKey(t.app, admin);
    // Forty members with a few events each, as a till sends them: one member's 2,000 events would be processed
    // one at a time (in order), which only makes the test slow.
    const customerIds: string[] = [];
    for (let n = 0; n < 40; n += 1) customerIds.push(await addCustomer(t.app, admin));
    for (let batch = 0; batch < 4; batch += 1) {
      const events = Array.from({ length: 500 }, (_, n) =>
        eventFor(customerIds[n % customerIds.length] ?? ''),
      );
      expect((await postEvents(t.app, key, { events })).statusCode).toBe(200);
    }
    await t.ctx.engine.drain();
    const before = await claimPages();
    await vacuumQueueTables(t.ctx.database, ['event_queue']);
    const after = await claimPages();
    // 2,000 events came and went: their dead rows were read by every claim until the vacuum.
    expect(before).toBeGreaterThan(10);
    expect(after).toBeLessThanOrEqual(2);
  });
});
