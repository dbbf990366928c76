import { IMPORT_MESSAGES } from '@laurel/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newClient = () => createClientAndSignIn(t.app, { plan: 'FREEMIUM' });

const postCsv = (session: SignedIn, kind: 'products' | 'product-categories', csv: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/${kind}/import${query}`,
    headers: { ...bearer(session.clientToken), 'content-type': 'text/csv' },
    payload: csv,
  });

const upload = (session: SignedIn, kind: string, csv: string, fields: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  return t.app.inject({
    method: 'POST',
    url: `/api/${kind}/import`,
    headers: bearer(session.clientToken),
    payload: body as unknown as InjectOptions['payload'],
  });
};

const products = async (session: SignedIn) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/products?size=100&sort=sku',
    headers: bearer(session.clientToken),
  });
  return res.json().content as {
    sku: string;
    title: string;
    price: number;
    pid: string | null;
    categories: { name: string }[];
    updated_at: string;
  }[];
};

const CATEGORIES = 'name,description\nHot Drinks,Coffee and tea\nBakery,Baked every morning\n';
const PRODUCTS = [
  'title,sku,pid,price,categories',
  'Flat White,FW-1,P-1,38.50,Hot Drinks',
  '"Croissant, butter",CR-1,,24,Bakery',
  'Latte,LT-1,P-3,42,Hot Drinks|Bakery',
].join('\n');

describe('importing categories and products', () => {
  it('imports a file, and importing the same file again changes nothing (counts created/updated/unchanged)', async () => {
    const session = await newClient();
    const categories = await postCsv(session, 'product-categories', CATEGORIES);
    expect(categories.statusCode, categories.body).toBe(200);
    expect(categories.json().content).toMatchObject({ imported: true, rows: 2, created: 2, errors: [] });

    const first = await postCsv(session, 'products', PRODUCTS);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: IMPORT_MESSAGES.imported(3, 0, 0),
      content: { imported: true, rows: 3, created: 3, updated: 0, unchanged: 0, skipped: 0, errors: [] },
    });
    const before = await products(session);
    expect(before.map((p) => [p.sku, p.title, p.price, p.pid])).toEqual([
      ['CR-1', 'Croissant, butter', 24, null],
      ['FW-1', 'Flat White', 38.5, 'P-1'],
      ['LT-1', 'Latte', 42, 'P-3'],
    ]);
    expect(before[2]?.categories.map((c) => c.name)).toEqual(['Bakery', 'Hot Drinks']);

    const again = await postCsv(session, 'products', PRODUCTS);
    expect(again.json().content).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await products(session)).toEqual(before);
    const categoriesAgain = await postCsv(session, 'product-categories', CATEGORIES);
    expect(categoriesAgain.json().content).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    // SKU is the key (any case); a changed price updates that product only; missing columns are kept.
    const changed = await postCsv(
      session,
      'products',
      'sku,title,price\nfw-1,Flat White,40\nCR-1,Croissant,24\n',
    );
    expect(changed.json().content).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    const after = await products(session);
    expect(after.find((p) => p.sku === 'fw-1')).toMatchObject({ price: 40, pid: 'P-1' });
    expect(after.find((p) => p.sku === 'fw-1')?.categories.map((c) => c.name)).toEqual(['Hot Drinks']);
  });

  it('a file with bad rows imports nothing; the report names each row, column and problem', async () => {
    const session = await newClient();
    await postCsv(session, 'product-categories', CATEGORIES);
    const csv = [
      'Title,SKU,Price,Categories',
      'Espresso,ES-1,28,Hot Drinks',
      ',AM-1,30,',
      'Mocha,MO-1,abc,',
      '',
      'Scone,SC-1,22.505,Pastry',
      'Espresso again,es-1,29,',
    ].join('\r\n');
    const res = await postCsv(session, 'products', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.nothingImported(4));
    expect(res.json().content).toMatchObject({ imported: false, rows: 5, created: 0, skipped: 4 });
    expect(
      res
        .json()
        .content.errors.map((e: { row: number; column: string; message: string }) => [
          e.row,
          e.column,
          e.message,
        ]),
    ).toEqual([
      [3, 'title', 'title is required'],
      [4, 'price', 'price must be a number'],
      [6, 'price', 'price must have at most two decimal places'],
      [6, 'categories', IMPORT_MESSAGES.unknownCategory('Pastry')],
      [7, 'sku', IMPORT_MESSAGES.repeatedKey('sku', 2)],
    ]);
    // The 400 keeps the envelope's `content.errors = [{ field, message }]`.
    expect(res.json().content.errors[0]).toMatchObject({ field: 'title', message: 'title is required' });
    expect(await products(session)).toEqual([]);

    // skip_invalid=true imports the good row and still reports the bad ones.
    const skipping = await postCsv(session, 'products', csv, '?skip_invalid=true');
    expect(skipping.statusCode).toBe(200);
    expect(skipping.json().message).toBe(IMPORT_MESSAGES.importedSkipping(1, 0, 0, 4));
    expect(skipping.json().content).toMatchObject({ imported: true, created: 1, skipped: 4 });
    expect(skipping.json().content.errors).toHaveLength(5);
    expect((await products(session)).map((p) => p.sku)).toEqual(['ES-1']);
  });

  it('reads multipart uploads (skip_invalid as a form field) and semicolon-separated files', async () => {
    const session = await newClient();
    const res = await upload(session, 'product-categories', 'name\nCoffee\n\n\nTea\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ created: 2 });
    const semicolons = await upload(session, 'products', 'title;sku;price\nChai;CH-1;31,5\nBrew;BR-1;20\n', {
      skip_invalid: 'true',
    });
    expect(semicolons.json().content).toMatchObject({ created: 1, skipped: 1 });
    expect(semicolons.json().content.errors[0]).toMatchObject({ row: 2, column: 'price' });
  });

  it('a multipart upload cut short after whole rows is a 400 that imports none of them', async () => {
    const session = await newClient();
    const whole = [
      '--cut',
      'Content-Disposition: form-data; name="file"; filename="catalogue.csv"',
      'Content-Type: text/csv',
      '',
      'title,sku,price\r\nLatte,LT-1,30\r\nMocha,MO-1,35\r\n',
      '--cut--',
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...bearer(session.clientToken), 'content-type': 'multipart/form-data; boundary=cut' },
      payload: whole.slice(0, whole.indexOf('--cut--')),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^Malformed multipart body: it ends before its closing boundary/);
    expect(await products(session)).toEqual([]);
  });

  it('refuses files it cannot take: no CSV, missing or unknown columns, empty, too large, unreadable', async () => {
    const session = await newClient();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: bearer(session.clientToken),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(IMPORT_MESSAGES.sendCsv);

    const missing = await postCsv(session, 'products', 'title,price\nLatte,30\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(IMPORT_MESSAGES.missingColumn('sku'));
    expect(missing.json().content.errors).toEqual([
      { row: 1, column: 'sku', field: 'sku', message: IMPORT_MESSAGES.missingColumn('sku') },
    ]);
    const unknown = await postCsv(session, 'products', 'title,sku,price,colour\nLatte,L,30,red\n');
    expect(unknown.json().message).toBe(IMPORT_MESSAGES.unknownColumn('colour'));
    const binary = await postCsv(session, 'products', 'title,sku,\u0000\u0001price\nLatte,L,30\n');
    expect([binary.statusCode, binary.json().message]).toEqual([400, IMPORT_MESSAGES.notText]);
    expect((await postCsv(session, 'products', 'title,sku,price\n')).json().message).toBe(
      IMPORT_MESSAGES.empty,
    );
    const quote = await postCsv(session, 'products', 'title,sku,price\n"Latte,L,30\n');
    expect(quote.statusCode).toBe(400);
    expect(quote.json().message).toMatch(/^The file could not be read as CSV/);
    const big = await postCsv(session, 'products', `title,sku,price\n${'x,y,1\n'.repeat(1_000_000)}`);
    expect(big.statusCode).toBe(413);
    expect(await products(session)).toEqual([]);
  });

  it('an import that would change existing products needs the Edit flag as well as Add (403)', async () => {
    const session = await newClient();
    await postCsv(session, 'products', 'title,sku,price\nLatte,LT-1,30\n');
    const branch = await createBranch(t.app, session);
    const adder = await createStaffAndSignIn(t.app, session, {
      manager_of: [branch._id],
      user_permissions: { PRODUCTS: { read: true, create: true, update: false, delete: false } },
    });
    const creates = await postCsv(adder, 'products', 'title,sku,price\nLatte,LT-1,30\nMocha,MO-1,35\n');
    expect(creates.json().content).toMatchObject({ created: 1, unchanged: 1 });
    const updates = await postCsv(adder, 'products', 'title,sku,price\nLatte,LT-1,32\n');
    expect(updates.statusCode).toBe(403);
    expect(updates.json().message).toBe(IMPORT_MESSAGES.updateNeedsPermission);
  });
});
