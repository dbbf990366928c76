import { TRANSACTION_FILTER_MESSAGES, transactionCountCap } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import {
  addCustomer,
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { CARDS_FROM_ROWS, economyCards, exportFileUrl } from '../../../test/report-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { streamCsv } from '../../exports/csv-stream';
import { transactionExportKey } from './transactions.service';

let t: TestApp;
let admin: SignedIn;
let north: string;
let south: string;
let beans: string;
let thandi: string;
let sipho: string;
const THANDI_ROWS = 120;

const get = (session: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session.clientToken) });
const list = async (query: string, session = admin) => {
  const res = await get(session, `/api/transactions/economy?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    transactions: body.content as {
      user_id: string;
      branch_location: string | null;
      currency: string | null;
    }[],
    count: body.pagination.count as number,
    count_capped: body.pagination.count_capped as boolean,
  };
};
const cardsOf = (query: string, session = admin) => economyCards(t.app, session, query);
const FROM_ROWS = CARDS_FROM_ROWS;

/**
 * Ledger rows written without a branch (as expiry and events without one write them), one a day going back, many
 * at once by SQL: through the engine this many would take most of a minute.
 */
const seedLedger = (customerId: string, count: number, tag: string) =>
  t.ctx.database.query(
    `INSERT INTO economy_transactions (id, client_id, customer_id, branch_id, currency_id, transaction_type, value,
       wallet_balance_post_transaction, cause_kind, cause_id, event_id, reference, occurred_at)
     SELECT substr(md5($3 || g), 1, 24), $1, $2, NULL, $4, 'Cashback', 1.5, 1.5 * g, 'manual', $3 || g, $3 || g,
            $3 || g, now() - make_interval(days => g)
       FROM generate_series(1, $5::int) AS g`,
    [admin.clientId, customerId, tag, beans, count],
  );

/**
 * Thandi (North) and Sipho (South) have ledger rows written without a branch; then Thandi moves to South and is
 * credited once more.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  south = (await createBranch(t.app, admin, { display_name: 'South' }))._id;
  beans = (await createCurrency(t.app, admin, { code: 'BNS' }))._id;
  thandi = await addCustomer(t.app, admin, { name: 'Thandi', surname: 'Mokoena', member_branch_id: north });
  sipho = await addCustomer(t.app, admin, { name: 'Sipho', surname: 'Dlamini', member_branch_id: south });
  await seedLedger(thandi, THANDI_ROWS, 'thandi-');
  await seedLedger(sipho, 3, 'sipho-');
  // Her home branch changes (the loyalty record's edit does this).
  await t.ctx.database.query('UPDATE customers SET member_branch_id = $1 WHERE id = $2', [south, thandi]);
  const credit = await t.app.inject({
    method: 'POST',
    url: `/api/economy/customers/${thandi}/adjustments`,
    headers: bearer(admin.clientToken),
    payload: { currency: beans, direction: 'credit', amount: 10, reason: 'Welcome' },
  });
  expect(credit.statusCode, credit.body).toBe(200);
});
afterAll(() => t.close());

describe('branches on the economy report', () => {
  it("gives a row without a branch the customer's home branch when written, and keeps it when they move", async () => {
    const rows = (await list(`customer_id=${thandi}&size=100&page=1`)).transactions;
    expect(rows[0]?.branch_location).toBe('South');
    expect(rows.slice(1).every((row) => row.branch_location === 'North')).toBe(true);
    const north = await list('branch_location=North&size=100');
    expect(north.count).toBe(THANDI_ROWS);
    expect(north.transactions.every((row) => row.user_id === thandi)).toBe(true);
  });

  it('filters branch names joined with | by id; a name that is no branch matches nothing', async () => {
    expect((await list('branch_location=North|South')).count).toBe(THANDI_ROWS + 4);
    expect((await list('branch_location=South')).count).toBe(4);
    expect(await list('branch_location=Nowhere')).toMatchObject({ transactions: [], count: 0 });
    expect((await list('currency=BNS')).count).toBe(THANDI_ROWS + 4);
    expect((await list('currency=NOPE')).count).toBe(0);
  });

  it('answers the same cards from the totals as from the rows for each branch and date range', async () => {
    for (const query of [
      'branch_location=North',
      'branch_location=South',
      'branch_location=North|South',
      '',
    ]) {
      expect(await cardsOf(query), query).toEqual(await cardsOf(`${query}&${FROM_ROWS}`));
    }
    // Whole months from the monthly totals, the days at the edges from the daily ones.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const firstOfMonth = (daysAgo: number) => `${day(daysAgo).slice(0, 7)}-01`;
    for (const range of [
      `start_date=${day(45)}`,
      `end_date=${day(45)}`,
      `start_date=${firstOfMonth(60)}`,
      `start_date=${day(100)}&end_date=${day(10)}`,
      `start_date=${firstOfMonth(100)}&end_date=${day(40)}`,
      `start_date=${day(3)}&end_date=${day(2)}`,
    ]) {
      const query = `branch_location=North&${range}`;
      expect(await cardsOf(query), query).toEqual(await cardsOf(`${query}&${FROM_ROWS}`));
    }
    expect(await cardsOf('branch_location=North')).toMatchObject({
      count: THANDI_ROWS,
      'Total Cashback': 180,
    });
  });

  it('shows a branch manager the rows written at their branch', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [south],
      user_permissions: { TRANSACTIONS: { read: true, create: false, update: false, delete: false } },
    });
    const rows = await list('size=100', manager);
    expect(rows.count).toBe(4);
    expect(rows.transactions.every((row) => row.branch_location === 'South')).toBe(true);
    expect((await list('branch_location=North', manager)).count).toBe(0);
    expect((await cardsOf('', manager)).count).toBe(4);
  });
});

describe('the count of a filtered report', () => {
  it('stops a hundred pages past the page shown (cap + 1, capped); the page itself is exact', async () => {
    expect(transactionCountCap(1, 1, true)).toBe(100);
    const first = await list('branch_location=North&size=1');
    expect(first).toMatchObject({ count: 101, count_capped: true });
    expect(first.transactions).toHaveLength(1);
    // Page 50 counts to 149: all 120 rows, exact.
    expect(await list('branch_location=North&size=1&page=50')).toMatchObject({
      count: THANDI_ROWS,
      count_capped: false,
    });
  });

  it('counts an unfiltered report up to 10,000', async () => {
    expect(await list('size=1')).toMatchObject({ count: THANDI_ROWS + 4, count_capped: false });
  });
});

describe('one running export per client', () => {
  it('refuses a download with 409 while another export of the business streams, then allows it', async () => {
    const ready = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/economy/export',
      headers: bearer(admin.clientToken),
      payload: { filters: { branch_location: 'North' } },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const url = exportFileUrl('/api/transactions/economy/export', ready);
    // Another export of the same business, not yet read to its end (on PostgreSQL: from another connection).
    const running = await streamCsv(
      t.ctx.database,
      {
        columns: [{ header: 'n', expression: 'g::text', freeText: false }],
        from: 'FROM generate_series(1, 3) g',
        where: 'true',
        orderBy: [{ expression: 'g', type: 'bigint' }],
      },
      { exclusive: transactionExportKey(admin.clientId) },
    );
    const busy = await get(admin, url);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(TRANSACTION_FILTER_MESSAGES.exportRunning);
    expect((await running.toArray()).join('')).toBe('n\n3\n2\n1\n');
    const file = await get(admin, url);
    expect(file.statusCode).toBe(200);
    expect(file.body.trim().split('\n')).toHaveLength(THANDI_ROWS + 1);
  });
});
