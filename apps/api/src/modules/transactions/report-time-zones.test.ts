import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { CARDS_FROM_ROWS, economyCards } from '../../../test/report-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { localDate } from '../../local-time';
import { utcDaysWithin } from './report-query';

/**
 * A report's From and To are the business's days, as its dashboard counts them: a business in Auckland (UTC+13 in
 * December) sees an order at 00:30 on 1 December under 1 December, though it is 30 November in UTC. The cards come
 * from UTC daily totals for the whole UTC days inside the range and from the rows for the hours at its ends.
 */

let t: TestApp;
let admin: SignedIn;
let customer: string;
let currency: string;

/** Ledger rows at given instants (the engine's and the APIs' writers stamp them now; the report reads any). */
const ledgerRow = async (occurredAt: string, value: number) => {
  const id = randomBytes(12).toString('hex');
  await t.ctx.database.query(
    `INSERT INTO economy_transactions (id, client_id, customer_id, currency_id, transaction_type, value, cause_kind,
       cause_id, event_id, reference, occurred_at)
     VALUES ($1, $2, $3, $4, 'Cashback', $5, 'test', $1, $1, $1, $6)`,
    [id, admin.clientId, customer, currency, value, occurredAt],
  );
};

const ROWS: [at: string, value: number][] = [
  ['2026-11-30T10:59:59Z', 1], // 30 Nov 23:59:59 in Auckland
  ['2026-11-30T11:00:00Z', 2], // 1 Dec 00:00 in Auckland
  ['2026-11-30T23:30:00Z', 4], // 1 Dec 12:30
  ['2026-12-01T10:59:00Z', 8], // 1 Dec 23:59
  ['2026-12-01T11:00:00Z', 16], // 2 Dec 00:00
  ['2026-10-31T10:30:00Z', 32], // 31 Oct 23:30 (UTC+13 from late September)
  ['2026-10-31T11:30:00Z', 64], // 1 Nov 00:30
  ['2026-11-15T12:00:00Z', 128], // 16 Nov 01:00
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  const zone = await t.app.inject({
    method: 'PUT',
    url: '/api/client/regional-settings',
    headers: bearer(admin.clientToken),
    payload: { time_zone: 'Pacific/Auckland', currency_symbol: 'R' },
  });
  expect(zone.statusCode, zone.body).toBe(200);
  currency = (await createCurrency(t.app, admin, { code: 'KPT' }))._id;
  customer = await addCustomer(t.app, admin, { name: 'Aroha', surname: 'Ngata' });
  for (const [at, value] of ROWS) await ledgerRow(at, value);
});
afterAll(() => t.close());

const listed = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transactions/economy?size=50&${query}`,
    headers: bearer(admin.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().content as { value: number }[]).map((row) => row.value).sort((a, b) => a - b);
};

describe("report date filters in the business's time zone", () => {
  it('lists under 1 December what happened on 1 December in Auckland', async () => {
    expect(await listed('start_date=2026-12-01&end_date=2026-12-01')).toEqual([2, 4, 8]);
    expect(await listed('start_date=2026-11-30&end_date=2026-11-30')).toEqual([1]);
    expect(await listed('start_date=2026-11-01&end_date=2026-11-30')).toEqual([1, 64, 128]);
    expect(await listed('end_date=2026-10-31')).toEqual([32]);
    expect(await listed('start_date=2026-12-02')).toEqual([16]);
  });

  it('answers the cards from the totals and the edge rows exactly as from the rows', async () => {
    for (const query of [
      'start_date=2026-12-01&end_date=2026-12-01',
      'start_date=2026-11-30&end_date=2026-11-30',
      'start_date=2026-11-01&end_date=2026-11-30',
      'start_date=2026-10-01&end_date=2026-12-31',
      'start_date=2026-11-16',
      'end_date=2026-11-15',
      '',
    ]) {
      const fromTotals = await economyCards(t.app, admin, query);
      const fromRows = await economyCards(t.app, admin, `${query}&${CARDS_FROM_ROWS}`);
      expect(fromTotals, query).toEqual(fromRows);
    }
    expect(await economyCards(t.app, admin, 'start_date=2026-12-01&end_date=2026-12-01')).toMatchObject({
      count: 3,
      'Total Cashback': 14,
    });
  });
});

describe("other lists' day filters", () => {
  it('finds a customer who joined at 00:30 on 1 December in Auckland under 1 December, in the list and its export', async () => {
    const joined = await addCustomer(t.app, admin, { name: 'Late', surname: 'Joiner' });
    await t.ctx.database.query("UPDATE customers SET created_at = '2026-11-20T11:30:00Z' WHERE id = $1", [
      joined,
    ]);
    const ids = async (day: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client/loyalty/users?start_date=${day}&end_date=${day}`,
        headers: bearer(admin.clientToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().content.user_list as { _id: string }[]).map((row) => row._id);
    };
    expect(await ids('2026-11-21')).toEqual([joined]);
    expect(await ids('2026-11-20')).toEqual([]);
  });
});

describe("a member's date", () => {
  it("is the business's today, not UTC's", async () => {
    const key = (await createApiKey(t.app, admin)).key;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { 'x-api-key': key },
      payload: { external_id: 'kiwi-1', name: 'Kiri', surname: 'Tane', loyalty_number: 'KIWI-0001' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content.member_date).toBe(localDate(new Date(), 'Pacific/Auckland'));
  });
});

describe('utcDaysWithin', () => {
  it('keeps a UTC range whole, with no rows at its ends', () => {
    expect(utcDaysWithin('2026-11-01', '2026-11-30', 'UTC')).toEqual({
      firstDay: '2026-11-01',
      lastDay: '2026-11-30',
      edges: [],
      empty: false,
    });
  });

  it("splits a business's days into whole UTC days and the hours at either end", () => {
    const { firstDay, lastDay, edges, empty } = utcDaysWithin('2026-11-01', '2026-11-30', 'Pacific/Auckland');
    expect({ firstDay, lastDay, empty }).toEqual({
      firstDay: '2026-11-01',
      lastDay: '2026-11-29',
      empty: false,
    });
    expect(edges.map(([from, to]) => [from.toISOString(), to.toISOString()])).toEqual([
      ['2026-10-31T11:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      ['2026-11-30T00:00:00.000Z', '2026-11-30T11:00:00.000Z'],
    ]);
  });

  it('reads one local day that holds no whole UTC day from the rows alone', () => {
    const { edges, empty } = utcDaysWithin('2026-12-01', '2026-12-01', 'America/Los_Angeles');
    expect(empty).toBe(true);
    expect(edges.map(([from, to]) => [from.toISOString(), to.toISOString()])).toEqual([
      ['2026-12-01T08:00:00.000Z', '2026-12-02T08:00:00.000Z'],
    ]);
  });
});
