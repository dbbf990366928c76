import { randomBytes } from 'node:crypto';
import { API_ERROR_MESSAGES, CUSTOMER_API_MESSAGES, CUSTOMER_MESSAGES } from '@laurel/contract';
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

/** The console's rules on the integrator's customer routes: branch scope, the update permission, email links. */

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

const externalId = () => `shop-${randomBytes(5).toString('hex')}`;
const enrol = (session: SignedIn, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: bearer(session.clientToken),
    payload: { name: 'Ayanda', surname: 'Dlamini', ...body },
  });
const patch = (session: SignedIn, id: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/customers/${id}`,
    headers: bearer(session.clientToken),
    payload: body,
  });
const read = async (id: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${id}`,
      headers: bearer(admin.clientToken),
    })
  ).json().content;
const customerCount = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/loyalty/users?size=1',
      headers: bearer(admin.clientToken),
    })
  ).json().content.count as number;

const staff = (role: 'AREA_MANAGER' | 'BRANCH_MANAGER', branch: string, update = true) =>
  createStaffAndSignIn(t.app, admin, {
    role,
    manager_of: [branch],
    user_permissions: { CUSTOMERS: { read: true, create: true, update } },
  });

describe("a manager's enrolment", () => {
  it('an area manager must name one of their branches: 400 for none, 403 for another, and nothing stored', async () => {
    const area = await staff('AREA_MANAGER', north);
    const before = await customerCount();
    const missing = await enrol(area, { external_id: externalId() });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().message).toBe('Please select a branch');
    expect(missing.json().content.errors).toEqual([
      { field: 'branch_id', message: 'Please select a branch' },
    ]);
    const foreign = await enrol(area, { external_id: externalId(), branch_id: south });
    expect(foreign.statusCode, foreign.body).toBe(403);
    expect(foreign.json().message).toBe(CUSTOMER_MESSAGES.branchNotManaged);
    expect(await customerCount()).toBe(before);

    const own = await enrol(area, { external_id: externalId(), branch_id: north });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().content.member_branch).toEqual({ _id: north, display_name: 'North' });
  });

  it("a branch manager's customer joins their branch when none is named", async () => {
    const manager = await staff('BRANCH_MANAGER', south);
    const res = await enrol(manager, { external_id: externalId() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content.member_branch).toEqual({ _id: south, display_name: 'South' });
  });

  it("a manager's PATCH cannot move a customer out of their branches", async () => {
    const area = await staff('AREA_MANAGER', north);
    const id = (await enrol(area, { external_id: externalId(), branch_id: north })).json().content._id;
    const cleared = await patch(area, id, { branch_id: null });
    expect(cleared.statusCode, cleared.body).toBe(400);
    expect(cleared.json().message).toBe('Please select a branch');
    const moved = await patch(area, id, { branch_id: south });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json().message).toBe(CUSTOMER_MESSAGES.branchNotManaged);
    expect((await read(id)).member_branch).toEqual({ _id: north, display_name: 'North' });
  });
});

describe('an enrolment that updates', () => {
  it('needs CUSTOMERS:update (403, the customer unchanged); creating needs only CUSTOMERS:create', async () => {
    const creator = await staff('AREA_MANAGER', north, false);
    const external = externalId();
    const created = await enrol(creator, { external_id: external, branch_id: north, surname: 'First' });
    expect(created.statusCode, created.body).toBe(201);
    const again = await enrol(creator, { external_id: external, branch_id: north, surname: 'Second' });
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json().message).toBe(API_ERROR_MESSAGES.forbidden);
    expect((await read(created.json().content._id)).surname).toBe('First');

    const updater = await staff('AREA_MANAGER', north);
    const updated = await enrol(updater, { external_id: external, branch_id: north, surname: 'Second' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().content.surname).toBe('Second');
  });
});

describe('an external_id new to the client with the email of an existing customer', () => {
  it('attaches to a customer added in the console (200): the external_id is set and the fields updated', async () => {
    const email = uniqueEmail('console');
    const id = await addCustomer(t.app, admin, { email, surname: 'Console', member_branch_id: north });
    const external = externalId();
    const res = await enrol(admin, { external_id: external, email, surname: 'Linked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CUSTOMER_API_MESSAGES.updated);
    expect(res.json().content).toMatchObject({ _id: id, external_id: external, surname: 'Linked' });
    const again = await enrol(admin, { external_id: external, email, surname: 'Again' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().content._id).toBe(id);
  });

  it('is a conflict (409) when that customer already has another external_id', async () => {
    const email = uniqueEmail('owned');
    const first = await enrol(admin, { external_id: externalId(), email, cell_number: uniqueCell() });
    expect(first.statusCode, first.body).toBe(201);
    const res = await enrol(admin, { external_id: externalId(), email, surname: 'Other' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(API_ERROR_MESSAGES.customerEmailTaken);
    expect((await read(first.json().content._id)).surname).toBe('Dlamini');
  });
});
