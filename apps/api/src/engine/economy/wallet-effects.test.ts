import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { newId } from '../../db/ids';
import { rowsOf } from '../../db/raw-sql';
import { currencies } from '../../db/schema';
import { applyWalletEffects, creditWallet, InsufficientBalanceError } from './wallet-effects';

let t: TestApp;
let admin: SignedIn;
let currencyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  currencyId = newId();
  await t.ctx.database.db.insert(currencies).values({
    id: currencyId,
    clientId: admin.clientId,
    type: 'custom',
    name: 'Beans',
    code: 'BNS',
    icon: { name: null, prefix: null, url: null, etag: null },
  });
});
afterAll(() => t.close());

const credit = (customerId: string, amount: string | number, eventId: string, allowShortfall = false) =>
  t.ctx.database.db.transaction((tx) =>
    creditWallet(tx, {
      clientId: admin.clientId,
      customerId,
      branchId: null,
      currencyId,
      amount,
      transactionType: Number(amount) < 0 ? 'Spending' : 'Cashback',
      cause: { kind: 'challenge', id: 'challenge-1' },
      eventId,
      occurredAt: new Date(),
      allowShortfall,
    }),
  );

const ledgerOf = (customerId: string) =>
  rowsOf<{ value: string; balance: string; shortfall: string }>(
    t.ctx.database.db,
    sql`SELECT value::text, wallet_balance_post_transaction::text AS balance, shortfall::text
        FROM economy_transactions WHERE customer_id = ${customerId} ORDER BY created_at, id`,
  );

const walletOf = async (customerId: string) => {
  const [row] = await rowsOf<{ balance: string; lots: string | null }>(
    t.ctx.database.db,
    sql`SELECT w.balance::text,
               (SELECT sum(remaining)::text FROM wallet_lots l WHERE l.customer_id = w.customer_id) AS lots
        FROM wallets w WHERE w.customer_id = ${customerId}`,
  );
  return row;
};

describe('creditWallet', () => {
  it('credits once per (cause, event), keeps the balance after each row, and lots equal to the balance', async () => {
    const customer = await addCustomer(t.app, admin);
    expect((await credit(customer, '10.25', 'evt-1')).balance).toBe('10.25');
    const again = await credit(customer, '10.25', 'evt-1');
    expect(again).toMatchObject({ balance: '10.25', duplicate: true });
    expect((await credit(customer, 4.5, 'evt-2')).balance).toBe('14.75');
    expect(await ledgerOf(customer)).toEqual([
      { value: '10.25', balance: '10.25', shortfall: '0.00' },
      { value: '4.50', balance: '14.75', shortfall: '0.00' },
    ]);
    expect(await walletOf(customer)).toEqual({ balance: '14.75', lots: '14.75' });
  });

  it('refuses a debit beyond the balance and writes nothing; with allowShortfall takes what is there', async () => {
    const customer = await addCustomer(t.app, admin);
    await credit(customer, '5.00', 'evt-a');
    await expect(credit(customer, '-7.00', 'evt-b')).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await walletOf(customer)).toEqual({ balance: '5.00', lots: '5.00' });
    const clamped = await credit(customer, '-7.00', 'evt-c', true);
    expect(clamped).toMatchObject({ balance: '0.00', applied: '-5.00', shortfall: '2.00' });
    expect((await ledgerOf(customer)).at(-1)).toEqual({ value: '-5.00', balance: '0.00', shortfall: '2.00' });
    expect(await walletOf(customer)).toEqual({ balance: '0.00', lots: '0.00' });
  });

  it('the ledger is append-only', async () => {
    await expect(t.ctx.database.db.execute(sql`UPDATE economy_transactions SET value = 0`)).rejects.toThrow();
    await expect(t.ctx.database.db.execute(sql`DELETE FROM economy_transactions`)).rejects.toThrow();
  });

  it("an erasure (privacy) may rewrite a row's reason, and nothing else", async () => {
    const inErasure = (statement: ReturnType<typeof sql>) =>
      t.ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('laurel.privacy_erasure', 'on', true)`);
        await tx.execute(statement);
      });
    await expect(inErasure(sql`UPDATE economy_transactions SET value = 0`)).rejects.toThrow();
    await expect(
      inErasure(sql`UPDATE economy_transactions SET reason = '[erased]', value = value + 1`),
    ).rejects.toThrow();
    await expect(inErasure(sql`DELETE FROM economy_transactions`)).rejects.toThrow();
    await inErasure(sql`UPDATE economy_transactions SET reason = '[erased]'`);
    const rows = await t.ctx.database.query<{ reason: string | null }>(
      'SELECT DISTINCT reason FROM economy_transactions',
    );
    expect(rows).toEqual([{ reason: '[erased]' }]);
  });
});

describe('applyWalletEffects for customers the transaction created', () => {
  it('inserts their wallets once with the final balance, beside an existing customer whose wallet is updated', async () => {
    const fresh = await addCustomer(t.app, admin);
    const known = await addCustomer(t.app, admin);
    await credit(known, '3.00', 'evt-before');
    const effect = (customerId: string, cents: number, eventId: string) => ({
      clientId: admin.clientId,
      customerId,
      branchId: null,
      currencyId,
      cents,
      transactionType: 'Opening Balance' as const,
      cause: { kind: 'import' as const, id: 'import-1' },
      eventId,
      occurredAt: new Date(),
    });
    const results = await t.ctx.database.db.transaction((tx) =>
      applyWalletEffects(
        tx,
        [effect(fresh, 1_000, 'row-2'), effect(fresh, 250, 'row-3'), effect(known, 700, 'row-4')],
        { fresh: true, newCustomers: new Set([fresh]) },
      ),
    );
    expect(results.map((r) => r.balanceCents)).toEqual([1_000, 1_250, 1_000]);
    expect(await walletOf(fresh)).toEqual({ balance: '12.50', lots: '12.50' });
    expect(await walletOf(known)).toEqual({ balance: '10.00', lots: '10.00' });
    expect((await ledgerOf(fresh)).map((row) => row.balance)).toEqual(['10.00', '12.50']);
  });
});
