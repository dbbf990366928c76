import { DATE_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomer,
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
  uniqueCell,
  uniqueEmail,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let north: string;
let south: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  south = (await createBranch(t.app, admin, { display_name: 'South' }))._id;
});
afterAll(() => t.close());

const add = (session: SignedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/sign_up', headers: bearer(session.clientToken), payload });
const list = (session: SignedIn, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v2/client/loyalty/users${query}`,
    headers: bearer(session.clientToken),
  });

describe('POST /api/user/sign_up', () => {
  it('adds a customer awaiting sign-up with +27 cell, N/A gender and no guest email', async () => {
    const cell = uniqueCell();
    const res = await add(admin, {
      name: 'Naledi',
      surname: 'Mahlangu',
      email: 'guest@laurel.app',
      cell_number: cell,
      gender: '',
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().content._id;
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/user?_id=${id}`,
      headers: bearer(admin.clientToken),
    });
    expect(got.json().content).toMatchObject({
      name: 'Naledi',
      email: null,
      cell_number: `+27${cell.slice(1)}`,
      gender: 'N/A',
      status: 'AWAITING-SIGNUP',
      total_order_value: 0,
    });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ surname: undefined }, 'Surname is required'],
    [{ email: 'a@b.toolong' }, 'Invalid email address'],
    [{ cell_number: '0521234567' }, 'Invalid phone number'],
    [{ cell_number: '082123456' }, 'Invalid phone number'],
    [{ member_card_number: '123' }, 'Card number must be 15 characters'],
    [{ birthday: '2999-01-01' }, 'Date in the future not allowed.'],
    [{ birthday: '1990-02-30' }, 'Date must be a real date in the format YYYY-MM-DD'],
    [{ name: 'n'.repeat(101) }, 'Name must not be more than 100 characters'],
  ])('%j -> 400 %s', async (change, message) => {
    const res = await add(admin, { name: 'A', surname: 'B', cell_number: uniqueCell(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().content.errors).toHaveLength(1);
  });

  it('a badly formatted birthday is one error: the format, not also the future', async () => {
    const res = await add(admin, {
      name: 'A',
      surname: 'B',
      cell_number: uniqueCell(),
      birthday: 'notadate',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors).toEqual([
      { field: 'birthday', message: 'Date must be a real date in the format YYYY-MM-DD' },
    ]);
  });

  it('refuses a duplicate email, cell number or card number within the client (409 naming it)', async () => {
    const email = uniqueEmail();
    const cell = uniqueCell();
    await addCustomer(t.app, admin, { email, cell_number: cell, member_card_number: '123456789012345' });
    const cases: [Record<string, unknown>, string][] = [
      [{ email: email.toUpperCase() }, 'A customer with this email address already exists.'],
      [{ cell_number: `+27${cell.slice(1)}` }, 'A customer with this cell number already exists.'],
      [{ member_card_number: '123456789012345' }, 'A customer with this card number already exists.'],
    ];
    for (const [change, message] of cases) {
      const res = await add(admin, {
        name: 'A',
        surname: 'B',
        cell_number: uniqueCell(),
        email: uniqueEmail(),
        ...change,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    // Another client may hold the same values.
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    expect((await add(other, { name: 'A', surname: 'B', email, cell_number: cell })).statusCode).toBe(200);
  });

  it('area managers must pick one of their branches; branch managers get their first', async () => {
    const area = await createStaffAndSignIn(t.app, admin, {
      role: 'AREA_MANAGER',
      manager_of: [north],
      user_permissions: { CUSTOMERS: { read: true, create: true } },
    });
    const missing = await add(area, { name: 'A', surname: 'B', cell_number: uniqueCell() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a branch');
    const foreign = await add(area, {
      name: 'A',
      surname: 'B',
      cell_number: uniqueCell(),
      member_branch_id: south,
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await add(area, { name: 'A', surname: 'B', cell_number: uniqueCell(), member_branch_id: north }))
        .statusCode,
    ).toBe(200);

    const branchManager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [south],
      user_permissions: { CUSTOMERS: { read: true, create: true } },
    });
    const id = (
      await add(branchManager, { name: 'Bm', surname: 'Customer', cell_number: uniqueCell() })
    ).json().content._id;
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/user?_id=${id}`,
      headers: bearer(admin.clientToken),
    });
    expect(got.json().content.member_branch).toEqual({ _id: south, display_name: 'South' });
  });
});

describe('GET /api/v2/client/loyalty/users', () => {
  it('searches name, surname, email and cell fragments; filters status; pages; scopes branches', async () => {
    const owner = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const a = (await createBranch(t.app, owner))._id;
    const b = (await createBranch(t.app, owner))._id;
    await addCustomer(t.app, owner, {
      name: 'Thabo',
      surname: 'Zwane',
      email: 'thabo.zwane@mail.co.za',
      cell_number: '0829990001',
      member_branch_id: a,
    });
    await addCustomer(t.app, owner, {
      name: 'Lindiwe',
      surname: 'Sithole',
      email: 'lindi@mail.co.za',
      cell_number: '0739990002',
      member_branch_id: b,
    });
    for (let i = 0; i < 3; i++) await addCustomer(t.app, owner, { member_branch_id: a });

    const names = async (query: string) =>
      (await list(owner, query)).json().content.user_list.map((c: { name: string }) => c.name);
    expect(await names('?search_string=thab')).toEqual(['Thabo']);
    expect(await names('?search_string=SITHOLE')).toEqual(['Lindiwe']);
    expect(await names('?search_string=lindi@mail')).toEqual(['Lindiwe']);
    expect(await names('?search_string=0829990')).toEqual(['Thabo']);
    expect(await names('?search_string=%2B2773999')).toEqual(['Lindiwe']);

    const page = (await list(owner, '?page=2&size=2')).json().content;
    expect(page.user_list).toHaveLength(2);
    expect(page.count).toBe(5);
    expect(page.count_capped).toBe(false);

    const manager = await createStaffAndSignIn(t.app, owner, {
      role: 'BRANCH_MANAGER',
      manager_of: [b],
      user_permissions: { CUSTOMERS: { read: true } },
    });
    const scoped = (await list(manager, `?branch_id_list=${a}`)).json().content;
    expect(scoped.count).toBe(0);
    const own = (await list(manager)).json().content;
    expect(own.user_list.map((c: { name: string }) => c.name)).toEqual(['Lindiwe']);
  });
});

describe('suspend and activate', () => {
  it('needs CUSTOMERS.delete; suspends then activates; suspended twice -> 409', async () => {
    const id = await addCustomer(t.app, admin);
    const reader = await createStaffAndSignIn(t.app, admin, {
      role: 'AREA_MANAGER',
      manager_of: [north],
      user_permissions: { CUSTOMERS: { read: true, update: true } },
    });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/suspend/user',
      headers: bearer(reader.clientToken),
      payload: { _id: id },
    });
    expect(refused.statusCode).toBe(403);
    const suspend = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v2/suspend/user',
        headers: bearer(admin.clientToken),
        payload: { _id: id },
      });
    const done = await suspend();
    expect(done.statusCode).toBe(200);
    expect(done.json().content.status).toBe('SUSPENDED');
    expect((await suspend()).statusCode).toBe(409);
    const activated = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/unsuspend/user',
      headers: bearer(admin.clientToken),
      payload: { _id: id },
    });
    expect(activated.json().content.status).toBe('ACTIVE');
  });
});

describe('PUT /api/v2/update/user', () => {
  it('edits personal information; a future birthday or a taken cell number is refused', async () => {
    const id = await addCustomer(t.app, admin);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/update/user',
      headers: bearer(admin.clientToken),
      payload: { _id: id, name: 'Renamed', birthday: '1991-02-03' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toMatchObject({ name: 'Renamed', birthday: '1991-02-03' });
    const future = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/update/user',
      headers: bearer(admin.clientToken),
      payload: { _id: id, birthday: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) },
    });
    expect(future.json().message).toBe('Date in the future not allowed.');
    for (const [birthday, message] of [
      ['0000-01-01', DATE_MESSAGES.tooEarly],
      ['2001-02-30', DATE_MESSAGES.notReal],
    ]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/v2/update/user',
        headers: bearer(admin.clientToken),
        payload: { _id: id, birthday },
      });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().content.errors).toEqual([{ field: 'birthday', message }]);
    }
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v2/get/user?_id=${id}`,
      headers: bearer(admin.clientToken),
    });
    expect(read.json().content.birthday).toBe('1991-02-03');
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/v2/get/user?_id=123',
      headers: bearer(admin.clientToken),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('The customer id must be 24 hexadecimal characters.');
  });
});

describe('CSV export', () => {
  it('exports the filtered customers with formula cells neutralised; needs the BUSINESS plan', async () => {
    const owner = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    await addCustomer(t.app, owner, {
      name: '=HYPERLINK("x")',
      surname: '+SUM(A1)',
      email: 'csv@example.com',
    });
    await addCustomer(t.app, owner, { name: 'Plain, "quoted"', surname: 'Person' });
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/v2/export/client/loyalty/users',
      headers: bearer(owner.clientToken),
      payload: {},
    });
    expect(requested.statusCode).toBe(200);
    const { file_id, file_name, url } = requested.json().content;
    expect(file_name).toMatch(/^customers_\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await t.app.inject({ method: 'GET', url, headers: bearer(owner.clientToken) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(file_name);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe(
      'ID,Name,Surname,Number,Email,Last Transacted,Last Order Amount,Total Value,Status,Gender,Birthday,Member Card Number,Member Date,Branch,Joined',
    );
    expect(lines).toHaveLength(3);
    expect(file.body).toContain(`"'=HYPERLINK(""x"")",'+SUM(A1)`);
    expect(file.body).toContain('"Plain, ""quoted""",Person,+27');
    expect(file.body).toContain(',0.00,0.00,AWAITING-SIGNUP,N/A,');
    expect(file_id).toMatch(/^[0-9a-f]{24}$/);

    // Searched by the business's own id whole, the file holds what the list shows.
    const known = await addCustomer(t.app, owner, { name: 'Known', surname: 'Elsewhere' });
    await t.ctx.database.query(`UPDATE customers SET external_id = 'POS-1001' WHERE id = $1`, [known]);
    const searched = await t.app.inject({
      method: 'POST',
      url: '/api/v2/export/client/loyalty/users',
      headers: bearer(owner.clientToken),
      payload: { search_string: 'POS-1001' },
    });
    const found = await t.app.inject({
      method: 'GET',
      url: searched.json().content.url,
      headers: bearer(owner.clientToken),
    });
    expect(found.body.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^${known},Known,Elsewhere,`)),
    ]);

    const freemium = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const gated = await t.app.inject({
      method: 'POST',
      url: '/api/v2/export/client/loyalty/users',
      headers: bearer(freemium.clientToken),
      payload: {},
    });
    expect(gated.statusCode).toBe(402);
    const otherUser = await t.app.inject({ method: 'GET', url, headers: bearer(admin.clientToken) });
    expect(otherUser.statusCode).toBe(404);
  });
});
