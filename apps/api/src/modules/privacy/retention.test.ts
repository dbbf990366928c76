import { PRIVACY_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvent } from '../../../test/economy-helpers';
import { eventAt } from '../../../test/engine-helpers';
import { addCustomer, createApiKey, createClientAndSignIn, postEvents } from '../../../test/factories';
import { createClientApp } from '../../../test/test-app';
import { blankExpiredPayloads, createPayloadRetentionTask } from '../../engine/retention/payload-retention';

let setup: Awaited<ReturnType<typeof createClientApp>>;

beforeAll(async () => {
  setup = await createClientApp('BUSINESS');
});
afterAll(() => setup.t.close());

const DAY = 86_400_000;

describe('the retention setting', () => {
  it('defaults to forever, saves a number of days or forever, and refuses anything else (400)', async () => {
    const read = await setup.call('GET', '/api/client/privacy-settings');
    expect(read.json().content).toEqual({ event_payload_retention_days: null });
    const saved = await setup.call('PUT', '/api/client/privacy-settings', {
      event_payload_retention_days: 365,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: PRIVACY_MESSAGES.settingsSaved,
      content: { event_payload_retention_days: 365 },
    });
    for (const bad of [0, -3, 1.5, 4000, 'soon']) {
      const res = await setup.call('PUT', '/api/client/privacy-settings', {
        event_payload_retention_days: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRIVACY_MESSAGES.retentionRange);
    }
    const forever = await setup.call('PUT', '/api/client/privacy-settings', {
      event_payload_retention_days: null,
    });
    expect(forever.json().content).toEqual({ event_payload_retention_days: null });
    const [audit] = await setup.t.ctx.database.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM audit_log WHERE client_id = $1 AND action = 'privacy_settings.updated'`,
      [setup.admin.clientId],
    );
    expect(Number(audit?.n)).toBe(2);
  });
});

describe('the daily retention task', () => {
  it('blanks only processed payloads older than the retention, keeping the order id and status', async () => {
    const { t, key, admin, call } = setup;
    expect(
      (await call('PUT', '/api/client/privacy-settings', { event_payload_retention_days: 30 })).statusCode,
    ).toBe(200);
    const { database } = t.ctx;
    const customer = await addCustomer(t.app, admin);
    const oldOrder = orderEvent(customer, 'old-order', [[120, 1]]);
    const recentOrder = orderEvent(customer, 'recent-order', [[80, 1]]);
    const login = eventAt(customer, 1, { type: 'user.logged-in', data: { channel: 'app' } });
    const parked = eventAt(customer, 1, {
      type: 'statistic.update',
      data: { name: 'unknownStat', value: 3 },
    });
    const res = await postEvents(t.app, key, { events: [oldOrder, recentOrder, login, parked] });
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.engine.drain();
    // Another business keeps payloads forever (no setting): its old processed events stay whole.
    const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const otherKey = (await createApiKey(t.app, other)).key;
    const stranger = await addCustomer(t.app, other);
    const theirs = eventAt(stranger, 1, { type: 'user.logged-in', data: { channel: 'pos' } });
    expect((await postEvents(t.app, otherKey, theirs)).statusCode).toBe(202);
    await t.ctx.engine.drain();
    await database.query(
      `UPDATE events SET processed_at = now() - interval '400 days' WHERE client_id = $1`,
      [other.clientId],
    );

    // A waiting event (not yet processed) is stored after the worker ran.
    const waiting = eventAt(customer, 1, { type: 'user.logged-in', data: { channel: 'web' } });
    expect((await postEvents(t.app, key, waiting)).statusCode).toBe(202);

    // Everything but the recent order was processed (or parked, or left waiting) 40 days ago.
    await database.query(
      `UPDATE events SET processed_at = now() - interval '40 days', received_at = now() - interval '40 days'
        WHERE client_id = $1 AND external_id <> $2`,
      [admin.clientId, recentOrder.id],
    );
    await database.query(
      `UPDATE events SET processed_at = now() - interval '400 days' WHERE client_id = $1`,
      [other.clientId],
    );
    const task = createPayloadRetentionTask(() => new Date());
    expect(await task.run(database)).toBe(true);
    expect(await task.run(database)).toBe(false);
    const nextDue = await task.nextDueIn?.(database);
    expect(nextDue).toBeGreaterThan(0);
    expect(nextDue).toBeLessThanOrEqual(DAY + 1);

    const rows = await database.query<{ external_id: string; status: string; data: Record<string, unknown> }>(
      'SELECT external_id, status, data FROM events WHERE client_id = $1',
      [admin.clientId],
    );
    const byId = new Map(rows.map((row) => [row.external_id, row]));
    expect(byId.get(oldOrder.id)).toMatchObject({ status: 'processed', data: { order_id: 'old-order' } });
    expect(Object.keys(byId.get(oldOrder.id)?.data ?? {})).toEqual(['order_id']);
    expect(byId.get(login.id)).toMatchObject({ status: 'processed', data: {} });
    expect(byId.get(recentOrder.id)?.data).toMatchObject({
      order_id: 'recent-order',
      items: [{ price: 80 }],
    });
    expect(byId.get(parked.id)).toMatchObject({ status: 'parked', data: { name: 'unknownStat', value: 3 } });
    expect(byId.get(waiting.id)).toMatchObject({ status: 'accepted', data: { channel: 'web' } });
    const [their] = await database.query<{ data: unknown }>('SELECT data FROM events WHERE client_id = $1', [
      other.clientId,
    ]);
    expect(their?.data).toEqual({ channel: 'pos' });
    // Nothing is left to blank; the dashboard's rebuild still finds the old order by its id.
    expect(await blankExpiredPayloads(database, new Date())).toBe(0);
  });
});
