import { randomBytes } from 'node:crypto';
import {
  ADD_CUSTOMER_MESSAGES,
  API_ERROR_MESSAGES,
  CUSTOMER_API_MESSAGES,
  CUSTOMER_MESSAGES,
  CUSTOMER_PROFILE_MESSAGES,
  DATE_MESSAGES,
  EXTERNAL_ID_MESSAGE,
  LOYALTY_RULE_MESSAGES,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { playerStatistics, sendAndProcess } from '../../../test/engine-helpers';
import {
  bearer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
  uniqueCell,
  uniqueEmail,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  // The lowest plan: customers over the API need only an API key.
  admin = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
  key = (await createApiKey(t.app, admin)).key;
});
afterAll(() => t.close());

const externalId = () => `shop-${randomBytes(5).toString('hex')}`;
const asKey = (apiKey = key) => ({ 'x-api-key': apiKey });

const enrol = (body: Record<string, unknown>, apiKey = key) =>
  t.app.inject({ method: 'POST', url: '/api/v1/customers', headers: asKey(apiKey), payload: body });
const patch = (id: string, body: Record<string, unknown>, apiKey = key) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/customers/${id}`, headers: asKey(apiKey), payload: body });
const lookup = (query: string, apiKey = key) =>
  t.app.inject({ method: 'GET', url: `/api/v1/customers?${query}`, headers: asKey(apiKey) });

const newMember = (overrides: Record<string, unknown> = {}) => ({
  external_id: externalId(),
  email: uniqueEmail('member'),
  cell_number: uniqueCell(),
  name: 'Ayanda',
  surname: 'Dlamini',
  ...overrides,
});

const enrolled = async (overrides: Record<string, unknown> = {}) => {
  const res = await enrol(newMember(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().content as { _id: string; external_id: string; email: string; cell_number: string };
};

describe('enrolment', () => {
  it('enrols a new customer (201) and a repeat by external_id updates them (200)', async () => {
    const loyaltyNumber = `L-${externalId()}`;
    const body = newMember({
      birthday: '1991-04-18',
      marketing_consent: true,
      loyalty_number: loyaltyNumber,
    });
    const first = await enrol(body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      message: CUSTOMER_API_MESSAGES.enrolled,
      content: {
        external_id: body.external_id,
        email: body.email,
        cell_number: `+27${body.cell_number.slice(1)}`,
        name: 'Ayanda',
        birthday: '1991-04-18',
        get_communication: true,
        loyalty_number: loyaltyNumber,
        status: 'ACTIVE',
      },
    });
    const id = first.json().content._id as string;
    // Enrolled by loyalty number alone: a loyalty record with no card yet, as the console's profile shows it.
    const loyalty = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/loyalty?customer_id=${id}`,
      headers: bearer(admin.token),
    });
    expect(loyalty.json().content).toMatchObject({
      loyalty_number: loyaltyNumber,
      card: { number: '', linked: false },
    });

    const repeat = await enrol(body);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().content).toEqual(first.json().content);

    const renamed = await enrol({ external_id: body.external_id, name: 'Ayanda', surname: 'Mokoena' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: CUSTOMER_API_MESSAGES.updated,
      content: { _id: id, surname: 'Mokoena', email: body.email, loyalty_number: loyaltyNumber },
    });
  });

  it('without an external_id enrols and finds the customer by email', async () => {
    const email = uniqueEmail('by-email');
    const first = await enrol({ email, name: 'Lindi', surname: 'Zulu' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().content).toMatchObject({ external_id: null, status: 'AWAITING-SIGNUP' });
    const again = await enrol({ email: email.toUpperCase(), name: 'Lindiwe', surname: 'Zulu' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().content).toMatchObject({ _id: first.json().content._id, name: 'Lindiwe' });
  });

  it('writes an audit entry for the enrolment and for a change, none for a repeat that changes nothing', async () => {
    const body = newMember();
    const id = (await enrol(body)).json().content._id as string;
    await enrol(body);
    await patch(id, { surname: 'Audited' });
    const entries = await t.ctx.database.query<{ action: string; summary: string }>(
      'SELECT action, summary FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at',
      [id],
    );
    expect(entries).toEqual([
      { action: 'customer.created', summary: 'Enrolled customer Ayanda Dlamini over the API' },
      { action: 'customer.updated', summary: 'Edited customer Ayanda Audited over the API' },
    ]);
  });
});

describe('concurrent enrolments', () => {
  it('of the same external_id enrol one customer: one 201, the others 200 with the same _id', async () => {
    const body = newMember();
    const answers = await Promise.all([enrol(body), enrol(body), enrol(body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((res) => res.json().content._id)).size).toBe(1);
  });
});

describe('enrolment refusals', () => {
  it('400 on a field a customer does not have (first_name), nothing stored', async () => {
    const member = newMember({ first_name: 'Thabo' });
    const res = await enrol(member);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      "Unknown field 'first_name': a customer's fields are name, surname, email, birthday, external_id, cell_number, branch_id, loyalty_number, marketing_consent.",
    );
    expect(res.json().content.errors).toEqual([{ field: 'first_name', message: res.json().message }]);
    expect((await lookup(`external_id=${member.external_id}`)).statusCode).toBe(404);
  });

  it.each([
    [
      'no external_id and no email',
      { external_id: undefined, email: undefined },
      'external_id',
      CUSTOMER_API_MESSAGES.keyRequired,
    ],
    ['a blank name', { name: ' ' }, 'name', ADD_CUSTOMER_MESSAGES.nameRequired],
    ['no surname', { surname: undefined }, 'surname', ADD_CUSTOMER_MESSAGES.surnameRequired],
    ['a bad email', { email: 'not-an-email' }, 'email', ADD_CUSTOMER_MESSAGES.invalidEmail],
    ['a bad cell number', { cell_number: '12' }, 'cell_number', ADD_CUSTOMER_MESSAGES.invalidPhoneNumber],
    [
      'an external_id of 101 characters',
      { external_id: 'x'.repeat(101) },
      'external_id',
      'external_id must be 1 to 100 printable characters',
    ],
    [
      'a control character in external_id',
      { external_id: 'a\u0007b' },
      'external_id',
      'external_id must be 1 to 100 printable characters',
    ],
  ])('%s -> 400 naming the field, nothing enrolled', async (_what, overrides, field, message) => {
    const body = newMember(overrides);
    const res = await enrol(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().content.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field, message })]),
    );
    if (body.email) expect((await lookup(`email=${encodeURIComponent(body.email)}`)).statusCode).toBe(404);
  });

  it.each([
    ['an impossible birthday', { birthday: '1990-02-30' }, 'birthday', CUSTOMER_MESSAGES.invalidDate],
    [
      'a birthday of 29 February in a common year',
      { birthday: '2023-02-29' },
      'birthday',
      CUSTOMER_MESSAGES.invalidDate,
    ],
    ['a badly formatted birthday', { birthday: '1990-13-45' }, 'birthday', CUSTOMER_MESSAGES.invalidDate],
    ['a birthday that is no date', { birthday: 'notadate' }, 'birthday', CUSTOMER_MESSAGES.invalidDate],
    [
      'a birthday in the future',
      { birthday: '2999-01-01' },
      'birthday',
      CUSTOMER_PROFILE_MESSAGES.futureDateNotAllowed,
    ],
    ['a birthday in year 0', { birthday: '0000-01-01' }, 'birthday', DATE_MESSAGES.tooEarly],
    ['a birthday before 1900', { birthday: '1899-12-31' }, 'birthday', DATE_MESSAGES.tooEarly],
    [
      'a loyalty number of 200 characters',
      { loyalty_number: 'L'.repeat(200) },
      'loyalty_number',
      'Loyalty number must not be more than 40 characters',
    ],
    [
      'a blank loyalty number',
      { loyalty_number: ' ' },
      'loyalty_number',
      LOYALTY_RULE_MESSAGES.loyaltyNumberRequired,
    ],
    ['a name that is a number', { name: 123 }, 'name', 'Name must be text'],
    [
      'a name of 101 characters',
      { name: 'n'.repeat(101) },
      'name',
      'Name must not be more than 100 characters',
    ],
  ])('%s -> 400 with exactly that one error, nothing enrolled', async (_what, overrides, field, message) => {
    const body = newMember(overrides);
    const res = await enrol(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, content: { errors: [{ field, message }] } });
    expect((await lookup(`external_id=${body.external_id}`)).statusCode).toBe(404);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long and not printable', `${'x'.repeat(150)}\u0001`],
  ])(
    'an external_id that is %s -> 400 reporting its message once, nothing enrolled',
    async (_what, value) => {
      const body = newMember({ external_id: value });
      const res = await enrol(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: EXTERNAL_ID_MESSAGE });
      expect(res.json().content.errors).toEqual([{ field: 'external_id', message: EXTERNAL_ID_MESSAGE }]);
      expect((await lookup(`email=${encodeURIComponent(body.email)}`)).statusCode).toBe(404);
    },
  );

  it('an empty body lists the name, the surname and the external_id-or-email errors in one 400', async () => {
    const res = await enrol({});
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().content.errors).toEqual([
      { field: 'name', message: ADD_CUSTOMER_MESSAGES.nameRequired },
      { field: 'surname', message: ADD_CUSTOMER_MESSAGES.surnameRequired },
      { field: 'external_id', message: CUSTOMER_API_MESSAGES.keyRequired },
    ]);
  });

  it("409 when the email, cell number or loyalty number is another customer's", async () => {
    const other = await enrolled({ loyalty_number: `L-${externalId()}` });
    const otherLoyalty = (await lookup(`external_id=${other.external_id}`)).json().content.loyalty_number;
    const cases: [Record<string, unknown>, string][] = [
      [{ email: other.email }, API_ERROR_MESSAGES.customerEmailTaken],
      [{ cell_number: other.cell_number }, API_ERROR_MESSAGES.customerCellNumberTaken],
      [{ loyalty_number: otherLoyalty }, LOYALTY_RULE_MESSAGES.loyaltyNumberTaken],
    ];
    for (const [overrides, message] of cases) {
      const body = newMember(overrides);
      const res = await enrol(body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message });
      expect((await lookup(`external_id=${body.external_id}`)).statusCode).toBe(404);
    }
  });

  it('409 for a suspended customer: the enrolment neither changes nor reactivates them', async () => {
    const customer = await enrolled({ surname: 'Before' });
    const suspend = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/suspend/user',
      headers: bearer(admin.clientToken),
      payload: { _id: customer._id },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const res = await enrol({ external_id: customer.external_id, name: 'Ayanda', surname: 'After' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(CUSTOMER_API_MESSAGES.suspended);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${customer._id}`,
      headers: asKey(),
    });
    expect(read.json().content).toMatchObject({ status: 'SUSPENDED', surname: 'Before' });
  });
});

describe('reads', () => {
  it('finds the customer by _id and by each key; 404 when none matches', async () => {
    const loyaltyNumber = `L-${externalId()}`;
    const customer = await enrolled({ loyalty_number: loyaltyNumber });
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${customer._id}`,
      headers: asKey(),
    });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().content).toMatchObject({ _id: customer._id, loyalty_number: loyaltyNumber });
    const local = `0${customer.cell_number.slice(3)}`;
    for (const query of [
      `external_id=${customer.external_id}`,
      `email=${encodeURIComponent(customer.email.toUpperCase())}`,
      `cell_number=${encodeURIComponent(customer.cell_number)}`,
      `cell_number=${local}`,
      `loyalty_number=${loyaltyNumber}`,
    ]) {
      const res = await lookup(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json().content._id, query).toBe(customer._id);
    }
    for (const query of [
      'external_id=nobody',
      'email=nobody%40example.com',
      'cell_number=0829999999',
      'loyalty_number=NONE',
    ]) {
      const res = await lookup(query);
      expect(res.statusCode, query).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'The customer could not be found.' });
    }
    const unknownId = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${'a'.repeat(24)}`,
      headers: asKey(),
    });
    expect(unknownId.statusCode).toBe(404);
  });

  it('400 for no key or several keys', async () => {
    for (const query of ['', `external_id=a&email=b%40example.com`]) {
      const res = await lookup(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(CUSTOMER_API_MESSAGES.lookupKey);
    }
  });
});

describe("the console's customer list", () => {
  it('finds the customer by their whole external_id and shows it on their profile', async () => {
    const customer = await enrolled({ name: 'Searchable' });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client/loyalty/users?search_string=${customer.external_id}`,
      headers: bearer(admin.clientToken),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content).toMatchObject({
      count: 1,
      user_list: [{ _id: customer._id, name: 'Searchable' }],
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/user?_id=${customer._id}`,
      headers: bearer(admin.clientToken),
    });
    expect(profile.json().content.external_id).toBe(customer.external_id);
  });
});

describe('PATCH', () => {
  it('changes only the fields given', async () => {
    const customer = await enrolled();
    const newExternal = externalId();
    const res = await patch(customer._id, {
      surname: 'Changed',
      external_id: newExternal,
      marketing_consent: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      surname: 'Changed',
      name: 'Ayanda',
      email: customer.email,
      external_id: newExternal,
      get_communication: true,
    });
    expect((await lookup(`external_id=${newExternal}`)).json().content._id).toBe(customer._id);
  });

  it("409 on another customer's email, cell number or external_id; 400 on a bad value; 404 unknown", async () => {
    const [a, b] = [await enrolled(), await enrolled()];
    for (const [body, message] of [
      [{ email: b.email }, API_ERROR_MESSAGES.customerEmailTaken],
      [{ cell_number: b.cell_number }, API_ERROR_MESSAGES.customerCellNumberTaken],
      [{ external_id: b.external_id }, CUSTOMER_API_MESSAGES.externalIdTaken],
    ] as const) {
      const res = await patch(a._id, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const withLoyalty = await enrolled({ loyalty_number: `L-${externalId()}` });
    const taken = (await lookup(`external_id=${withLoyalty.external_id}`)).json().content.loyalty_number;
    const loyaltyTaken = await patch(a._id, { loyalty_number: taken });
    expect(loyaltyTaken.statusCode, loyaltyTaken.body).toBe(409);
    expect(loyaltyTaken.json().message).toBe(LOYALTY_RULE_MESSAGES.loyaltyNumberTaken);
    const bad = await patch(a._id, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().content.errors).toEqual([
      expect.objectContaining({ field: 'name', message: ADD_CUSTOMER_MESSAGES.nameRequired }),
    ]);
    expect((await patch('b'.repeat(24), { name: 'X' })).statusCode).toBe(404);
    const read = await lookup(`external_id=${a.external_id}`);
    expect(read.json().content).toMatchObject({ email: a.email, name: 'Ayanda' });
  });

  it('400 on a field it does not know (a misspelling is not a silent 200), the customer unchanged', async () => {
    const customer = await enrolled();
    const res = await patch(customer._id, { first_name: 'Thabo', surname: 'Changed' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      "Unknown field 'first_name': a customer's fields are name, surname, email, birthday, external_id, cell_number, branch_id, loyalty_number, marketing_consent.",
    );
    const read = await lookup(`external_id=${customer.external_id}`);
    expect(read.json().content).toMatchObject({ name: 'Ayanda', email: customer.email });
  });

  it.each([
    ['0000-01-01', DATE_MESSAGES.tooEarly],
    ['2001-02-30', CUSTOMER_MESSAGES.invalidDate],
  ])('400 on a birthday of %s, the customer unchanged', async (birthday, message) => {
    const customer = await enrolled({ birthday: '1990-05-06' });
    const res = await patch(customer._id, { birthday });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().content.errors).toEqual([{ field: 'birthday', message }]);
    const read = await lookup(`external_id=${customer.external_id}`);
    expect(read.json().content.birthday).toBe('1990-05-06');
  });
});

describe('tenant isolation', () => {
  it('a key of another business cannot read, find or change the customer (404)', async () => {
    const customer = await enrolled();
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const otherKey = (await createApiKey(t.app, other)).key;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${customer._id}`,
      headers: asKey(otherKey),
    });
    expect(read.statusCode).toBe(404);
    expect((await lookup(`external_id=${customer.external_id}`, otherKey)).statusCode).toBe(404);
    expect((await patch(customer._id, { name: 'Stolen' }, otherKey)).statusCode).toBe(404);
    // The same external_id is free in the other business: it is the client's own id.
    const theirs = await enrol(
      newMember({ external_id: customer.external_id, email: customer.email }),
      otherKey,
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().content._id).not.toBe(customer._id);
    expect((await lookup(`external_id=${customer.external_id}`)).json().content).toMatchObject({
      _id: customer._id,
      name: 'Ayanda',
    });
  });
});

describe('events by external_id', () => {
  it('count for the customer; an unknown external_id is rejected as an unknown customer', async () => {
    const customer = await enrolled();
    await sendAndProcess(t, key, [
      eventFor(customer._id, { customer: { external_id: customer.external_id } }),
      eventFor(customer._id, { customer: { external_id: customer.external_id } }),
    ]);
    expect((await playerStatistics(t.app, key, customer._id)).numberOfLogins).toBe(2);

    const unknownRef = await postEvents(
      t.app,
      key,
      eventFor(customer._id, { customer: { external_id: 'nobody-here' } }),
    );
    const unknownId = await postEvents(t.app, key, eventFor('a'.repeat(24)));
    expect(unknownRef.statusCode).toBe(unknownId.statusCode);
    expect(unknownRef.json().message).toBe(unknownId.json().message);
  });
});

describe('transactions', () => {
  it("lists the player's ledger newest first, paged with count and hasMore", async () => {
    const growth = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const growthKey = (await createApiKey(t.app, growth)).key;
    const currency = await createCurrency(t.app, growth);
    const customer = (await enrol(newMember(), growthKey)).json().content._id as string;
    for (const amount of [10, 20, 30]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/economy/customers/${customer}/adjustments`,
        headers: bearer(growth.clientToken),
        payload: { currency: currency._id, direction: 'credit', amount, reason: `Credit ${amount}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = (n: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/players/${customer}/transactions?page=${n}&size=2`,
        headers: asKey(growthKey),
      });
    const first = await page(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().pagination).toEqual({ count: 3, hasMore: true });
    expect(
      first
        .json()
        .content.map((row: { value: number; wallet_balance_post_transaction: number }) => [
          row.value,
          row.wallet_balance_post_transaction,
        ]),
    ).toEqual([
      [30, 60],
      [20, 30],
    ]);
    expect(first.json().content[0]).toMatchObject({
      transaction_type: expect.any(String),
      currency_id: currency._id,
      reason: 'Credit 30',
    });
    const second = await page(2);
    expect(second.json().pagination).toEqual({ count: 3, hasMore: false });
    expect(second.json().content.map((row: { value: number }) => row.value)).toEqual([10]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/players/${customer}/transactions`,
      headers: asKey(),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
