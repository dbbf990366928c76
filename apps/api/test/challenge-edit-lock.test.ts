import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimEvents } from '../src/engine';
import { CLIENT_LOCK_NAMESPACE } from '../src/engine/core/locks';
import { challengeBody, createChallenge, objective } from './challenge-helpers';
import { testDbKind } from './db-kind';
import { addCustomer, callAs, createApiKey, createClientAndSignIn, eventFor, postEvents } from './factories';
import { createTestApp, type TestApp } from './test-app';

/*
 * A batch reads a player's challenge entries and writes them back whole; an edit that drops an objective's progress
 * meanwhile would be written over. So an edit or a delete waits for the client's batches in flight (they hold the
 * client's lock shared from their claim) and keeps the next ones out until it commits.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ENGINE_BATCH_SIZE: '1' } });
});
afterAll(() => t.close());

/** Resolves once a session waits for the client engine lock exclusively (as the edit should). */
const someoneWaitsForClientLock = async () => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const result = await t.ctx.database.db.execute(
      sql`SELECT count(*)::int AS waiting FROM pg_locks
          WHERE locktype = 'advisory' AND classid = ${CLIENT_LOCK_NAMESPACE} AND NOT granted`,
    );
    const [row] = (result as unknown as { rows: { waiting: number }[] }).rows;
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waited for the client lock');
};

describe.skipIf(testDbKind() !== 'postgres')('challenge edits and event batches', () => {
  it.each(['PUT', 'DELETE'] as const)(
    '%s waits for the batch in flight, then answers 200',
    async (method) => {
      const admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
      const { key } = await createApiKey(t.app, admin);
      const player = await addCustomer(t.app, admin);
      const challenge = await createChallenge(t.app, admin, {
        objectives: [objective({ _id: 'objectiveAb12Cd34' }), objective({ _id: 'objectiveEf56Gh78' })],
      });
      const event = eventFor(player, { occurred_at: new Date(Date.now() - 60_000).toISOString() });
      expect((await postEvents(t.app, key, { events: [event] })).statusCode).toBe(200);

      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let claimed!: () => void;
      const batchHolds = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      const batch = t.ctx.database.db.transaction(async (tx) => {
        expect((await claimEvents(tx, 1)).map((e) => e.externalId)).toEqual([event.id]);
        claimed();
        await released;
      });
      await batchHolds;

      const call = callAs(t.app, admin);
      let settled = false;
      const edit = (
        method === 'PUT'
          ? call(
              'PUT',
              `/api/challenges/${challenge._id}`,
              challengeBody({
                title: 'One objective',
                objectives: [objective({ _id: 'objectiveAb12Cd34' })],
              }),
            )
          : call('DELETE', `/api/challenges/${challenge._id}`)
      ).finally(() => {
        settled = true;
      });
      try {
        await someoneWaitsForClientLock();
        expect(settled).toBe(false);
      } finally {
        release();
        await batch;
      }
      const answer = await edit;
      expect(answer.statusCode, answer.body).toBe(200);
      // The event waits for the next batch, which reads the challenge as edited.
      await t.ctx.engine.processOnce();
      const state = await t.ctx.database.db.execute(
        sql`SELECT status FROM events WHERE client_id = ${admin.clientId} AND external_id = ${event.id}`,
      );
      expect((state as unknown as { rows: { status: string }[] }).rows).toEqual([{ status: 'processed' }]);
    },
  );
});
