import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEvents } from '../src/engine';
import { PLAYER_EVENTS_PER_BATCH } from '../src/engine/core/claim';
import { testDbKind } from './db-kind';
import { addCustomer, createApiKey, createClientAndSignIn, eventFor, postEvents } from './factories';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ENGINE_BATCH_SIZE: '1' } });
});
afterAll(() => t.close());

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** A new client's API key, two of its players, and a moment a minute ago for their events. */
const twoPlayers = async () => {
  const admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
  const { key } = await createApiKey(t.app, admin);
  const players = [await addCustomer(t.app, admin), await addCustomer(t.app, admin)] as const;
  return { key, players, at: new Date(Date.now() - 60_000).toISOString() };
};

describe.skipIf(testDbKind() !== 'postgres')('two workers, one player', () => {
  it("a worker never applies a player's event while an earlier one of theirs is still waiting", async () => {
    const {
      key,
      players: [x, y],
      at,
    } = await twoPlayers();
    const x0 = eventFor(x, { occurred_at: at });
    const x1 = eventFor(x, { type: 'order.created', occurred_at: at, data: { order_id: 'A-1', total: 10 } });
    const y1 = eventFor(y, { occurred_at: at });
    const x2 = eventFor(x, {
      type: 'order.status-change',
      occurred_at: at,
      data: { order_id: 'A-1', status: 'REFUNDED' },
    });
    expect((await postEvents(t.app, key, { events: [x0, x1, y1, x2] })).statusCode).toBe(200);
    const { db } = t.ctx.database;

    // Worker A is applying x0: it holds x0's row and player x.
    const aHolds = deferred();
    const aMayCommit = deferred();
    const workerA = db.transaction(async (tx) => {
      const claimed = await claimEvents(tx, 1);
      expect(claimed.map((e) => e.externalId)).toEqual([x0.id]);
      aHolds.resolve();
      await aMayCommit.promise;
      await tx.execute(sql`UPDATE events SET status = 'processed' WHERE id = ${claimed[0]?.id}`);
    });
    await aHolds.promise;

    // Worker B claims the next two waiting events, x1 and y1; player x is busy, so it keeps only y1, but x1 stays
    // locked by its transaction until it commits.
    const bClaimed = deferred();
    const bMayCommit = deferred();
    let bGot: string[] = [];
    const workerB = db.transaction(async (tx) => {
      bGot = (await claimEvents(tx, 2)).map((e) => e.externalId);
      bClaimed.resolve();
      await bMayCommit.promise;
    });
    await bClaimed.promise;
    // Player x is busy, so worker B takes y1 only and locks nothing of x.
    expect(bGot).toEqual([y1.id]);

    aMayCommit.resolve();
    await workerA;

    // Worker A's next round takes x1 then x2, in order, while B is still open.
    await t.ctx.engine.processOnce();
    bMayCommit.resolve();
    await workerB;
    await t.ctx.engine.drain();
    const rows = await t.ctx.database.query<{
      external_id: string;
      status: string;
      attempts: number;
      error: string | null;
    }>('SELECT external_id, status, attempts, error FROM events ORDER BY seq');
    // x1 (the order) was applied before x2 (its refund): nothing had to wait for a retry.
    expect(rows.every((r) => r.status === 'processed' && r.attempts === 0)).toBe(true);
  });

  it("a batch takes at most PLAYER_EVENTS_PER_BATCH of one player's events, in arrival order, beside the others'", async () => {
    const {
      key,
      players: [busy, other],
      at,
    } = await twoPlayers();
    const many = Array.from({ length: PLAYER_EVENTS_PER_BATCH + 8 }, () =>
      eventFor(busy, { occurred_at: at }),
    );
    const between = eventFor(other, { occurred_at: at });
    const sent = [...many.slice(0, 5), between, ...many.slice(5)];
    expect((await postEvents(t.app, key, { events: sent })).statusCode).toBe(200);
    /** What a claim of `limit` takes, undone afterwards. */
    const claim = (limit: number) =>
      t.ctx.database.db
        .transaction(async (tx) => {
          const rows = await claimEvents(tx, limit);
          throw Object.assign(new Error('undo'), { rows });
        })
        .catch((error: { rows?: Awaited<ReturnType<typeof claimEvents>> }) => {
          const rows = error.rows ?? [];
          const of = (customerId: string) =>
            rows.filter((event) => event.customerId === customerId).map((event) => event.externalId);
          return { busy: of(busy), other: of(other) };
        });
    const ids = (events: { id: string }[]) => events.map((event) => event.id);
    // The busy player's first PLAYER_EVENTS_PER_BATCH and the other player's one, whatever the limit beyond that.
    expect(await claim(500)).toEqual({
      busy: ids(many.slice(0, PLAYER_EVENTS_PER_BATCH)),
      other: [between.id],
    });
    // A smaller batch is the earliest in arrival order of those: the other player's event is among them.
    expect(await claim(10)).toEqual({ busy: ids(many.slice(0, 9)), other: [between.id] });
    await t.ctx.engine.drain();
  });
});
