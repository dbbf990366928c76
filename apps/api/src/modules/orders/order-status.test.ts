import {
  ORDER_INITIAL_STATUSES,
  ORDER_INTAKE_MESSAGES,
  ORDER_STATUSES,
  ORDER_TRANSITION_MESSAGES,
  ORDER_TRANSITIONS,
  PARCEL_STATUSES,
  PARCEL_TRANSITIONS,
  type TOrderStatus,
  type TParcelStatus,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, bearer, callAs, createStaffAndSignIn, type SignedIn } from '../../../test/factories';
import { createClientApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app';
import { createOrder, getOrderPage, patchOrder } from './orders.test-support';

let t: TestApp;
let admin: SignedIn;
let key: string;
let north: string;
let south: string;
beforeAll(async () => {
  // Hundreds of requests within a minute from one address and one key: past the default rate limits.
  ({
    t,
    admin,
    key,
    branchIds: { North: north, South: south },
  } = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS, branches: ['North', 'South'] }));
});
afterAll(() => t.close());

/** The shortest legal path to every status from where things start (breadth first over the table). */
const pathsFrom = <S extends string>(starts: readonly S[], table: Record<S, readonly S[]>) => {
  const paths = new Map<S, S[]>(starts.map((start) => [start, [start]]));
  const queue = [...starts];
  while (queue.length > 0) {
    const from = queue.shift() as S;
    for (const to of table[from]) {
      if (paths.has(to)) continue;
      paths.set(to, [...(paths.get(from) ?? []), to]);
      queue.push(to);
    }
  }
  return paths;
};
const orderPaths = pathsFrom<TOrderStatus>(ORDER_INITIAL_STATUSES, ORDER_TRANSITIONS);
const parcelPaths = pathsFrom<TParcelStatus>(['OPEN'], PARCEL_TRANSITIONS);

/** A guest's order moved along the legal path to `status`. */
const orderIn = async (status: TOrderStatus) => {
  const [first, ...rest] = orderPaths.get(status) ?? [];
  const { _id } = await createOrder(t.app, key, null, { status: first });
  for (const next of rest) expect((await patchOrder(t.app, key, _id, { status: next })).statusCode).toBe(200);
  return _id;
};

const historyOf = async (id: string) =>
  (await getOrderPage(t.app, admin.clientToken, id)).json().content.status_history as {
    seq: number;
    parcel: number | null;
    from_status: string | null;
    to_status: string;
    changed_by: string;
  }[];

describe('order statuses follow the transition table', () => {
  it('every status is reachable', () => {
    expect([...orderPaths.keys()].sort()).toEqual([...ORDER_STATUSES].sort());
    expect([...parcelPaths.keys()].sort()).toEqual([...PARCEL_STATUSES].sort());
  });

  it.each(ORDER_STATUSES)(
    'from %s: the listed moves pass, every other is 409 naming both statuses',
    async (from) => {
      for (const to of ORDER_STATUSES.filter((status) => status !== from)) {
        const id = await orderIn(from);
        const res = await patchOrder(t.app, key, id, { status: to });
        if ((ORDER_TRANSITIONS[from] as readonly string[]).includes(to)) {
          expect(res.statusCode, `${from} -> ${to}`).toBe(200);
          expect(res.json()).toMatchObject({
            message: ORDER_INTAKE_MESSAGES.updated,
            content: { status: to },
          });
        } else {
          expect(res.statusCode, `${from} -> ${to}`).toBe(409);
          expect(res.json().message).toBe(ORDER_TRANSITION_MESSAGES.illegalOrder(from, to));
          expect(res.json().message).toBe(`An order cannot move from ${from} to ${to}.`);
          expect((await getOrderPage(t.app, admin.clientToken, id)).json().content.status).toBe(from);
        }
      }
    },
  );

  it.each(PARCEL_STATUSES)('a parcel from %s: the listed moves pass, every other is 409', async (from) => {
    for (const to of PARCEL_STATUSES.filter((status) => status !== from)) {
      const { _id } = await createOrder(t.app, key, null);
      for (const step of (parcelPaths.get(from) ?? []).slice(1)) {
        expect(
          (await patchOrder(t.app, key, _id, { parcels: [{ number: 1, status: step }] })).statusCode,
        ).toBe(200);
      }
      const res = await patchOrder(t.app, key, _id, { parcels: [{ number: 1, status: to }] });
      if ((PARCEL_TRANSITIONS[from] as readonly string[]).includes(to)) {
        expect(res.statusCode, `${from} -> ${to}`).toBe(200);
        expect(res.json().content.parcels[0]).toMatchObject({ number: 1, status: to });
      } else {
        expect(res.statusCode, `${from} -> ${to}`).toBe(409);
        expect(res.json().message).toBe(`Parcel 1 cannot move from ${from} to ${to}.`);
      }
    }
  });
});

describe('PATCH /api/v1/orders/{id}', () => {
  it('appends history and, for a customer, one order.status-change event per order move, in one request', async () => {
    const customer = await addCustomer(t.app, admin);
    const { _id, order_id } = await createOrder(t.app, key, customer);
    const res = await patchOrder(t.app, key, order_id, {
      status: 'PROCESSING',
      parcels: [
        { number: 2, status: 'OPEN' },
        { number: 1, status: 'PACKED' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      status: 'PROCESSING',
      next_statuses: ['PARTIALLY-FULFILLED', 'FULFILLED', 'CANCELLED'],
      parcels: [
        { number: 1, status: 'PACKED', next_statuses: ['READY', 'IN-TRANSIT', 'OPEN', 'ABANDONED'] },
        { number: 2, status: 'OPEN' },
      ],
    });
    expect(
      (await historyOf(_id)).map((entry) => [entry.seq, entry.parcel, entry.from_status, entry.to_status]),
    ).toEqual([
      [1, null, null, 'ORDERED'],
      [2, null, 'ORDERED', 'PROCESSING'],
      [3, 1, 'OPEN', 'PACKED'],
      [4, 2, null, 'OPEN'],
    ]);
    const events = await t.ctx.database.query<{ external_id: string; data: Record<string, unknown> }>(
      `SELECT external_id, data FROM events WHERE client_id = $1 AND external_id LIKE $2 ORDER BY seq`,
      [admin.clientId, `order:${_id}:%`],
    );
    expect(events).toEqual([
      { external_id: `order:${_id}:status:2`, data: { order_id, status: 'PROCESSING' } },
    ]);
    // Parcel moves alone are history, not engine events.
    expect(
      (await patchOrder(t.app, key, _id, { parcels: [{ number: 1, status: 'READY' }] })).statusCode,
    ).toBe(200);
    expect(
      await t.ctx.database.query(`SELECT 1 FROM events WHERE client_id = $1 AND external_id LIKE $2`, [
        admin.clientId,
        `order:${_id}:%`,
      ]),
    ).toHaveLength(1);
  });

  it("an erased member's order can still be cancelled (200): its history moves, no engine event is sent", async () => {
    const customer = await addCustomer(t.app, admin);
    const { _id, order_id } = await createOrder(t.app, key, customer);
    const erased = await callAs(t.app, admin)('POST', `/api/customers/${customer}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    const res = await patchOrder(t.app, key, order_id, { status: 'CANCELLED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.status).toBe('CANCELLED');
    expect(
      await t.ctx.database.query(`SELECT 1 FROM events WHERE client_id = $1 AND external_id LIKE $2`, [
        admin.clientId,
        `order:${_id}:status:%`,
      ]),
    ).toHaveLength(0);
  });

  it('asking for the statuses things already have changes nothing (200), and writes nothing', async () => {
    const { _id } = await createOrder(t.app, key, null);
    const res = await patchOrder(t.app, key, _id, {
      status: 'ORDERED',
      parcels: [{ number: 1, status: 'OPEN' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORDER_INTAKE_MESSAGES.unchanged);
    expect(await historyOf(_id)).toHaveLength(1);
  });

  it('a new parcel takes the next number and starts OPEN; a final order keeps its parcels as they are', async () => {
    const { _id } = await createOrder(t.app, key, null);
    const packedNew = await patchOrder(t.app, key, _id, { parcels: [{ number: 2, status: 'PACKED' }] });
    expect(packedNew.statusCode).toBe(409);
    expect(packedNew.json().message).toBe(ORDER_INTAKE_MESSAGES.newParcelOpen(2));
    const gap = await patchOrder(t.app, key, _id, { parcels: [{ number: 3, status: 'OPEN' }] });
    expect(gap.statusCode).toBe(404);
    expect(gap.json().message).toBe('Parcel 3 of this order could not be found.');
    expect((await patchOrder(t.app, key, _id, { status: 'CANCELLED' })).statusCode).toBe(200);
    for (const parcels of [[{ number: 1, status: 'ABANDONED' }], [{ number: 2, status: 'OPEN' }]]) {
      const closed = await patchOrder(t.app, key, _id, { parcels });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(ORDER_TRANSITION_MESSAGES.orderClosed('CANCELLED'));
    }
    // A whole request is all or nothing: the order move before a refused parcel move is undone too.
    const { _id: other } = await createOrder(t.app, key, null);
    const mixed = await patchOrder(t.app, key, other, {
      status: 'PROCESSING',
      parcels: [{ number: 1, status: 'DELIVERED' }],
    });
    expect(mixed.statusCode).toBe(409);
    expect((await getOrderPage(t.app, admin.clientToken, other)).json().content.status).toBe('ORDERED');
  });

  it.each([
    [{}, 'status', ORDER_INTAKE_MESSAGES.nothingToChange],
    [{ parcels: [] }, 'status', ORDER_INTAKE_MESSAGES.nothingToChange],
    [{ status: 'SHIPPED' }, 'status', undefined],
    [{ parcels: [{ number: 0, status: 'OPEN' }] }, 'parcels.0.number', 'parcels.0.number must be at least 1'],
    [{ parcels: [{ number: 1, status: 'LOST' }] }, 'parcels.0.status', undefined],
    [
      {
        parcels: [
          { number: 1, status: 'PACKED' },
          { number: 1, status: 'READY' },
        ],
      },
      'parcels',
      ORDER_INTAKE_MESSAGES.parcelTwice,
    ],
  ])('%j -> 400 on %s', async (body, field, message) => {
    const { _id } = await createOrder(t.app, key, null);
    const res = await patchOrder(t.app, key, _id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors[0].field).toBe(field);
    if (message) expect(res.json().message).toBe(message);
  });

  it('an unknown order is 404; concurrent identical moves change the order once', async () => {
    const missing = await patchOrder(t.app, key, 'NO-SUCH-ORDER', { status: 'CANCELLED' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ORDER_INTAKE_MESSAGES.notFound);
    const { _id } = await createOrder(t.app, key, null);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => patchOrder(t.app, key, _id, { status: 'PROCESSING' })),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(answers.filter((res) => res.json().message === ORDER_INTAKE_MESSAGES.updated)).toHaveLength(1);
    expect((await historyOf(_id)).filter((entry) => entry.to_status === 'PROCESSING')).toHaveLength(1);
  });

  it('the status history is append-only in the database itself', async () => {
    const { _id } = await createOrder(t.app, key, null);
    await expect(
      t.ctx.database.query(`UPDATE order_status_history SET to_status = 'FULFILLED' WHERE order_id = $1`, [
        _id,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.ctx.database.query(`DELETE FROM order_status_history WHERE order_id = $1`, [_id]),
    ).rejects.toThrow(/append-only/);
  });
});

describe("the console's status routes", () => {
  const setStatus = (session: SignedIn, id: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}/status`,
      headers: bearer(session.clientToken),
      payload: { status },
    });
  const setParcel = (session: SignedIn, id: string, parcelId: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}/parcels/${parcelId}/status`,
      headers: bearer(session.clientToken),
      payload: { status },
    });

  it('pack a parcel and fulfil the order: same table, history names the staff member, audit records it', async () => {
    const customer = await addCustomer(t.app, admin);
    const { _id } = await createOrder(t.app, key, customer, { branch_id: north });
    const parcelId = (await getOrderPage(t.app, admin.clientToken, _id)).json().content.parcels[0]._id;
    expect((await setParcel(admin, _id, parcelId, 'PACKED')).json().content.parcels[0].status).toBe('PACKED');
    const illegal = await setStatus(admin, _id, 'FULFILLED');
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().message).toBe('An order cannot move from ORDERED to FULFILLED.');
    const illegalParcel = await setParcel(admin, _id, parcelId, 'DELIVERED');
    expect(illegalParcel.statusCode).toBe(409);
    expect(illegalParcel.json().message).toBe('Parcel 1 cannot move from PACKED to DELIVERED.');
    expect((await setStatus(admin, _id, 'PROCESSING')).statusCode).toBe(200);
    const done = await setStatus(admin, _id, 'FULFILLED');
    expect(done.statusCode).toBe(200);
    expect(done.json().content).toMatchObject({ status: 'FULFILLED', next_statuses: ['REFUNDED'] });
    const history = await historyOf(_id);
    expect(history.at(-1)).toMatchObject({
      from_status: 'PROCESSING',
      to_status: 'FULFILLED',
      changed_by: 'Thandi Mokoena',
    });
    const audit = await t.ctx.database.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE client_id = $1 AND entity_id = $2`,
      [admin.clientId, _id],
    );
    expect(audit.map((row) => row.action)).toEqual([
      'order.status_changed',
      'order.status_changed',
      'order.status_changed',
    ]);
    const unknownParcel = await setParcel(admin, _id, 'b'.repeat(24), 'READY');
    expect(unknownParcel.statusCode).toBe(404);
  });

  it("a manager changes only their branches' orders; another branch's order is not found", async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [north],
      user_permissions: { ORDERS: { read: true, update: true } },
    });
    const own = await createOrder(t.app, key, null, { branch_id: north });
    const foreign = await createOrder(t.app, key, null, { branch_id: south });
    const noBranch = await createOrder(t.app, key, null);
    expect((await setStatus(manager, own._id, 'PROCESSING')).statusCode).toBe(200);
    for (const order of [foreign, noBranch]) {
      const res = await setStatus(manager, order._id, 'PROCESSING');
      expect(res.statusCode).toBe(404);
      expect((await getOrderPage(t.app, manager.clientToken, order._id)).statusCode).toBe(404);
      // The integrator route with the manager's console token keeps the same scope.
      expect(
        (await patchOrder(t.app, manager.clientToken, order.order_id, { status: 'CANCELLED' })).statusCode,
      ).toBe(404);
    }
    expect((await getOrderPage(t.app, admin.clientToken, foreign._id)).json().content.status).toBe('ORDERED');
  });
});
