import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dropExpiredEventPartitions, ensureEventPartitions, eventPartitions } from './event-partitions';

const DAY = 86_400_000;
let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
  key = (await createApiKey(t.app, admin)).key;
});
afterAll(() => t.close());

const monthOf = (date: Date) => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() });
const partitionOf = (date: Date) => {
  const { year, month } = monthOf(date);
  return `events_${year}_${String(month + 1).padStart(2, '0')}`;
};
/** A month's partition made for the test, and some of the client's events moved into it (row movement). */
const backdate = async (externalIds: string[], at: Date) => {
  const { year, month } = monthOf(at);
  const from = new Date(Date.UTC(year, month, 1)).toISOString();
  const to = new Date(Date.UTC(year, month + 1, 1)).toISOString();
  await t.ctx.database.query(
    `CREATE TABLE IF NOT EXISTS "${partitionOf(at)}" PARTITION OF events FOR VALUES FROM ('${from}') TO ('${to}')`,
  );
  await t.ctx.database.query(
    'UPDATE events SET received_at = $1 WHERE client_id = $2 AND external_id = ANY($3::text[])',
    [at.toISOString(), admin.clientId, externalIds],
  );
};
const send = async (events: Record<string, unknown>[]) => {
  const res = await postEvents(t.app, key, { events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { id: string; status: string }[];
};

describe('the event log by month (EVENT_RETENTION_DAYS)', () => {
  it('keeps the current and next month ready', async () => {
    const now = new Date();
    await ensureEventPartitions(t.ctx.database, now);
    const names = (await eventPartitions(t.ctx.database)).map((p) => p.name);
    expect(names).toContain(partitionOf(now));
    expect(names).toContain(partitionOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))));
  });

  it('drops only old months whose events are all finished; a dropped event id repeated is still a duplicate', async () => {
    const customer = await addCustomer(t.app, admin);
    const finished = [eventFor(customer), eventFor(customer)];
    const waiting = eventFor(customer);
    const parked = eventFor(customer);
    await send([...finished, waiting, parked]);
    await t.ctx.engine.drain();
    // Months long gone: one of finished events only, one holding a waiting event, one holding a parked one.
    const now = new Date();
    const old = (days: number) => new Date(now.getTime() - days * DAY);
    await backdate(
      finished.map((e) => e.id),
      old(200),
    );
    await backdate([waiting.id], old(150));
    await t.ctx.database.query("UPDATE events SET status = 'accepted' WHERE external_id = $1", [waiting.id]);
    await backdate([parked.id], old(100));
    await t.ctx.database.query("UPDATE events SET status = 'parked' WHERE external_id = $1", [parked.id]);

    const dropped = await dropExpiredEventPartitions(t.ctx.database, now, 60);
    expect(dropped).toEqual([partitionOf(old(200))]);
    const names = (await eventPartitions(t.ctx.database)).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([partitionOf(old(150)), partitionOf(old(100)), partitionOf(now)]),
    );
    const left = await t.ctx.database.query<{ external_id: string }>(
      'SELECT external_id FROM events WHERE client_id = $1 AND customer_id = $2',
      [admin.clientId, customer],
    );
    expect(left.map((row) => row.external_id).sort()).toEqual([waiting.id, parked.id].sort());

    // The dropped events' ids are still known: the same payload is a duplicate, another one a conflict.
    const [again] = await send([finished[0] as Record<string, unknown>]);
    expect(again?.status).toBe('duplicate');
    const changed = await postEvents(t.app, key, { ...finished[1], data: { channel: 'web' } });
    expect(changed.statusCode).toBe(409);
  });

  it('forgets ids after twice the retention, as documented', async () => {
    const customer = await addCustomer(t.app, admin);
    const login = eventFor(customer);
    await send([login]);
    await t.ctx.database.query('UPDATE event_keys SET received_at = $1 WHERE external_id = $2', [
      new Date(Date.now() - 130 * DAY).toISOString(),
      login.id,
    ]);
    await dropExpiredEventPartitions(t.ctx.database, new Date(), 60);
    const keys = await t.ctx.database.query('SELECT 1 FROM event_keys WHERE external_id = $1', [login.id]);
    expect(keys).toHaveLength(0);
  });
});
