import type { TDashboard } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBadge, createSegment, rule, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rebuildDashboard } from '../../engine';

/** On the system clock: a grant made outside an event batch counts on the day it is made, today. */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
});
afterAll(() => t.close());

const badgesEarned = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard?period=30',
    headers: bearer(admin.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().content as TDashboard).figures.badges_earned.value;
};

describe('badges granted outside event batches', () => {
  it('a segment created after the activity grants its badge on the rebuild of its members: it counts', async () => {
    const key = (await createApiKey(t.app, admin)).key;
    const players = [await addCustomer(t.app, admin), await addCustomer(t.app, admin)];
    await sendAndProcess(
      t,
      key,
      players.map((id) => eventFor(id, { type: 'qr.scanned' })),
    );
    expect(await badgesEarned()).toBe(0);
    const badge = await createBadge(t.app, admin, { name: 'Scanner' });
    await createSegment(t.app, admin, {
      name: 'Scanners',
      filters: [rule('numberOfQrScans', 'GreaterThanOrEqual', 1)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 2 }],
    });
    // The worker's task recomputes the new segment: both players enter, each is granted 2.
    await t.ctx.engine.drain();
    expect(await badgesEarned()).toBe(4);
    await rebuildDashboard(t.ctx.database, admin.clientId);
    expect(await badgesEarned()).toBe(4);
  });
});
