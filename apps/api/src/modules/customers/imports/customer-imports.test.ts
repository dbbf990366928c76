import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  ADD_CUSTOMER_MESSAGES,
  CUSTOMER_MESSAGES,
  CUSTOMER_IMPORT_MESSAGES as M,
  type TCustomerImport,
} from '@laurel/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceOf, createCurrency, ledgerOf } from '../../../../test/economy-helpers';
import { playerOf } from '../../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  callAs,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
  uniqueCell,
  uniqueEmail,
} from '../../../../test/factories';
import { runImport as runImportWith, uploadImport } from '../../../../test/import-helpers';
import { createClientApp } from '../../../../test/test-app';

let setup: Awaited<ReturnType<typeof createClientApp<'Sea Point'>>>;
let currency: { _id: string; code: string };

beforeAll(async () => {
  setup = await createClientApp('GROWTH', { branches: ['Sea Point'] });
  currency = await createCurrency(setup.t.app, setup.admin, { name: 'Points' });
});
afterAll(() => setup.t.close());

const upload = (
  csv: string | Uint8Array<ArrayBuffer>,
  fields: Record<string, string> = {},
  fileName = 'members.csv',
) => uploadImport(setup, csv, fields, fileName);
const runImport = (csv: string, fields: Record<string, string> = {}) => runImportWith(setup, csv, fields);

const lookup = async (query: string) => {
  const res = await setup.t.app.inject({
    method: 'GET',
    url: `/api/v1/customers?${query}`,
    headers: { 'x-api-key': setup.key },
  });
  return res;
};

const tag = () => randomBytes(4).toString('hex');

/** Six members, the fourth with a bad email. */
const sixRows = (code: string) => {
  const t = tag();
  const rows = [
    `ext-${t}-1,thandi.${t}@example.com,${uniqueCell()},Thandi,Mokoena,1990-05-01,L${t}1,Sea Point,120.50`,
    `ext-${t}-2,sipho.${t}@example.com,,Sipho,Ndlovu,,,,40`,
    `ext-${t}-3,lerato.${t}@example.com,,Lerato,Khumalo,,,,`,
    `ext-${t}-4,not-an-email,,Bongani,Zulu,,,,10`,
    `ext-${t}-5,anele.${t}@example.com,,Anele,Dube,,,,0`,
    `ext-${t}-6,,,Zanele,Mahlangu,,,,5.25`,
  ];
  return {
    t,
    csv: `external_id,email,cell_number,name,surname,birthday,loyalty_number,branch,balance:${code}\n${rows.join('\n')}\n`,
  };
};

describe('the header is checked at once', () => {
  it.each([
    ['email,surname\na@example.com,B\n', M.missingColumn('name')],
    ['name,surname\nA,B\n', M.needKey],
    ['email,name,surname,nickname\na@example.com,A,B,C\n', M.unknownColumn('nickname')],
    ['email,name,surname,Favourite Drink\na@example.com,A,B,C\n', M.unknownColumn('Favourite Drink')],
    ['email\tname\tsurname\na@example.com\tA\tB\n', M.tabSeparated],
    ['email,name,surname,balance:NOPE\na@example.com,A,B,1\n', M.unknownCurrency('NOPE')],
    ['email,name,Name,surname\na@example.com,A,A,B\n', M.duplicateColumn('name')],
    ['email,name,surname\n', M.empty],
    // A spreadsheet or an image sent as CSV: named as such, not echoed back as a column of garbage.
    ['PK\u0003\u0004\u0014\u0000\u0006\u0000,name\n', M.notText],
    ['email,name,surname,\uFFFD\uFFFDbad\na@example.com,A,B,C\n', M.notText],
  ])('%j → 400', async (csv, message) => {
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('a request without a file is a 400, and nothing is listed', async () => {
    const body = new FormData();
    body.append('dry_run', 'true');
    const res = await setup.t.app.inject({
      method: 'POST',
      url: '/api/customers/imports',
      headers: bearer(setup.admin.clientToken),
      payload: body as unknown as InjectOptions['payload'],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(M.fileRequired);
  });
});

describe('a dry run, a run, and the same file again', () => {
  it('checks every row and writes nothing, then imports five members with their opening balances once', async () => {
    const { t, csv } = sixRows(currency.code);

    const check = await runImport(csv, { dry_run: 'true' });
    expect(check).toMatchObject({
      dry_run: true,
      status: 'completed',
      rows: 6,
      rows_done: 6,
      created: 5,
      failed: 1,
    });
    expect(check.errors).toEqual([{ row: 5, field: 'email', message: ADD_CUSTOMER_MESSAGES.invalidEmail }]);
    expect((await lookup(`external_id=ext-${t}-1`)).statusCode).toBe(404);

    const run = await runImport(csv);
    expect(run).toMatchObject({
      dry_run: false,
      status: 'completed',
      rows: 6,
      created: 5,
      updated: 0,
      failed: 1,
    });
    // 120.50, 40 and 5.25; a balance of 0 needs no ledger row.
    expect(run.balances_set).toBe(3);
    const thandi = await lookup(`external_id=ext-${t}-1`);
    expect(thandi.statusCode, thandi.body).toBe(200);
    expect(thandi.json().content).toMatchObject({
      name: 'Thandi',
      birthday: '1990-05-01',
      loyalty_number: `L${t}1`,
      status: 'ACTIVE',
      member_branch_id: setup.branchIds['Sea Point'],
    });
    const id = thandi.json().content._id as string;
    // A loyalty number is not a card: the record has none until a user links one.
    const loyalty = await setup.t.app.inject({
      method: 'GET',
      url: `/api/v2/get/loyalty?customer_id=${id}`,
      headers: bearer(setup.admin.token),
    });
    expect(loyalty.json().content).toMatchObject({
      loyalty_number: `L${t}1`,
      card: { number: '', linked: false },
    });
    expect(await balanceOf(setup.t.app, setup.admin, id, currency._id)).toBe(120.5);
    const ledger = await ledgerOf(setup.t.app, setup.admin, id);
    expect(ledger).toMatchObject([
      { transaction_type: 'Opening Balance', value: 120.5, wallet_balance_post_transaction: 120.5 },
    ]);
    expect((await lookup(`external_id=ext-${t}-4`)).statusCode).toBe(404);

    const again = await runImport(csv);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5, failed: 1, balances_set: 0 });
    expect(await ledgerOf(setup.t.app, setup.admin, id)).toHaveLength(1);

    const errors = await setup.call('GET', `/api/customers/imports/${again._id}/errors`);
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toMatch(/^text\/csv/);
    expect(errors.body).toBe(`Row,Field,Message\n5,email,${ADD_CUSTOMER_MESSAGES.invalidEmail}\n`);

    const history = await setup.call('GET', '/api/customers/imports?page=1&size=2');
    expect(history.json()).toMatchObject({
      content: [{ _id: again._id }, { _id: run._id }],
      pagination: { hasMore: true },
    });
  });

  it('a dry_run field after the file keeps the import from the worker until it is read (nothing written)', async () => {
    const { t, csv } = sixRows(currency.code);
    const boundary = `----laurel${tag()}`;
    let sendRest = () => {};
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    const body = Readable.from(
      (async function* multipart() {
        yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\n`;
        yield `Content-Type: text/csv\r\n\r\n${csv}\r\n`;
        await rest;
        yield `--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\ntrue\r\n--${boundary}--\r\n`;
      })(),
    );
    const answer = setup.t.app.inject({
      method: 'POST',
      url: '/api/customers/imports',
      headers: {
        ...bearer(setup.admin.clientToken),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    // The file is stored; a worker running now must find nothing to claim.
    await vi.waitFor(
      async () => {
        const rows = await setup.t.ctx.database.query<{ status: string }>(
          `SELECT status FROM customer_imports WHERE file_name = 'm.csv' AND status <> 'completed'`,
        );
        expect(rows.map((row) => row.status)).toEqual(['uploading']);
      },
      { timeout: 5_000 },
    );
    await setup.t.ctx.engine.drain();
    sendRest();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(202);
    await setup.t.ctx.engine.drain();
    const done = await setup.t.app.inject({
      method: 'GET',
      url: `/api/customers/imports/${res.json().content._id}`,
      headers: bearer(setup.admin.clientToken),
    });
    expect(done.json().content).toMatchObject({ dry_run: true, status: 'completed', created: 5 });
    expect((await lookup(`external_id=ext-${t}-1`)).statusCode).toBe(404);
  });

  it('a changed row updates the member, and a new opening balance moves the wallet by the difference', async () => {
    const { t, csv } = sixRows(currency.code);
    await runImport(csv);
    const changed = csv.replace(`Sipho,Ndlovu,,,,40`, `Sipho,Ndlovu-Smith,,,,55`);
    const run = await runImport(changed);
    expect(run, JSON.stringify(run)).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    const sipho = (await lookup(`external_id=ext-${t}-2`)).json().content;
    expect(sipho.surname).toBe('Ndlovu-Smith');
    expect(await balanceOf(setup.t.app, setup.admin, sipho._id, currency._id)).toBe(55);
    const ledger = await ledgerOf(setup.t.app, setup.admin, sipho._id);
    expect(ledger.map((row) => [row.transaction_type, row.value])).toEqual([
      ['Opening Balance', 40],
      ['Opening Balance', 15],
    ]);
  });
});

describe('two rows naming one customer by different keys', () => {
  it('applies the first and refuses the second, rather than losing one of them', async () => {
    const t = tag();
    const email = `twice.${t}@example.com`;
    await runImport(`external_id,email,name,surname\next-twice-${t},${email},Ann,Lee\n`);
    const run = await runImport(
      [
        'external_id,email,name,surname',
        `ext-twice-${t},new.${t}@example.com,Ann,Smith`,
        `,${email},Ann,Jones`,
      ].join('\n'),
    );
    expect(run).toMatchObject({ updated: 1, failed: 1 });
    expect(run.errors).toEqual([{ row: 3, field: 'email', message: M.sameCustomerAs(2) }]);
    const ann = (await lookup(`external_id=ext-twice-${t}`)).json().content;
    expect(ann).toMatchObject({ surname: 'Smith', email: `new.${t}@example.com` });
  });
});

describe('a lower opening balance than the wallet holds', () => {
  it('takes back what is there once; the same file again moves nothing', async () => {
    const { t, csv } = sixRows(currency.code);
    expect(await runImport(csv)).toMatchObject({ balances_lowered: 0 });
    const thandi = (await lookup(`external_id=ext-${t}-1`)).json().content;
    const debit = await setup.t.app.inject({
      method: 'POST',
      url: `/api/economy/customers/${thandi._id}/adjustments`,
      headers: bearer(setup.admin.clientToken),
      payload: { currency: currency._id, direction: 'debit', amount: 100, reason: 'Correction' },
    });
    expect(debit.statusCode, debit.body).toBe(200);
    const lowered = csv.replace(`Sea Point,120.50`, `Sea Point,0`);
    // The check before the run says that a balance would go down, and changes nothing.
    expect(await runImport(lowered, { dry_run: 'true' })).toMatchObject({
      balances_set: 1,
      balances_lowered: 1,
    });
    expect(await balanceOf(setup.t.app, setup.admin, thandi._id, currency._id)).toBe(20.5);
    expect(await runImport(lowered)).toMatchObject({ updated: 1, balances_set: 1, balances_lowered: 1 });
    for (const _again of [1, 2])
      expect(await runImport(lowered)).toMatchObject({ updated: 0, balances_set: 0, balances_lowered: 0 });
    expect(await balanceOf(setup.t.app, setup.admin, thandi._id, currency._id)).toBe(0);
    const ledger = await ledgerOf(setup.t.app, setup.admin, thandi._id);
    expect(
      ledger.filter((row) => row.transaction_type === 'Opening Balance').map((row) => row.value),
    ).toEqual([120.5, -20.5]);
  });
});

describe('the audit log', () => {
  /** The newest import entries of a file, oldest first. */
  const summariesOf = async (fileName: string) => {
    const audit = await setup.call('GET', '/api/audit-log?entity=customer-import&size=100');
    expect(audit.statusCode, audit.body).toBe(200);
    return (audit.json().content as { summary: string }[])
      .map((entry) => entry.summary)
      .filter((summary) => summary.includes(fileName))
      .reverse();
  };

  it('counts one row as "1 row" and more as "rows", when the import starts and when it ends', async () => {
    const { csv } = sixRows(currency.code);
    const [header = '', first = '', second = ''] = csv.split('\n');
    for (const [fileName, body] of [
      ['bal1.csv', `${header}\n${first}\n`],
      ['bal2.csv', `${header}\n${first}\n${second}\n`],
    ] as const) {
      const res = await upload(body, {}, fileName);
      expect(res.statusCode, res.body).toBe(202);
      await setup.t.ctx.engine.drain();
    }
    expect(await summariesOf('bal1.csv')).toEqual([
      'Started importing customers from bal1.csv (1 row)',
      'Imported customers from bal1.csv: 1 row, 1 created, 0 updated, 0 unchanged, 0 failed',
    ]);
    expect(await summariesOf('bal2.csv')).toEqual([
      'Started importing customers from bal2.csv (2 rows)',
      'Imported customers from bal2.csv: 2 rows, 1 created, 0 updated, 1 unchanged, 0 failed',
    ]);
  });
});

describe('rows the add form or another customer refuses', () => {
  it('names the row, field and message, and applies the other rows', async () => {
    const takenCell = uniqueCell();
    const suspendedEmail = uniqueEmail('susp');
    const suspended = await addCustomer(setup.t.app, setup.admin, { email: suspendedEmail });
    await setup.call('PUT', '/api/v2/suspend/user', { _id: suspended });
    await addCustomer(setup.t.app, setup.admin, { cell_number: takenCell });
    const t = tag();
    const csv = [
      'email,name,surname,cell_number,branch,tier,level',
      `a.${t}@example.com,Ann,Lee,${takenCell},,,`,
      `${suspendedEmail},Sus,Pended,,,,`,
      `b.${t}@example.com,,Moyo,,,,`,
      `c.${t}@example.com,Cee,Moyo,,Nowhere,,`,
      `d.${t}@example.com,Dee,Moyo,,,Emerald,x`,
      `A.${t}@example.com,Ann,Again,,,,`,
      `e.${t}@example.com,Eve,Moyo,,,Gold,4`,
    ].join('\n');
    const run = await runImport(csv);
    expect(run).toMatchObject({ created: 1, failed: 6 });
    expect(run.errors).toEqual([
      { row: 2, field: 'cell_number', message: M.cellTaken },
      { row: 3, field: 'external_id', message: M.suspended },
      { row: 4, field: 'name', message: ADD_CUSTOMER_MESSAGES.nameRequired },
      { row: 5, field: 'branch', message: M.unknownBranch('Nowhere') },
      { row: 6, field: 'level', message: M.invalidLevel },
      { row: 6, field: 'tier', message: M.invalidTier },
      { row: 7, field: 'email', message: M.repeatedKey('email', 2) },
    ]);
    const suspendedNow = await setup.call('GET', `/api/v2/get/user?_id=${suspended}`);
    expect(suspendedNow.json().content.status).toBe('SUSPENDED');

    // The imported standing: tier Gold and level 4 (this business has no tracks), and the tier segment follows.
    const eve = (await lookup(`email=e.${t}@example.com`)).json().content;
    const player = await playerOf(setup.t.app, setup.key, eve._id);
    expect(player.statistics).toMatchObject({ level: 4, tier: 3 });
    expect(player.segments).toContain('tierGold');
  });
});

describe('a row with several bad cells', () => {
  it('reports every one of them: balance, level, tier, unknown branch, birthday and a repeated email', async () => {
    const t = tag();
    const csv = [
      `email,name,surname,birthday,branch,tier,level,balance:${currency.code}`,
      `f.${t}@example.com,Fay,Moyo,,,,,`,
      `f.${t}@example.com,Fay,Again,1990-02-30,Nowhere,Emerald,x,-5`,
      `,,Moyo,notadate,Sea Point,,,`,
    ].join('\n');
    const check = await runImport(csv, { dry_run: 'true' });
    expect(check).toMatchObject({ created: 1, failed: 2 });
    const byRowAndField = (a: { row: number; field: string }, b: { row: number; field: string }) =>
      a.row - b.row || (a.field < b.field ? -1 : a.field > b.field ? 1 : 0);
    expect([...check.errors].sort(byRowAndField)).toEqual(
      [
        { row: 3, field: 'birthday', message: CUSTOMER_MESSAGES.invalidDate },
        { row: 3, field: 'branch', message: M.unknownBranch('Nowhere') },
        { row: 3, field: 'tier', message: M.invalidTier },
        { row: 3, field: 'level', message: M.invalidLevel },
        { row: 3, field: `balance:${currency.code}`, message: M.invalidBalance },
        { row: 3, field: 'email', message: M.repeatedKey('email', 2) },
        { row: 4, field: 'name', message: ADD_CUSTOMER_MESSAGES.nameRequired },
        { row: 4, field: 'birthday', message: CUSTOMER_MESSAGES.invalidDate },
        { row: 4, field: 'external_id', message: M.keyRequired },
      ].sort(byRowAndField),
    );
  });
});

describe('a branch cell with spaces around it', () => {
  it('is found by its trimmed name on a failing row as on a valid one: only the bad cell is reported', async () => {
    const t = tag();
    const csv = [
      'email,name,surname,birthday,branch',
      `g.${t}@example.com,Gia,Moyo,,"  Sea Point  "`,
      `h.${t}@example.com,Hal,Moyo,1990-02-30,"  Sea Point\t"`,
      `i.${t}@example.com,Ida,Moyo,notadate," Nowhere "`,
    ].join('\n');
    const check = await runImport(csv, { dry_run: 'true' });
    expect(check).toMatchObject({ created: 1, failed: 2 });
    expect(check.errors).toEqual([
      { row: 3, field: 'birthday', message: CUSTOMER_MESSAGES.invalidDate },
      { row: 4, field: 'birthday', message: CUSTOMER_MESSAGES.invalidDate },
      { row: 4, field: 'branch', message: M.unknownBranch('Nowhere') },
    ]);
  });
});

describe("standing on the business's tracks", () => {
  const milestone = (index: number, source_value: number, target_value: number) => ({
    name: `milestone ${index + 1}`,
    colour: '#d2a023',
    source_value,
    target_value,
    image_url: `https://cdn.example.com/${index}.png`,
  });

  it('becomes the floor of the level and tier tracks, with an Imported transaction for each milestone held, once', async () => {
    const other = await createClientAndSignIn(setup.t.app, { plan: 'GROWTH' });
    const key = (await createApiKey(setup.t.app, other)).key;
    const save = async (body: Record<string, unknown>) => {
      const res = await callAs(setup.t.app, other)('POST', '/api/reward-tracks', body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await save({
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      milestones: [100, 300, 600, 1000].map((xp, i) => milestone(i, xp, i + 1)),
    });
    await save({
      name: 'Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      milestones: [1, 2, 3, 4].map((level, i) => milestone(i, level, i + 1)),
    });
    const email = uniqueEmail('standing');
    const csv = `email,name,surname,level,tier\n${email},Nomsa,Cele,3,gold\n`;
    const started = await callAs(setup.t.app, other)('GET', '/api/customers/imports');
    expect(started.json().content).toEqual([]);
    const send = async () => {
      const body = new FormData();
      body.append('file', new Blob([csv], { type: 'text/csv' }), 'standing.csv');
      const res = await setup.t.app.inject({
        method: 'POST',
        url: '/api/customers/imports',
        headers: bearer(other.clientToken),
        payload: body as unknown as InjectOptions['payload'],
      });
      expect(res.statusCode, res.body).toBe(202);
      await setup.t.ctx.engine.drain();
      return (
        await callAs(setup.t.app, other)('GET', `/api/customers/imports/${res.json().content._id}`)
      ).json().content as TCustomerImport;
    };
    expect(await send()).toMatchObject({ created: 1, failed: 0 });
    const customerId = (
      await setup.t.app.inject({
        method: 'GET',
        url: `/api/v1/customers?email=${email}`,
        headers: { 'x-api-key': key },
      })
    ).json().content._id as string;
    const player = await playerOf(setup.t.app, key, customerId);
    expect(player.statistics).toMatchObject({ level: 3, tier: 3 });
    expect(player.segments).toContain('tierGold');
    const ledger = await setup.t.ctx.database.query<{
      reward_track_name: string;
      reward_claimed: string;
      status: string;
    }>(
      `SELECT reward_track_name, reward_claimed, status FROM reward_track_transactions WHERE customer_id = $1
       ORDER BY reward_track_name, milestone_index`,
      [customerId],
    );
    expect(ledger.map((row) => [row.reward_track_name, row.reward_claimed, row.status])).toEqual([
      ['Levels', 'Level 1', 'Imported'],
      ['Levels', 'Level 2', 'Imported'],
      ['Levels', 'Level 3', 'Imported'],
      ['Tiers', 'Bronze', 'Imported'],
      ['Tiers', 'Silver', 'Imported'],
      ['Tiers', 'Gold', 'Imported'],
    ]);
    expect(await send()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });

    // A level above the level track's top (4 here) is refused, as a level the programme does not have.
    const beyond = new FormData();
    beyond.append(
      'file',
      new Blob([`email,name,surname,level\n${uniqueEmail('beyond')},Ola,Cele,999\n`]),
      'b.csv',
    );
    const upload = await setup.t.app.inject({
      method: 'POST',
      url: '/api/customers/imports',
      headers: bearer(other.clientToken),
      payload: beyond as unknown as InjectOptions['payload'],
    });
    await setup.t.ctx.engine.drain();
    const report = await callAs(setup.t.app, other)(
      'GET',
      `/api/customers/imports/${upload.json().content._id}`,
    );
    expect(report.json().content).toMatchObject({
      created: 0,
      failed: 1,
      errors: [{ row: 2, field: 'level', message: M.levelAboveTrack(4) }],
    });
  });
});

describe('files as spreadsheets save them', () => {
  it('refuses a file in another encoding than UTF-8 (Windows-1252) rather than garble its names', async () => {
    const latin1 = Buffer.from(
      `email,name,surname\nzoe.${tag()}@example.com,Zo\u00eb,M\u00fcller\n`,
      'latin1',
    );
    const res = await upload(latin1);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(M.notText);
  });

  it('reads old Mac line ends (CR alone)', async () => {
    const t = tag();
    const run = await runImport(
      `email,name,surname\rc1.${t}@example.com,Cee,One\rc2.${t}@example.com,Cee,Two\r`,
    );
    expect(run).toMatchObject({ rows: 2, created: 2, failed: 0 });
  });

  it('fails a row with more cells than the header (shifted cells); empty cells past the end are fine', async () => {
    const t = tag();
    const run = await runImport(
      `email,name,surname\nx.${t}@example.com,Too,Many,Cells,Here\ny.${t}@example.com,Just,Right,,\n`,
    );
    expect(run).toMatchObject({ created: 1, failed: 1 });
    expect(run.errors).toEqual([{ row: 2, field: 'row', message: M.extraCells(3) }]);
  });

  it('says a balance is too large rather than badly formatted', async () => {
    const run = await runImport(
      `email,name,surname,balance:${currency.code}\nbig.${tag()}@example.com,Big,Balance,99999999999999\n`,
      { dry_run: 'true' },
    );
    expect(run.errors).toEqual([{ row: 2, field: `balance:${currency.code}`, message: M.balanceTooLarge }]);
  });

  it('names the row where the file stops being CSV', async () => {
    const t = tag();
    const rows = [1, 2, 3].map((n) => `q${n}.${t}@example.com,Q,Row${n}`);
    const run = await runImport(
      ['email,name,surname', ...rows, `q4.${t}@example.com,Jo"hn,Broken`, `q5.${t}@example.com,Q,After`].join(
        '\n',
      ),
      { dry_run: 'true' },
    );
    expect(run.status).toBe('failed');
    expect(run.failure).toContain('(row 5)');
  });
});

describe('a business whose plan no longer has the economy', () => {
  it('may import members, but not opening balances (402)', async () => {
    const { t } = setup;
    const owner = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const beans = await createCurrency(t.app, owner, { name: 'Beans' });
    const downgrade = await callAs(t.app, owner)('POST', '/api/billing/plan', { plan: 'FREEMIUM' });
    expect(downgrade.statusCode, downgrade.body).toBe(200);
    const send = (csv: string) => {
      const body = new FormData();
      body.append('file', new Blob([csv]), 'm.csv');
      return t.app.inject({
        method: 'POST',
        url: '/api/customers/imports?dry_run=true',
        headers: bearer(owner.clientToken),
        payload: body as unknown as InjectOptions['payload'],
      });
    };
    // Signed-in sessions hear the plan change within a second (the auth cache).
    const balances = `name,surname,email,balance:${beans.code}\nAna,Lee,ana.${tag()}@example.com,5\n`;
    await vi.waitFor(async () => expect((await send(balances)).statusCode).toBe(402), { timeout: 5000 });
    expect((await send(`name,surname,email\nAna,Lee,ana.${tag()}@example.com\n`)).statusCode).toBe(202);
  });
});

/** An import's multipart body sent over a real connection in 16 KB pieces, each its own write. */
const streamedImport = async (app: FastifyInstance, token: string, csv: string) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const boundary = 'laurel-streamed-import';
  const pieces = [
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="padded.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ...Array.from({ length: Math.ceil(csv.length / 16_384) }, (_, i) =>
      csv.slice(i * 16_384, (i + 1) * 16_384),
    ),
    `\r\n--${boundary}--\r\n`,
  ];
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/customers/imports',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const writeNext = (index: number) => {
      if (index === pieces.length) return void req.end();
      req.write(pieces[index]);
      setTimeout(() => writeNext(index + 1), 2);
    };
    writeNext(0);
  });
};

describe("a manager's import", () => {
  it('may add members but not set their balances, tier or level, which only an admin adjusts (403)', async () => {
    const { admin, t } = setup;
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [setup.branchIds['Sea Point']],
      user_permissions: { CUSTOMERS: { read: true, create: true, update: true, delete: false } },
    });
    for (const column of [`balance:${currency.code}`, 'tier', 'level']) {
      const body = new FormData();
      const value = column === 'tier' ? 'Gold' : '5';
      body.append(
        'file',
        new Blob([`name,surname,email,${column}\nAna,Lee,ana.${tag()}@example.com,${value}\n`]),
        'm.csv',
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers/imports',
        headers: bearer(manager.clientToken),
        payload: body as unknown as InjectOptions['payload'],
      });
      expect(res.statusCode, `${column}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(M.standingNeedsAdmin);
    }
    // Nor by a header padded past what the upload reads of it before checking, sent in pieces as a slow
    // connection sends it: a first line that long is refused whole.
    const pad = ','.repeat(300_000);
    const padded = `name,surname,email${pad},balance:${currency.code}\nAna,Lee,ana.${tag()}@example.com${pad},500\n`;
    const res = await streamedImport(t.app, manager.clientToken, padded);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body).message).toBe(M.headerTooLong);
  });
});

describe("a manager's view of the imports", () => {
  it("lists and opens only their own and those bound to their branches, never an admin's", async () => {
    const { admin, t } = setup;
    const seaPoint = setup.branchIds['Sea Point'];
    const other = (await createBranch(t.app, admin, { display_name: `Other ${tag()}` }))._id;
    const permissions = { CUSTOMERS: { read: true, create: true, update: true, delete: false } };
    const manager = (branches: string[]) =>
      createStaffAndSignIn(t.app, admin, { manager_of: branches, user_permissions: permissions });
    const first = await manager([seaPoint]);
    const second = await manager([seaPoint]);
    const elsewhere = await manager([other]);
    const importAs = async (who: SignedIn) => {
      const body = new FormData();
      body.append('file', new Blob([`name,surname,email\nAna,Lee,ana.${tag()}@example.com\n`]), 'mine.csv');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customers/imports?dry_run=true',
        headers: bearer(who.clientToken),
        payload: body as unknown as InjectOptions['payload'],
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json().content._id as string;
    };
    const adminImport = await importAs(admin);
    const managerImport = await importAs(first);
    const seen = async (who: SignedIn) =>
      (await callAs(t.app, who)('GET', '/api/customers/imports?page=1&size=50'))
        .json()
        .content.map((item: { _id: string }) => item._id);

    expect(await seen(first)).toContain(managerImport);
    expect(await seen(first)).not.toContain(adminImport);
    // Another manager of the same branch sees it; a manager of another branch does not.
    expect(await seen(second)).toContain(managerImport);
    expect(await seen(elsewhere)).not.toContain(managerImport);
    expect(await seen(admin)).toEqual(expect.arrayContaining([adminImport, managerImport]));

    const hidden = await callAs(t.app, first)('GET', `/api/customers/imports/${adminImport}`);
    expect([hidden.statusCode, hidden.json().message]).toEqual([404, M.notFound]);
    const errors = await callAs(t.app, elsewhere)('GET', `/api/customers/imports/${managerImport}/errors`);
    expect(errors.statusCode).toBe(404);
    expect((await callAs(t.app, second)('GET', `/api/customers/imports/${managerImport}`)).statusCode).toBe(
      200,
    );
  });
});
