import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
});
afterAll(() => t.close());

const asUser = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

describe('loyalty', () => {
  it('signs a customer up once, makes them ACTIVE, and edits the record', async () => {
    const id = await addCustomer(t.app, admin);
    expect((await asUser('GET', `/api/v2/get/loyalty?customer_id=${id}`)).json().content).toBeNull();
    const signUp = await asUser('POST', '/api/user/loyalty_sign_up', {
      customer_id: id,
      loyalty_number: 'LOY-1001',
      member_card_number: '600000000000001',
      linked: true,
      member_date: '2026-01-05',
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json().content).toMatchObject({
      loyalty_number: 'LOY-1001',
      card: { number: '600000000000001', linked: true },
      member_date: '2026-01-05',
      customer_id: id,
    });
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/user?_id=${id}`,
      headers: bearer(admin.clientToken),
    });
    expect(customer.json().content).toMatchObject({
      status: 'ACTIVE',
      member_card_number: '600000000000001',
    });

    const again = await asUser('POST', '/api/user/loyalty_sign_up', {
      customer_id: id,
      loyalty_number: 'LOY-1002',
      member_card_number: '600000000000002',
      linked: true,
    });
    expect(again.statusCode).toBe(409);

    const loyaltyId = signUp.json().content._id;
    const edit = await asUser('PUT', '/api/v2/update/loyalty', {
      _id: loyaltyId,
      customer_id: id,
      loyalty_number: 'LOY-2001',
      member_card_number: '600000000000009',
      linked: false,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().content.card).toEqual({ number: '600000000000009', linked: false });
  });

  it('a manager edits the loyalty of a customer moved to their branch, the record still naming the first', async () => {
    const [first, second] = [await createBranch(t.app, admin), await createBranch(t.app, admin)];
    const id = await addCustomer(t.app, admin, { member_branch_id: first._id });
    const signUp = await asUser('POST', '/api/user/loyalty_sign_up', {
      customer_id: id,
      loyalty_number: 'LOY-MOVED',
      member_card_number: '600000000000077',
      linked: true,
      member_branch_id: first._id,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    // Moved by an integrator or an import: the customer's branch changes, the loyalty record's stays.
    await t.ctx.database.query('UPDATE customers SET member_branch_id = $2 WHERE id = $1', [id, second._id]);
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [second._id],
      user_permissions: { CUSTOMERS: { read: true, update: true } },
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/update/loyalty',
      headers: bearer(manager.token),
      payload: {
        _id: signUp.json().content._id,
        customer_id: id,
        loyalty_number: 'LOY-MOVED-2',
        member_card_number: '600000000000077',
        linked: true,
        member_branch_id: first._id,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().content.loyalty_number).toBe('LOY-MOVED-2');
  });

  it('refuses a card or loyalty number another customer holds, and the client token (a user-token call)', async () => {
    const first = await addCustomer(t.app, admin);
    const second = await addCustomer(t.app, admin);
    const body = {
      customer_id: first,
      loyalty_number: 'LOY-3001',
      member_card_number: '700000000000001',
      linked: true,
    };
    expect((await asUser('POST', '/api/user/loyalty_sign_up', body)).statusCode).toBe(200);
    const sameCard = await asUser('POST', '/api/user/loyalty_sign_up', {
      ...body,
      customer_id: second,
      loyalty_number: 'LOY-3002',
    });
    expect(sameCard.statusCode).toBe(409);
    expect(sameCard.json().message).toBe('A customer with this card number already exists.');
    const sameNumber = await asUser('POST', '/api/user/loyalty_sign_up', {
      ...body,
      customer_id: second,
      member_card_number: '700000000000002',
    });
    expect(sameNumber.json().message).toBe('A customer with this loyalty number already exists.');
    const wrongToken = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/loyalty?customer_id=${first}`,
      headers: bearer(admin.clientToken),
    });
    expect(wrongToken.statusCode).toBe(401);
  });

  it.each([
    [{ loyalty_number: '' }, 'Loyalty number is required'],
    [{ member_card_number: '12345' }, 'Card number must be 15 characters'],
    [{ linked: false }, 'Link to Physical Card is required'],
  ])('%j -> 400 %s', async (change, message) => {
    const id = await addCustomer(t.app, admin);
    const res = await asUser('POST', '/api/user/loyalty_sign_up', {
      customer_id: id,
      loyalty_number: 'LOY-9',
      member_card_number: '800000000000001',
      linked: true,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('addresses and places', () => {
  it('finds a real place offline, adds it as an address, lists and deletes it', async () => {
    const predictions = await t.app.inject({
      method: 'GET',
      url: '/api/v2/google/autocomplete?input=Stellenbo',
    });
    expect(predictions.statusCode).toBe(200);
    const first = predictions.json().content[0];
    expect(first.description).toBe('Stellenbosch, South Africa');
    const details = (
      await t.app.inject({ method: 'GET', url: `/api/v2/google/placeiddetails?place_id=${first.place_id}` })
    ).json().content;
    expect(details.geometry.location.lat).toBeCloseTo(-33.93, 1);
    expect(details.geometry.location.lng).toBeCloseTo(18.86, 1);
    expect(details.address_components).toContainEqual(
      expect.objectContaining({ types: ['country', 'political'], short_name: 'ZA' }),
    );

    const id = await addCustomer(t.app, admin);
    const added = await asUser('POST', '/api/v2/add/user/address', {
      user_id: id,
      address: {
        label: 'Home',
        full_address: details.formatted_address,
        latitude: details.geometry.location.lat,
        longitude: details.geometry.location.lng,
      },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().content).toMatchObject({ label: 'Home', default: true });
    const listed = (await asUser('GET', `/api/v2/address/list?user_id=${id}`)).json().content.addresses;
    expect(listed).toHaveLength(1);
    const removed = await asUser('PUT', '/api/v2/delete/address', { user_id: id, _id: listed[0]._id });
    expect(removed.statusCode).toBe(200);
    expect((await asUser('GET', `/api/v2/address/list?user_id=${id}`)).json().content.addresses).toHaveLength(
      0,
    );
  });

  it.each([
    [{ label: '', full_address: 'x', latitude: 1, longitude: 1 }, 'Label is required for your new address.'],
    [
      { label: 'Home', full_address: '' },
      'Please select an address. When you searched, please click on a prediction to select it.',
    ],
  ])('%j -> 400 %s', async (address, message) => {
    const id = await addCustomer(t.app, admin);
    const res = await asUser('POST', '/api/v2/add/user/address', { user_id: id, address });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('an unknown place is 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/google/placeiddetails?place_id=gz:1' })).statusCode,
    ).toBe(404);
  });
});

describe('analytics from orders', () => {
  it('is zero without orders and sums real orders, excluding refunds and cancellations', async () => {
    const id = await addCustomer(t.app, admin);
    const get = async (path: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/${path}?user_id=${id}`,
          headers: bearer(admin.clientToken),
        })
      ).json().content;
    expect(await get('v2/user/lifetime/analitycs')).toEqual({ lifetime_spent: 0, order_count: 0 });
    expect(await get('v2/user/purchase/date/analitycs')).toEqual({
      last_purchase_date: null,
      first_purchase_date: null,
    });

    const insert = (code: string, status: string, totalMinor: number, at: string) =>
      t.ctx.database.query(
        'INSERT INTO orders (id, client_id, customer_id, code, status, total_minor, ordered_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [code.padEnd(24, '0'), admin.clientId, id, code, status, totalMinor, at],
      );
    const thisMonth = new Date().toISOString().slice(0, 7);
    await insert('a1', 'FULFILLED', 10_000, `${thisMonth}-01T10:00:00Z`);
    await insert('a2', 'ORDERED', 5_050, `${thisMonth}-02T10:00:00Z`);
    await insert('a3', 'REFUNDED', 99_900, `${thisMonth}-03T10:00:00Z`);
    expect(await get('v2/user/lifetime/analitycs')).toEqual({ lifetime_spent: 150.5, order_count: 2 });
    expect(await get('v2/user/average/analitycs')).toEqual({ average_basket_size: 75.25 });
    expect(await get('v2/user/monthly/average/analitycs')).toEqual({ user_monthly_ave: 2, user_ratio: 1 });
    expect((await get('v2/user/purchase/date/analitycs')).last_purchase_date).toBe(
      `${thisMonth}-02T10:00:00.000Z`,
    );
  });
});

describe('payment methods through an API key', () => {
  it('a key registers a card; the console lists brand and last four; a revoked key stops at once', async () => {
    const id = await addCustomer(t.app, admin);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers: bearer(admin.clientToken),
      payload: { name: 'Till' },
    });
    expect(created.statusCode).toBe(200);
    const { key, _id: keyId } = created.json().content;
    expect(key).toMatch(/^lrl_/);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/api-keys',
      headers: bearer(admin.clientToken),
    });
    expect(listed.body).not.toContain(key);

    const register = (apiKey: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/customers/${id}/payment-methods`,
        headers: { 'x-api-key': apiKey },
        payload: body,
      });
    const card = { brand: 'VISA', last_four: '4242', expiry_month: 12, expiry_year: 2099 };
    const res = await register(key, card);
    expect(res.statusCode).toBe(200);
    expect((await register(key, { ...card, last_four: '42' })).json().message).toBe(
      'last_four must be exactly 4 digits',
    );
    expect((await register(key, { ...card, expiry_year: 2001 })).json().message).toBe(
      'This card has expired.',
    );

    const cards = await t.app.inject({
      method: 'GET',
      url: `/api/v2/customer/card/list?user_id=${id}`,
      headers: bearer(admin.paymentToken),
    });
    expect(cards.json().content).toEqual([
      expect.objectContaining({ card_type: 'VISA', last_four: '4242', card_number: '•••• •••• •••• 4242' }),
    ]);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/api-keys/${keyId}`,
      headers: bearer(admin.clientToken),
    });
    expect((await register(key, card)).statusCode).toBe(401);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?entity=integration',
      headers: bearer(admin.clientToken),
    });
    expect(log.json().content.map((e: { action: string }) => e.action)).toEqual([
      'integration.api_key_revoked',
      'integration.api_key_created',
    ]);
  });

  it('API keys work on every plan: a FREEMIUM business registers cards with one', async () => {
    const freemium = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers: bearer(freemium.clientToken),
      payload: { name: 'till' },
    });
    expect(res.statusCode).toBe(200);
    const customerId = await addCustomer(t.app, freemium);
    const card = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${customerId}/payment-methods`,
      headers: { 'x-api-key': res.json().content.key },
      payload: { brand: 'VISA', last_four: '4242', expiry_month: 12, expiry_year: 2030 },
    });
    expect(card.statusCode).toBe(200);
  });
});
