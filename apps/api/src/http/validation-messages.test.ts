import { ECONOMY_API_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, bearer, eventFor, postEvents, type SignedIn } from '../../test/factories';
import { createClientApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let key: string;
let player: string;

beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('BUSINESS'));
  player = await addCustomer(t.app, admin);
});
afterAll(() => t.close());

const without = <T extends Record<string, unknown>>(record: T, field: keyof T) => {
  const { [field]: _dropped, ...rest } = record;
  return rest;
};

const badRequest = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { success: boolean; message: string; content: { errors: unknown[] } };
  expect(body.success).toBe(false);
  return body;
};

describe("a 400 where the schema gives no message of its own names the field in plain words (zod's defaults)", () => {
  it('an event without customer: customer is required', async () => {
    const body = badRequest(await postEvents(t.app, key, without(eventFor(player), 'customer')));
    expect(body.message).toBe('customer is required');
    expect(body.content.errors).toEqual([{ field: 'customer', message: 'customer is required' }]);
  });

  it('an event whose id is a number is told the id must be a string; in a batch its answer echoes it', async () => {
    const single = badRequest(await postEvents(t.app, key, eventFor(player, { id: 42 })));
    expect(single.message).toBe('id must be a string');
    const batch = await postEvents(t.app, key, { events: [eventFor(player, { id: 42 })] });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().content).toEqual([
      expect.objectContaining({ id: '42', status: 'rejected', error: 'id must be a string' }),
    ]);
  });

  it('an event of an unknown type lists every type', async () => {
    const body = badRequest(await postEvents(t.app, key, eventFor(player, { type: 'coffee.drunk' })));
    expect(body.message).toBe(
      'type must be one of: order.created, order.status-change, user.logged-in, app.payment, referral, voucher.redeemed, qr.scanned, subscription.purchased, gift.sent, statistic.update',
    );
  });

  it("an event's data is named from the event: data.items.0.quantity, data.method", async () => {
    const order = (data: Record<string, unknown>) =>
      eventFor(player, { type: 'order.created', data: { order_id: 'A-1', total: 10, ...data } });
    const tooMany = badRequest(
      await postEvents(t.app, key, order({ items: [{ sku: 'X', quantity: 100_001, price: 1 }] })),
    );
    expect(tooMany.message).toBe('data.items.0.quantity must be at most 100000');
    expect(tooMany.content.errors).toEqual([
      { field: 'data.items.0.quantity', message: 'data.items.0.quantity must be at most 100000' },
    ]);
    const method = badRequest(await postEvents(t.app, key, order({ method: 'AIR' })));
    expect(method.message).toBe('data.method must be one of: DELIVERY, COLLECTION');
  });

  it('a loyalty number over 64 characters: loyalty_number must be at most 64 characters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers?loyalty_number=${'7'.repeat(65)}`,
      headers: { 'x-api-key': key },
    });
    const body = badRequest(res);
    expect(body.message).toBe('loyalty_number must be at most 64 characters');
    expect(body.content.errors).toEqual([
      { field: 'loyalty_number', message: 'loyalty_number must be at most 64 characters' },
    ]);
  });

  it('a query value outside its enum names the parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/events?status=LOST',
      headers: bearer(admin.clientToken),
    });
    expect(badRequest(res).message).toBe(
      'status must be one of: accepted, processed, duplicate, skipped, parked',
    );
  });
});

describe("the spec's own messages stay exactly as they are", () => {
  it('a spend with a string amount is told the amount must be a number (not that it must be greater than 0)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/players/${player}/spend`,
      headers: { 'x-api-key': key },
      payload: { id: 'spend-1', currency: 'a'.repeat(24), amount: 'ten', reason: 'Coffee' },
    });
    const body = badRequest(res);
    expect(body.message).toBe('Amount must be a number, e.g. 12.5');
    expect(body.content.errors).toEqual([{ field: 'amount', message: 'Amount must be a number, e.g. 12.5' }]);
  });

  it("a spend's id over 200 characters or reason over 500 say so, not the spec's 'is required' meant for none", async () => {
    const spend = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/players/${player}/spend`,
        headers: bearer(key),
        payload: { id: 'spend-2', currency: 'a'.repeat(24), amount: 1, reason: 'Coffee', ...payload },
      });
    expect(badRequest(await spend({ id: 'x'.repeat(201) })).message).toBe(
      'id must be at most 200 characters',
    );
    expect(badRequest(await spend({ reason: 'r'.repeat(501) })).message).toBe(
      'reason must be at most 500 characters',
    );
    expect(badRequest(await spend({ id: undefined })).message).toBe(ECONOMY_API_MESSAGES.spendIdRequired);
    expect(badRequest(await spend({ reason: '' })).message).toBe(ECONOMY_API_MESSAGES.reasonRequired);
  });

  it("an event id over 128 characters keeps the event's own message", async () => {
    const body = badRequest(await postEvents(t.app, key, eventFor(player, { id: 'x'.repeat(129) })));
    expect(body.message).toBe('id must not be more than 128 characters');
  });
});

describe('a page number out of range', () => {
  it('names the range once, however far out it is', async () => {
    for (const page of ['0', '100000000', '99999999999999999999']) {
      const body = badRequest(
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/players/${player}/transactions?page=${page}`,
          headers: { 'x-api-key': key },
        }),
      );
      expect(body.content.errors, page).toEqual([
        { field: 'page', message: 'page must be a whole number from 1 to 1000000' },
      ]);
    }
  });
});
