import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, linkChallenge, objective } from '../../../test/challenge-helpers';
import { statusEvent } from '../../../test/economy-helpers';
import { eventAt, playerOf, sendAndProcess } from '../../../test/engine-helpers';
import { addCustomer, createApiKey, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  key = (await createApiKey(t.app, admin)).key;
});
afterAll(() => t.close());

let counter = 0;
const item = (product_id: string, quantity: number) => ({ product_id, quantity, price: 20 });
/** An order.created of `items` (an order id unique to the test run), `minutesAgo` back. */
const order = (customerId: string, items: Record<string, unknown>[], minutesAgo = 30) => {
  const orderId = `refund-${Date.now()}-${++counter}`;
  return {
    orderId,
    event: eventAt(customerId, minutesAgo, {
      id: `created-${orderId}`,
      type: 'order.created',
      data: { order_id: orderId, total: 100, payment_method: 'CARD', items },
    }),
  };
};

/** A released challenge granted to AllPlayers. */
const released = async (objectives: Record<string, unknown>[]) => {
  const challenge = await createChallenge(t.app, admin, {
    objectives: objectives.map((overrides) => objective({ rewards: [], ...overrides })),
  });
  await linkChallenge(t.app, admin, challenge._id);
  return challenge;
};

/** The player's status and each objective's progress in a challenge, as the client's app reads them. */
const standing = async (customerId: string, challengeId: string) => {
  const mine = (await playerOf(t.app, key, customerId)).challenges.find(
    (c) => c.challenge_id === challengeId,
  );
  return { status: mine?.status, progress: mine?.objectives.map((o) => o.progress) };
};

describe('a refunded or cancelled order takes back the challenge progress it made', () => {
  it('takes back counts and units from open objectives, and a recovered order gives them back', async () => {
    const challenge = await released([
      { event_type: 'orderVolume', trigger: { trigger_quantity: 3 } },
      {
        event_type: 'productPurchased',
        scope: { type: 'products', value: ['latte'], match_all: false },
        trigger: { trigger_quantity: 5 },
      },
    ]);
    const customer = await addCustomer(t.app, admin);
    const first = order(customer, [item('latte', 2)], 50);
    const second = order(customer, [item('latte', 1), item('muffin', 4)], 40);
    await sendAndProcess(t, key, [first.event, second.event]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [2, 3] });

    await sendAndProcess(t, key, [statusEvent(customer, first.orderId, 'REFUNDED', 30)]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [1, 1] });
    await sendAndProcess(t, key, [statusEvent(customer, second.orderId, 'CANCELLED', 20)]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [0, 0] });

    // The refunded order counts again: what its refund took back is given back.
    await sendAndProcess(t, key, [statusEvent(customer, first.orderId, 'FULFILLED', 10)]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [1, 2] });
  });

  it('an order refunded in the batch that counted it adds nothing', async () => {
    const challenge = await released([{ event_type: 'orderVolume', trigger: { trigger_quantity: 3 } }]);
    const customer = await addCustomer(t.app, admin);
    const kept = order(customer, [item('tea', 1)], 50);
    const refunded = order(customer, [item('tea', 1)], 40);
    await sendAndProcess(t, key, [
      kept.event,
      refunded.event,
      statusEvent(customer, refunded.orderId, 'REFUNDED', 30),
    ]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [1] });
  });

  it('forgets the unique values a refunded order counted, so buying them again counts', async () => {
    const challenge = await released([
      {
        event_type: 'productPurchased',
        scope: { type: 'products', value: ['latte', 'scone'], match_all: false },
        trigger: { trigger_quantity: 2 },
        conditions: [{ type: 'unique', field: 'product_id' }],
      },
    ]);
    const customer = await addCustomer(t.app, admin);
    const first = order(customer, [item('latte', 1)], 50);
    await sendAndProcess(t, key, [first.event]);
    await sendAndProcess(t, key, [statusEvent(customer, first.orderId, 'REFUNDED', 40)]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [0] });
    await sendAndProcess(t, key, [order(customer, [item('latte', 1)], 30).event]);
    expect(await standing(customer, challenge._id)).toEqual({ status: 'active', progress: [1] });
  });

  it('a completed challenge, and a completed objective of an open one, keep their progress and rewards', async () => {
    const done = await released([
      { event_type: 'orderVolume', trigger: { trigger_quantity: 1 }, rewards: [{ type: 'xp', value: 10 }] },
    ]);
    const half = await released([
      { event_type: 'orderVolume', trigger: { trigger_quantity: 1 }, rewards: [{ type: 'xp', value: 5 }] },
      { event_type: 'numberOfReferrals', trigger: { trigger_quantity: 1 } },
    ]);
    const customer = await addCustomer(t.app, admin);
    const bought = order(customer, [item('cake', 1)], 50);
    await sendAndProcess(t, key, [bought.event]);
    expect(await standing(customer, done._id)).toEqual({ status: 'completed', progress: [1] });
    expect(await standing(customer, half._id)).toEqual({ status: 'active', progress: [1, 0] });

    await sendAndProcess(t, key, [statusEvent(customer, bought.orderId, 'REFUNDED', 40)]);
    expect(await standing(customer, done._id)).toEqual({ status: 'completed', progress: [1] });
    expect(await standing(customer, half._id)).toEqual({ status: 'active', progress: [1, 0] });
    expect((await playerOf(t.app, key, customer)).statistics.xp).toBe(15);
  });
});
