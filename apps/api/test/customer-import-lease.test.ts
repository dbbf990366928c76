import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { createCustomerImportTask } from '../src/modules/customers';
import { testDbKind } from './db-kind';
import { balanceOf, createCurrency, ledgerOf } from './economy-helpers';
import { runImport, uploadImport } from './import-helpers';
import { createClientApp } from './test-app';

/*
 * Two workers, one import (PostgreSQL): worker A's chunk waits (on a row another transaction holds) past its lease;
 * worker B takes the run over and applies the same rows. Both then get to write: the chunk that commits second must
 * write nothing, or the member's opening balance is credited twice (the ledger's unique effect key refuses that) and
 * the report counts the rows twice.
 */

let setup: Awaited<ReturnType<typeof createClientApp>>;
beforeAll(async () => {
  setup = await createClientApp('GROWTH');
});
afterAll(() => setup.t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statements of this database waiting for a lock, whose text has `fragment`. */
const waitingOn = async (fragment: string) => {
  const [row] = await setup.t.ctx.database.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
    [`%${fragment}%`],
  );
  return Number(row?.n ?? 0);
};

const until = async (check: () => Promise<boolean>, what: string) => {
  const by = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > by) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};

/**
 * Runs `csv` with two workers: A's chunk waits on `lockSql` (held by another transaction) until its lease ran out
 * and B, having taken the run over, waits there too; then both go on, and the run is finished. Answers its report, with how many audit entries say it completed.
 */
const raceTwoWorkers = async (csv: string, lockSql: ReturnType<typeof sql>, waitsIn: string) => {
  const { t } = setup;
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let holding!: () => void;
  const holds = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const holder = t.ctx.database.db.transaction(async (tx) => {
    await tx.execute(lockSql);
    holding();
    await held;
  });
  await holds;
  const upload = await uploadImport(setup, csv, {}, 'again.csv');
  expect(upload.statusCode, upload.body).toBe(202);
  const importId = upload.json().content._id as string;
  const settings = { leaseSeconds: 1, chunkRows: 100 };
  const log = createLogger('silent');
  const workerA = createCustomerImportTask(log, settings);
  const workerB = createCustomerImportTask(log, settings);

  const a = workerA.run(t.ctx.database);
  await until(async () => (await waitingOn(waitsIn)) === 1, 'worker A to wait');
  await sleep(1_200); // A's lease runs out while it waits.
  const b = workerB.run(t.ctx.database);
  await until(async () => (await waitingOn(waitsIn)) === 2, 'worker B to wait');
  letGo();
  await holder;
  await Promise.allSettled([a, b]);
  // Whatever is left of the run (a finish), by whichever worker holds it.
  for (let round = 0; round < 10; round += 1) {
    const worked = [await workerA.run(t.ctx.database), await workerB.run(t.ctx.database)];
    if (!worked.includes(true)) break;
  }
  const report = await setup.call('GET', `/api/customers/imports/${importId}`);
  expect(report.statusCode, report.body).toBe(200);
  const finished = await t.ctx.database.query(
    `SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'customer-import.completed'`,
    [importId],
  );
  return { ...report.json().content, audited_completions: finished.length };
};

/** A member imported with an opening balance of 1.00 (so they have a wallet): their id and file line. */
const importedMember = async (currencyCode: string) => {
  const externalId = `lease-${randomBytes(4).toString('hex')}`;
  const line = `${externalId},${externalId}@example.com`;
  const header = `external_id,email,name,surname,balance:${currencyCode}`;
  expect(await runImport(setup, `${header}\n${line},Thandi,Mokoena,1\n`)).toMatchObject({ created: 1 });
  const [row] = await setup.t.ctx.database.query<{ id: string }>(
    'SELECT id FROM customers WHERE external_id = $1',
    [externalId],
  );
  return { id: row?.id as string, line };
};

describe.skipIf(testDbKind() !== 'postgres')('a worker whose import lease ran out mid-chunk', () => {
  it('does not apply the chunk a second worker took over: the opening balance is credited once', async () => {
    const { t, admin } = setup;
    const currency = await createCurrency(t.app, admin, { name: 'Points' });
    const member = await importedMember(currency.code);
    const report = await raceTwoWorkers(
      `external_id,email,name,surname,balance:${currency.code}\n${member.line},Thandi,Mokoena,100\n`,
      sql`SELECT 1 FROM wallets WHERE customer_id = ${member.id} FOR UPDATE`,
      'INSERT INTO wallets',
    );
    expect(report).toMatchObject({
      status: 'completed',
      rows: 1,
      updated: 1,
      balances_set: 1,
      errors: [],
      audited_completions: 1,
    });
    const opening = (await ledgerOf(t.app, admin, member.id)).filter(
      (row) => row.transaction_type === 'Opening Balance',
    );
    expect(opening.map((row) => row.value)).toEqual([1, 99]);
    expect(await balanceOf(t.app, admin, member.id, currency._id)).toBe(100);
  });

  it('counts the rows once: the report and the audit log show one change of the member', async () => {
    const { t, admin } = setup;
    const currency = await createCurrency(t.app, admin, { name: 'Stars' });
    const member = await importedMember(currency.code);
    const report = await raceTwoWorkers(
      `external_id,email,name,surname\n${member.line},Thandiwe,Mokoena\n`,
      sql`SELECT 1 FROM customers WHERE id = ${member.id} FOR UPDATE`,
      'UPDATE customers',
    );
    expect(report).toMatchObject({
      status: 'completed',
      rows: 1,
      rows_done: 1,
      created: 0,
      updated: 1,
      unchanged: 0,
      failed: 0,
      errors: [],
      audited_completions: 1,
    });
    const edits = await t.ctx.database.query<{ changes: unknown }>(
      `SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'customer.updated'`,
      [member.id],
    );
    expect(edits).toEqual([{ changes: { name: { from: 'Thandi', to: 'Thandiwe' } } }]);
  });
});
