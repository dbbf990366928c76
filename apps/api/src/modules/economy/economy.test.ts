import { API_ERROR_MESSAGES, PRIVACY_MESSAGES } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createCurrency,
  ledgerOf,
  orderEvent,
  segmentId,
  spend,
  walletsOf,
} from '../../../test/economy-helpers';
import { sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../../db/raw-sql';

let t: TestApp;
let admin: SignedIn;
let other: SignedIn;
let key: string;
let everyone: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  other = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  key = (await createApiKey(t.app, admin)).key;
  everyone = await segmentId(t.app, admin);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = admin) =>
  t.app.inject({ method, url, headers: bearer(session.clientToken), ...(payload ? { payload } : {}) });

/** Adjusts a wallet as the admin would from the customer profile. */
const adjust = (customerId: string, body: Record<string, unknown>, session = admin) =>
  call('POST', `/api/economy/customers/${customerId}/adjustments`, body, session);

describe('currencies (Wallet page)', () => {
  it('creates a real currency named by its code, lists it with the n/10 count, reads, updates and deletes it', async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const created = await call(
      'POST',
      '/api/economy/currencies',
      { type: 'real', code: 'ZAR', conversion_rate: 0 },
      client,
    );
    expect(created.statusCode, created.body).toBe(200);
    const currency = created.json().content;
    expect(currency).toMatchObject({ type: 'real', name: 'ZAR', code: 'ZAR', expiry_policy: 'never' });
    expect(currency.icon).toEqual({ name: null, prefix: null, url: null, etag: null });

    const list = await call('GET', '/api/economy/currencies', undefined, client);
    expect(list.json().pagination).toEqual({ count: 1, hasMore: false });

    const saved = await call(
      'POST',
      '/api/economy/currencies',
      {
        _id: currency._id,
        type: 'custom',
        name: 'Coffee Beans',
        code: 'BEAN',
        conversion_rate: 0.5,
        icon: { name: 'mug-hot', prefix: 'fas' },
      },
      client,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await call('GET', `/api/economy/currencies/${currency._id}`, undefined, client)).json().content,
    ).toMatchObject({
      name: 'Coffee Beans',
      code: 'BEAN',
      conversion_rate: 0.5,
      icon: { name: 'mug-hot', prefix: 'fas' },
    });

    const removed = await call('DELETE', `/api/economy/currencies/${currency._id}`, undefined, client);
    expect(removed.json().message).toBe('Successfully deleted currency.');
    expect((await call('GET', `/api/economy/currencies/${currency._id}`, undefined, client)).statusCode).toBe(
      404,
    );
  });

  it('search_string finds a fragment of a name or short code, its count of what it finds; % matches only itself', async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    for (const [name, code] of [
      ['Coffee Beans', 'BEAN'],
      ['Tea Leaves', 'LEAF'],
      ['Stars', 'STAR'],
    ]) {
      const made = await call(
        'POST',
        '/api/economy/currencies',
        { type: 'custom', name, code, conversion_rate: 1 },
        client,
      );
      expect(made.statusCode, made.body).toBe(200);
    }
    const names = async (query: string) => {
      const list = await call('GET', `/api/economy/currencies?${query}`, undefined, client);
      expect(list.statusCode, list.body).toBe(200);
      return {
        names: list.json().content.map((c: { name: string }) => c.name),
        count: list.json().pagination.count,
      };
    };
    expect(await names('search_string=bean')).toEqual({ names: ['Coffee Beans'], count: 1 });
    expect(await names('search_string=EA')).toEqual({ names: ['Coffee Beans', 'Tea Leaves'], count: 2 });
    expect(await names('search_string=STA')).toEqual({ names: ['Stars'], count: 1 });
    expect(await names('search_string=%25')).toEqual({ names: [], count: 0 });
    expect(await names('search_string=')).toEqual({
      names: ['Coffee Beans', 'Tea Leaves', 'Stars'],
      count: 3,
    });
  });

  it('refuses an 11th currency with a clear message', async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    for (let n = 0; n < 10; n += 1) await createCurrency(t.app, client, { code: `C${n}` });
    const eleventh = await call(
      'POST',
      '/api/economy/currencies',
      { type: 'custom', name: 'One too many', code: 'C10' },
      client,
    );
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(
      'A client can have at most 10 currencies. Delete one before adding another.',
    );
    expect((await call('GET', '/api/economy/currencies', undefined, client)).json().pagination.count).toBe(
      10,
    );
  });

  it('names the missing field of a custom currency, an unknown real code and a taken short code', async () => {
    const missing = await call('POST', '/api/economy/currencies', { type: 'custom', code: 'X1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'Name is required',
      content: { errors: [{ field: 'name' }] },
    });
    const unknown = await call('POST', '/api/economy/currencies', { type: 'real', code: 'ABC' });
    expect(unknown.json().message).toBe('Currency code must be one of the real currency codes');
    await createCurrency(t.app, admin, { code: 'TAKEN' });
    const taken = await call('POST', '/api/economy/currencies', {
      type: 'custom',
      name: 'Again',
      code: 'taken',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A currency with this short code already exists.');
    const days = await call('POST', '/api/economy/currencies', {
      type: 'custom',
      name: 'D',
      code: 'D1',
      expiry_policy: 'after_days',
    });
    expect(days.json().message).toBe('Expiry days is required when balances expire after a number of days');
  });

  it("another client's currency answers 404", async () => {
    const theirs = await createCurrency(t.app, other, { code: 'THEIRS' });
    expect((await call('GET', `/api/economy/currencies/${theirs._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/economy/currencies/${theirs._id}`)).statusCode).toBe(404);
  });
});

describe('earn configs (Cashback and XP pages)', () => {
  it('answers the spec’s messages for missing fields, zero counting as missing', async () => {
    const res = await call('POST', '/api/economy/earn-configs', {
      type: 'Currency',
      trigger_value: 0,
      earn_amount: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Trigger Value is required');
    expect(res.json().content.errors.map((e: { message: string }) => e.message)).toEqual([
      'Trigger Value is required',
      'Earn Amount is required',
      'Segment is required',
      'Currency is required',
    ]);
  });

  it('saves a cashback config (empty exclusions as null), lists by type, reads and updates it', async () => {
    const currency = await createCurrency(t.app, admin, { code: 'CASH' });
    const created = await call('POST', '/api/economy/earn-configs', {
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: everyone,
      earn_target: currency._id,
      excluded_product_ids: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json().content;
    expect(config).toMatchObject({
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: everyone,
      segment_name: 'AllPlayers',
      earn_target: currency._id,
      cashback_type: 'percentage',
      exclude_type: 'product',
      excluded_product_ids: null,
      excluded_category_ids: null,
    });
    const xp = await call('POST', '/api/economy/earn-configs', {
      type: 'Statistic',
      trigger_value: 10,
      earn_amount: 1,
      segment_id: everyone,
    });
    expect(xp.json().content).toMatchObject({ earn_target: 'xp', cashback_type: null });

    const cashbacks = await call('GET', '/api/economy/earn-configs?type=Currency');
    expect(cashbacks.json().content.map((c: { _id: string }) => c._id)).toContain(config._id);
    expect(cashbacks.json().content.every((c: { type: string }) => c.type === 'Currency')).toBe(true);

    const updated = await call('PUT', `/api/economy/earn-configs/${config._id}`, {
      type: 'Currency',
      trigger_value: 50,
      earn_amount: 1,
      segment_id: everyone,
      earn_target: currency._id,
      exclude_type: 'category',
      excluded_category_ids: ['c'.repeat(24)],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('GET', `/api/economy/earn-configs/${config._id}`)).json().content).toMatchObject({
      trigger_value: 50,
      exclude_type: 'category',
      excluded_category_ids: ['c'.repeat(24)],
    });
    const switched = await call('POST', '/api/economy/earn-configs', {
      _id: config._id,
      type: 'Statistic',
      trigger_value: 1,
      earn_amount: 1,
      segment_id: everyone,
    });
    expect(switched.json().message).toBe('An earn config cannot change its type.');
    expect((await call('DELETE', `/api/economy/earn-configs/${config._id}`)).statusCode).toBe(200);
  });

  it('keeps the cashback type a config is saved with and bounds its amount by it (400 naming earn_amount)', async () => {
    const currency = await createCurrency(t.app, admin, { code: 'KEPT' });
    const cashback = (overrides: object) => ({
      type: 'Currency',
      trigger_value: 100,
      segment_id: everyone,
      earn_target: currency._id,
      ...overrides,
    });
    const fixed = await call(
      'POST',
      '/api/economy/earn-configs',
      cashback({ earn_amount: 5, cashback_type: 'fixed' }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const id = fixed.json().content._id;
    // An amount that fits either type reads back with the type it was saved with.
    expect((await call('GET', `/api/economy/earn-configs/${id}`)).json().content).toMatchObject({
      earn_amount: 5,
      cashback_type: 'fixed',
    });
    const listed = (await call('GET', '/api/economy/earn-configs?type=Currency')).json().content;
    expect(listed.find((c: { _id: string }) => c._id === id)?.cashback_type).toBe('fixed');
    const large = await call(
      'PUT',
      `/api/economy/earn-configs/${id}`,
      cashback({ earn_amount: 250.25, cashback_type: 'fixed' }),
    );
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json().content).toMatchObject({ earn_amount: 250.25, cashback_type: 'fixed' });
    const percentage = await call(
      'PUT',
      `/api/economy/earn-configs/${id}`,
      cashback({ earn_amount: 12.5, cashback_type: 'percentage' }),
    );
    expect(percentage.json().content).toMatchObject({ earn_amount: 12.5, cashback_type: 'percentage' });

    const refused = async (body: object, message: string) => {
      const res = await call('PUT', `/api/economy/earn-configs/${id}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().content.errors).toContainEqual({ field: 'earn_amount', message });
    };
    const percentageBounds = 'Earn Amount must be a percentage from 0 to 100, in steps of 0.1';
    const fixedSteps = 'Earn Amount must be a fixed amount of 0 or more, in steps of 0.01';
    await refused(cashback({ earn_amount: 100.5, cashback_type: 'percentage' }), percentageBounds);
    await refused(cashback({ earn_amount: 2.55, cashback_type: 'percentage' }), percentageBounds);
    // Without a type a cashback config is a percentage (spec 3 §3 'percentage default').
    await refused(cashback({ earn_amount: 250 }), percentageBounds);
    await refused(cashback({ earn_amount: 2.555, cashback_type: 'fixed' }), fixedSteps);
    const unknownType = await call(
      'PUT',
      `/api/economy/earn-configs/${id}`,
      cashback({ earn_amount: 5, cashback_type: 'tiered' }),
    );
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().content.errors).toContainEqual({
      field: 'cashback_type',
      message: "Cashback Type must be 'percentage' or 'fixed'",
    });
    // A refused save changed nothing.
    expect((await call('GET', `/api/economy/earn-configs/${id}`)).json().content).toMatchObject({
      earn_amount: 12.5,
      cashback_type: 'percentage',
    });
    const defaulted = await call('POST', '/api/economy/earn-configs', cashback({ earn_amount: 3 }));
    expect(defaulted.json().content.cashback_type).toBe('percentage');
    // An XP config has no cashback type, whatever is sent, and no cashback bounds.
    const xp = await call('POST', '/api/economy/earn-configs', {
      type: 'Statistic',
      trigger_value: 10,
      earn_amount: 250,
      segment_id: everyone,
      cashback_type: 'percentage',
    });
    expect(xp.statusCode, xp.body).toBe(200);
    expect(xp.json().content).toMatchObject({ earn_amount: 250, cashback_type: null });
  });

  it('pays a fixed-type cashback config as every config pays: earn_amount per trigger_value, pro rata', async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const clientKey = (await createApiKey(t.app, client)).key;
    const currency = await createCurrency(t.app, client, { code: 'FIX' });
    const saved = await call(
      'POST',
      '/api/economy/earn-configs',
      {
        type: 'Currency',
        trigger_value: 100,
        earn_amount: 7.25,
        cashback_type: 'fixed',
        segment_id: await segmentId(t.app, client),
        earn_target: currency._id,
      },
      client,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const customerId = await addCustomer(t.app, client);
    await sendAndProcess(t, clientKey, [orderEvent(customerId, 'fixed-1', [[200, 1]])]);
    expect(await balanceOf(t.app, client, customerId, currency._id)).toBe(14.5);
  });

  it("refuses another client's segment or currency, and an unknown config is 'record not found'", async () => {
    const theirSegment = await segmentId(t.app, other);
    const res = await call('POST', '/api/economy/earn-configs', {
      type: 'Statistic',
      trigger_value: 1,
      earn_amount: 1,
      segment_id: theirSegment,
    });
    expect(res.json()).toMatchObject({ message: 'The segment of this earn config does not exist.' });
    const theirs = await createCurrency(t.app, other, { code: 'OTHER' });
    const cashback = await call('POST', '/api/economy/earn-configs', {
      type: 'Currency',
      trigger_value: 1,
      earn_amount: 1,
      segment_id: everyone,
      earn_target: theirs._id,
    });
    expect(cashback.json().message).toBe('The currency of this earn config does not exist.');
    const missing = await call('GET', `/api/economy/earn-configs/${'f'.repeat(24)}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('record not found');
  });
});

describe('permissions: Economy opens Wallet, Cashback and XP Reward; each part only its own', () => {
  const flags = { read: true, create: true, update: true, delete: true };
  const config = (type: 'Currency' | 'Statistic', currencyId?: string) => ({
    type,
    trigger_value: 10,
    earn_amount: 1,
    segment_id: everyone,
    ...(currencyId ? { earn_target: currencyId } : {}),
  });

  it('Cashback flags manage cashback configs only; XP Reward flags XP configs only', async () => {
    const currency = await createCurrency(t.app, admin, { code: 'PART' });
    const cashback = (
      await call('POST', '/api/economy/earn-configs', config('Currency', currency._id))
    ).json().content;
    const xp = (await call('POST', '/api/economy/earn-configs', config('Statistic'))).json().content;
    const manager_of = [(await createBranch(t.app, admin))._id];
    const cashier = await createStaffAndSignIn(t.app, admin, {
      manager_of,
      user_permissions: { CASHBACK: flags },
    });
    const coach = await createStaffAndSignIn(t.app, admin, {
      manager_of,
      user_permissions: { XP_POINTS: flags },
    });
    const as = (session: SignedIn) => ({
      list: (type?: string) =>
        call('GET', `/api/economy/earn-configs${type ? `?type=${type}` : ''}`, undefined, session),
      get: (id: string) => call('GET', `/api/economy/earn-configs/${id}`, undefined, session),
      create: (body: object) => call('POST', '/api/economy/earn-configs', body, session),
      update: (id: string, body: object) => call('PUT', `/api/economy/earn-configs/${id}`, body, session),
      remove: (id: string) => call('DELETE', `/api/economy/earn-configs/${id}`, undefined, session),
    });

    const c = as(cashier);
    // The currencies a cashback config picks from (not the Wallet page's changes).
    expect((await call('GET', '/api/economy/currencies', undefined, cashier)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/economy/currencies', { type: 'real', code: 'EUR' }, cashier)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/economy/currencies', undefined, coach)).statusCode).toBe(403);
    expect((await c.list('Currency')).statusCode).toBe(200);
    expect((await c.get(cashback._id)).statusCode).toBe(200);
    const made = await c.create(config('Currency', currency._id));
    expect(made.statusCode, made.body).toBe(200);
    expect((await c.update(made.json().content._id, config('Currency', currency._id))).statusCode).toBe(200);
    expect((await c.remove(made.json().content._id)).statusCode).toBe(200);
    for (const refused of [
      await c.list('Statistic'),
      await c.list(),
      await c.get(xp._id),
      await c.create(config('Statistic')),
      await c.update(xp._id, config('Statistic')),
      await c.remove(xp._id),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(API_ERROR_MESSAGES.forbidden);
    }

    const x = as(coach);
    expect((await x.list('Statistic')).statusCode).toBe(200);
    expect((await x.get(xp._id)).statusCode).toBe(200);
    expect((await x.update(xp._id, config('Statistic'))).statusCode).toBe(200);
    for (const refused of [
      await x.list('Currency'),
      await x.get(cashback._id),
      await x.remove(cashback._id),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
    }
    // Nothing the refused calls touched changed: both configs are still there.
    expect((await call('GET', `/api/economy/earn-configs/${cashback._id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/economy/earn-configs/${xp._id}`)).statusCode).toBe(200);
  });

  it('Economy flags open currencies and both kinds of earn config; Wallet flags currencies only', async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const economist = await createStaffAndSignIn(t.app, client, {
      manager_of: [(await createBranch(t.app, client))._id],
      user_permissions: { ECONOMICS: flags },
    });
    const purser = await createStaffAndSignIn(t.app, client, {
      manager_of: [(await createBranch(t.app, client))._id],
      user_permissions: { WALLET: flags },
    });
    expect((await call('GET', '/api/economy/currencies', undefined, economist)).statusCode).toBe(200);
    const made = await call('POST', '/api/economy/currencies', { type: 'real', code: 'USD' }, economist);
    expect(made.statusCode, made.body).toBe(200);
    expect((await call('GET', '/api/economy/earn-configs', undefined, economist)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/economy/earn-configs?type=Currency', undefined, economist)).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/economy/currencies', undefined, purser)).statusCode).toBe(200);
    expect((await call('GET', '/api/economy/earn-configs?type=Currency', undefined, purser)).statusCode).toBe(
      403,
    );
  });
});

describe('spending (integrator API)', () => {
  it('answers 200 with the new balance, 409 Insufficient balance without overdrawing, and a repeat the first answer', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'SPND' }))._id;
    const customer = await addCustomer(t.app, admin);
    expect(
      (await adjust(customer, { currency, direction: 'credit', amount: 20, reason: 'Welcome gift' }))
        .statusCode,
    ).toBe(200);

    const first = await spend(t.app, key, customer, { id: 'till-1-0001', currency, amount: 12.5 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Spend recorded.',
      content: { balance: 7.5, amount: 12.5, currency },
    });

    const repeat = await spend(t.app, key, customer, { id: 'till-1-0001', currency, amount: 12.5 });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().content).toEqual(first.json().content);
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(7.5);

    const changed = await spend(t.app, key, customer, { id: 'till-1-0001', currency, amount: 1 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe('A spend with this id was already made with a different request.');

    const over = await spend(t.app, key, customer, { id: 'till-1-0002', currency, amount: 8 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Insufficient balance');
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(7.5);

    const ledger = await ledgerOf(t.app, admin, customer);
    expect(
      ledger.map((row) => [row.transaction_type, row.value, row.wallet_balance_post_transaction]),
    ).toEqual([
      ['Earning Event', 20, 20],
      ['Spending', -12.5, 7.5],
    ]);
    // The ledger row is the spend's record; the audit log keeps the admin's credit, not the till's spend.
    const audit = await call('GET', '/api/audit-log?size=50');
    const actions = (audit.json().content as { action: string }[]).map((entry) => entry.action);
    expect(actions).toContain('wallet.credit');
    expect(actions.filter((action) => action.includes('spend'))).toEqual([]);
  });

  it('names bad input, an unknown currency and another client’s customer', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'BAD' }))._id;
    const customer = await addCustomer(t.app, admin);
    const zero = await spend(t.app, key, customer, { id: 's-zero', currency, amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe('Amount must be greater than 0');
    const noReason = await spend(t.app, key, customer, { id: 's-reason', currency, amount: 1, reason: ' ' });
    expect(noReason.json().message).toBe('Reason is required');
    const unknown = await spend(t.app, key, customer, {
      id: 's-unknown',
      currency: 'f'.repeat(24),
      amount: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The currency could not be found.');
    const theirs = await addCustomer(t.app, other);
    const foreign = await spend(t.app, key, theirs, { id: 's-foreign', currency, amount: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The customer could not be found.');
  });

  it('a suspended member cannot spend until activated (409); an erased one is told so, not "Insufficient balance"', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'SUS' }))._id;
    const customer = await addCustomer(t.app, admin);
    expect(
      (await adjust(customer, { currency, direction: 'credit', amount: 10, reason: 'Gift' })).statusCode,
    ).toBe(200);
    const toggle = (path: string) => call('PUT', path, { _id: customer });
    expect((await toggle('/api/v2/suspend/user')).statusCode).toBe(200);
    const frozen = await spend(t.app, key, customer, { id: 's-suspended', currency, amount: 1 });
    expect(frozen.statusCode, frozen.body).toBe(409);
    expect(frozen.json().message).toBe(API_ERROR_MESSAGES.customerSuspended);
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(10);
    expect((await toggle('/api/v2/unsuspend/user')).statusCode).toBe(200);
    // Refused, nothing was kept: the same id is free once the member is active again.
    const paid = await spend(t.app, key, customer, { id: 's-suspended', currency, amount: 1 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().content.balance).toBe(9);
    expect((await call('POST', `/api/customers/${customer}/erase`, {})).statusCode).toBe(200);
    const gone = await spend(t.app, key, customer, { id: 's-erased', currency, amount: 1 });
    expect(gone.statusCode, gone.body).toBe(409);
    expect(gone.json().message).toBe(PRIVACY_MESSAGES.alreadyErased);
    // A client holds at most 10 currencies; later tests add their own.
    expect((await call('DELETE', `/api/economy/currencies/${currency}`)).statusCode).toBe(200);
  });

  it('100 concurrent spends against a balance that covers one: exactly one succeeds', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'RACE' }))._id;
    const customer = await addCustomer(t.app, admin);
    await adjust(customer, { currency, direction: 'credit', amount: 10, reason: 'Race' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        spend(t.app, key, customer, { id: `race-${n}`, currency, amount: 10 }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(0);
    const [sums] = await rowsOf<{ ledger: string; balance: string }>(
      t.ctx.database.db,
      sql`SELECT (SELECT sum(value)::text FROM economy_transactions WHERE customer_id = ${customer}) AS ledger,
                 (SELECT balance::text FROM wallets WHERE customer_id = ${customer}) AS balance`,
    );
    expect(sums).toEqual({ ledger: '0.00', balance: '0.00' });
  });

  it('20 concurrent repeats of one spend id: one debit, and every answer the first one', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'SAME' }))._id;
    const customer = await addCustomer(t.app, admin);
    await adjust(customer, { currency, direction: 'credit', amount: 50, reason: 'Repeats' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        spend(t.app, key, customer, { id: 'till-9-0001', currency, amount: 7 }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const contents = answers.map((res) => res.json().content);
    for (const content of contents) expect(content).toEqual(contents[0]);
    expect(contents[0]).toMatchObject({ balance: 43, amount: 7 });
    const spends = (await ledgerOf(t.app, admin, customer)).filter(
      (row) => row.transaction_type === 'Spending',
    );
    expect(spends.map((row) => [row.value, row.wallet_balance_post_transaction])).toEqual([[-7, 43]]);
    expect(await balanceOf(t.app, admin, customer, currency)).toBe(43);
  });
});

describe('manual adjustments (customer profile)', () => {
  it('credits and debits with a required reason, audit-logged; a debit beyond the balance is refused', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'ADJ' }))._id;
    const customer = await addCustomer(t.app, admin);
    const noReason = await adjust(customer, { currency, direction: 'credit', amount: 5 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');

    const credited = await adjust(customer, { currency, direction: 'credit', amount: 5, reason: 'Goodwill' });
    expect(credited.json()).toMatchObject({
      message: 'Wallet adjusted.',
      content: {
        balance: 5,
        transaction: { transaction_type: 'Earning Event', value: 5, source: 'manual', reason: 'Goodwill' },
      },
    });
    const over = await adjust(customer, { currency, direction: 'debit', amount: 6, reason: 'Correction' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Insufficient balance');
    const debited = await adjust(customer, { currency, direction: 'debit', amount: 2, reason: 'Correction' });
    expect(debited.json().content.balance).toBe(3);

    const audit = await call('GET', '/api/audit-log?size=50');
    const summaries = (audit.json().content as { summary: string }[]).map((entry) => entry.summary);
    expect(summaries).toEqual(
      expect.arrayContaining(['Credited 5.00 Beans: Goodwill', 'Debited 2.00 Beans: Correction']),
    );
  });

  it('refuses an erased customer: their balance was forfeited and their wallet stays closed', async () => {
    // A business of its own: the shared one is at its currency limit.
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const currency = (await createCurrency(t.app, client, { code: 'ERA' }))._id;
    const customer = await addCustomer(t.app, client);
    await adjust(customer, { currency, direction: 'credit', amount: 30, reason: 'Before' }, client);
    expect((await call('POST', `/api/customers/${customer}/erase`, undefined, client)).statusCode).toBe(200);
    const credit = await adjust(
      customer,
      { currency, direction: 'credit', amount: 100, reason: 'After' },
      client,
    );
    expect(credit.statusCode).toBe(409);
    expect(credit.json().message).toBe(PRIVACY_MESSAGES.alreadyErased);
    const wallet = (await walletsOf(t.app, client, customer)).find((w) => w.currency._id === currency);
    expect(wallet?.balance).toBe(0);
  });

  it('is for admins only', async () => {
    const currency = (await createCurrency(t.app, admin, { code: 'ADM' }))._id;
    const customer = await addCustomer(t.app, admin);
    const branch = await createBranch(t.app, admin);
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [branch._id],
      user_permissions: { CUSTOMERS: { read: true, update: true }, WALLET: { read: true, update: true } },
    });
    const res = await adjust(customer, { currency, direction: 'credit', amount: 5, reason: 'Nope' }, manager);
    expect(res.statusCode).toBe(403);
  });
});

describe('wallets on the profile and in the player API', () => {
  it('shows a balance for every live currency, 0 where nothing was earned, and the player API the same', async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const clientKey = (await createApiKey(t.app, client)).key;
    const points = (await createCurrency(t.app, client, { code: 'PTS' }))._id;
    const stars = (await createCurrency(t.app, client, { code: 'STR' }))._id;
    const customer = await addCustomer(t.app, client);
    await adjust(
      customer,
      { currency: points, direction: 'credit', amount: 12.34, reason: 'Welcome' },
      client,
    );
    const wallets = await walletsOf(t.app, client, customer);
    expect(wallets.map((w) => [w.currency._id, w.balance, w.expiring_soon])).toEqual([
      [points, 12.34, 0],
      [stars, 0, 0],
    ]);
    const player = await t.app.inject({
      method: 'GET',
      url: `/api/v1/players/${customer}`,
      headers: { 'x-api-key': clientKey },
    });
    expect(player.json().content.wallets).toEqual([
      {
        currency: points,
        name: 'Beans',
        code: 'PTS',
        balance: 12.34,
        expiring_soon: 0,
        next_expiry_at: null,
      },
      { currency: stars, name: 'Beans', code: 'STR', balance: 0, expiring_soon: 0, next_expiry_at: null },
    ]);
    expect((await call('GET', `/api/economy/customers/${customer}/wallets`)).statusCode).toBe(404);
  });

  it("pages the profile's wallet history newest first, without the XP rows when asked for wallets only", async () => {
    const client = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const clientKey = (await createApiKey(t.app, client)).key;
    const points = (await createCurrency(t.app, client, { code: 'HIS' }))._id;
    const segment = await segmentId(t.app, client);
    for (const config of [
      { type: 'Currency', earn_target: points, trigger_value: 10, earn_amount: 1, segment_id: segment },
      { type: 'Statistic', trigger_value: 10, earn_amount: 1, segment_id: segment },
    ])
      expect((await call('POST', '/api/economy/earn-configs', config, client)).statusCode).toBe(200);
    const customer = await addCustomer(t.app, client);
    await sendAndProcess(t, clientKey, [orderEvent(customer, 'history-1', [[100, 1]])]);
    await adjust(customer, { currency: points, direction: 'debit', amount: 4, reason: 'Correction' }, client);
    const page = async (query: string) => {
      const res = await call(
        'GET',
        `/api/economy/customers/${customer}/transactions?${query}`,
        undefined,
        client,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const everything = await page('page=1&size=10');
    expect(
      everything.content.map((row: { transaction_type: string }) => row.transaction_type).sort(),
    ).toEqual(['Cashback', 'Spending', 'XP Points']);
    const first = await page('wallets_only=true&page=1&size=1');
    expect(first.pagination).toEqual({ count: 2, hasMore: true });
    expect(first.content[0]).toMatchObject({
      transaction_type: 'Spending',
      value: -4,
      wallet_balance_post_transaction: 6,
      reason: 'Correction',
      currency_id: points,
    });
    const second = await page('wallets_only=true&page=2&size=1');
    expect(second.pagination).toEqual({ count: 2, hasMore: false });
    expect(second.content[0]).toMatchObject({
      transaction_type: 'Cashback',
      value: 10,
      wallet_balance_post_transaction: 10,
    });
  });
});
