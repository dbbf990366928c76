import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
  signIn,
  uniqueEmail,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { totpCode } from '../../../test/two-factor-helpers';

let t: TestApp;
let admin: SignedIn;
let branchId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  branchId = (await createBranch(t.app, admin))._id;
});
afterAll(() => t.close());

const create = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/create/client/user', headers: bearer(token), payload });
const update = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/v2/update/client/user', headers: bearer(token), payload });
const validUser = () => {
  const email = uniqueEmail('manager');
  return {
    name: 'Lerato',
    surname: 'Khumalo',
    user_name: 'lerato',
    cell_number: '0841234567',
    email,
    password: 'manager password',
    role: 'AREA_MANAGER',
    status: 'ACTIVE',
    manager_of: [branchId],
    user_permissions: { CUSTOMERS: { read: true, create: false, update: false, delete: false } },
  };
};

describe('POST /api/v2/create/client/user', () => {
  it('adds an area manager who can sign in with exactly the given permissions and branches', async () => {
    const body = validUser();
    const res = await create(admin.clientToken, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User created successfully.');
    const user = res.json().content;
    expect(user).toMatchObject({
      email: body.email,
      role: 'AREA_MANAGER',
      manager_of: [branchId],
      status: 'ACTIVE',
    });
    expect(user.user_permissions.CUSTOMERS).toEqual({
      read: true,
      create: false,
      update: false,
      delete: false,
    });
    expect(res.body).not.toMatch(/password/i);
    const session = await signIn(t.app, body.email, body.password);
    expect(session.clientId).toBe(admin.clientId);
  });

  it.each([
    ['name', { name: '' }, 'name is required'],
    ['surname', { surname: undefined }, 'surname is required'],
    ['user_name', { user_name: '' }, 'user name is required'],
    ['cell_number', { cell_number: '' }, 'cell number is required'],
    ['cell format', { cell_number: '12345' }, 'cell number must be a 10-digit phone number'],
    ['email', { email: '' }, 'email is required'],
    ['email format', { email: 'nope' }, 'email must be a valid email address'],
    ['password', { password: '' }, 'Password is required.'],
    ['short password', { password: 'short' }, 'Password must be at least 8 characters.'],
    ['role', { role: 'KING' }, 'role is required'],
    ['status', { status: undefined }, 'status is required'],
    ['manager_of for managers', { manager_of: [] }, 'manager of is required'],
  ])('%s -> 400 %s', async (_name, change, message) => {
    const res = await create(admin.clientToken, { ...validUser(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('an admin needs no branches', async () => {
    const res = await create(admin.clientToken, { ...validUser(), role: 'ADMIN', manager_of: [] });
    expect(res.statusCode).toBe(200);
  });

  it("refuses another client's branch or a duplicate email", async () => {
    const other = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const otherBranch = await createBranch(t.app, other);
    const foreign = await create(admin.clientToken, { ...validUser(), manager_of: [otherBranch._id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('manager of contains a branch that does not exist.');
    const duplicate = await create(admin.clientToken, { ...validUser(), email: admin.email });
    expect(duplicate.statusCode).toBe(409);
  });

  it('only an admin may add users', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branchId] });
    const res = await create(manager.clientToken, validUser());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not possess permissions to perform this action.');
  });
});

describe('GET /api/v2/client/user/list and /api/v2/client/user', () => {
  it('lists with search and paging; a non-admin sees only themself', async () => {
    const body = { ...validUser(), name: 'Zanele', surname: 'Searchable' };
    await create(admin.clientToken, body);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/user/list?search_string=searchab&page=1&size=5',
      headers: bearer(admin.clientToken),
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().content.count).toBe(1);
    expect(found.json().content.user_list[0].email).toBe(body.email);

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/user/list?page=1&size=2',
      headers: bearer(admin.clientToken),
    });
    expect(all.json().content.user_list).toHaveLength(2);
    expect(all.json().content.count).toBeGreaterThan(2);

    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branchId] });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/user',
      headers: bearer(manager.clientToken),
    });
    expect(own.json().content.count).toBe(1);
    expect(own.json().content.user_list[0].user_id).toBe(manager.userId);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/user/list',
      headers: bearer(manager.clientToken),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('says for each user whether two-factor sign-in is on: not while setting up, yes once confirmed', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branchId] });
    const listed = async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client/user/list?user_id=${manager.userId}`,
        headers: bearer(admin.clientToken),
      });
      return list.json().content.user_list[0].mfa_enabled;
    };
    expect(await listed()).toBe(false);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v2/client-user/mfa/setup',
      headers: bearer(manager.clientToken),
    });
    expect(await listed()).toBe(false);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/v2/client-user/mfa/enable',
      headers: bearer(manager.clientToken),
      payload: { code: totpCode(setup.json().content.secret) },
    });
    expect(enabled.statusCode).toBe(200);
    expect(await listed()).toBe(true);
  });
});

describe('PUT /api/v2/update/client/user', () => {
  it('an admin changes a manager; the change is in the audit log with what changed', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branchId] });
    const res = await update(admin.clientToken, {
      user_id: manager.userId,
      user_permissions: { CUSTOMERS: { read: true, create: true, update: false, delete: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.user_permissions.CUSTOMERS.create).toBe(true);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?action=user.permissions_changed',
      headers: bearer(admin.clientToken),
    });
    const entry = log.json().content.find((e: { entity_id: string }) => e.entity_id === manager.userId);
    expect(entry.actor_id).toBe(admin.userId);
    expect(entry.changes.user_permissions.to.CUSTOMERS.create).toBe(true);
  });

  it('a manager edits their own name but not their permissions, and not another user', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branchId] });
    const own = await update(manager.clientToken, { user_id: manager.userId, name: 'Renamed' });
    expect(own.statusCode).toBe(200);
    expect(own.json().content.name).toBe('Renamed');
    const escalate = await update(manager.clientToken, { user_id: manager.userId, role: 'ADMIN' });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toBe(
      'Only an admin can change account type, status, branches and permissions.',
    );
    const other = await update(manager.clientToken, { user_id: admin.userId, name: 'Hacked' });
    expect(other.statusCode).toBe(403);
  });

  it('an admin cannot lock themself out, nor remove the last active admin', async () => {
    const solo = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const self = await update(solo.clientToken, { user_id: solo.userId, status: 'INACTIVE' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot remove your own admin access or deactivate yourself.');
    const branch = await createBranch(t.app, solo);
    const demote = await update(solo.clientToken, {
      user_id: solo.userId,
      role: 'BRANCH_MANAGER',
      manager_of: [branch._id],
    });
    expect(demote.statusCode).toBe(409);

    const second = await createStaffAndSignIn(t.app, solo, { role: 'ADMIN', manager_of: [] });
    // With two admins, one may demote the other once; then the remaining one is the last.
    expect((await update(second.clientToken, { user_id: solo.userId, status: 'INACTIVE' })).statusCode).toBe(
      200,
    );
    const last = await update(second.clientToken, { user_id: second.userId, status: 'INACTIVE' });
    expect(last.statusCode).toBe(409);
  });

  it('two admins deactivating each other at once: one is refused, and one active admin remains', async () => {
    const first = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const second = await createStaffAndSignIn(t.app, first, { role: 'ADMIN', manager_of: [] });
    const answers = await Promise.all([
      update(first.clientToken, { user_id: second.userId, status: 'INACTIVE' }),
      update(second.clientToken, { user_id: first.userId, status: 'INACTIVE' }),
    ]);
    // The other is refused: the last admin (409), or, once the first change has ended its sessions, signed out (401).
    const [made, refused] = answers.map((res) => res.statusCode).sort();
    expect(made).toBe(200);
    expect([401, 409]).toContain(refused);
    const admins = await t.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_users WHERE client_id = $1 AND role = 'ADMIN' AND status = 'ACTIVE'`,
      [first.clientId],
    );
    expect(admins).toEqual([{ n: 1 }]);
  });

  it('deactivating a user ends their sessions for good: activating them again asks for a fresh sign-in', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, { manager_of: [branchId] });
    const asManager = () =>
      t.app.inject({ method: 'GET', url: '/api/v2/client/user', headers: bearer(manager.clientToken) });
    expect((await asManager()).statusCode).toBe(200);
    expect(
      (await update(admin.clientToken, { user_id: manager.userId, status: 'INACTIVE' })).statusCode,
    ).toBe(200);
    expect((await asManager()).statusCode).toBe(401);
    expect((await update(admin.clientToken, { user_id: manager.userId, status: 'ACTIVE' })).statusCode).toBe(
      200,
    );
    expect((await asManager()).statusCode).toBe(401);
  });

  it("another client's user is not found", async () => {
    const other = await createClientAndSignIn(t.app);
    const res = await update(admin.clientToken, { user_id: other.userId, name: 'x' });
    expect(res.statusCode).toBe(404);
  });
});
