import type { TListedClientUser } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok, stubApi } from '@/test/stub-api';

// Whole-app journeys: lazy pages and Mantine's pickers take their time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const adminSession = sessionFixture();
const client = clientFixture({ _id: adminSession.user.client_id });
const seaPoint = { _id: 'e'.repeat(24), display_name: 'Sea Point' };
const greenPoint = { _id: 'f'.repeat(24), display_name: 'Green Point' };
const noFlags = { read: false, create: false, update: false, delete: false };

const clientUser = (overrides: Partial<TListedClientUser> = {}): TListedClientUser => ({
  _id: 'c'.repeat(24),
  user_id: 'c'.repeat(24),
  client_id: client._id,
  name: 'Sipho',
  surname: 'Dlamini',
  user_name: 'sipho',
  email: 'sipho@example.com',
  cell_number: '0831234567',
  role: 'AREA_MANAGER',
  status: 'ACTIVE',
  manager_of: [seaPoint._id],
  user_permissions: { CUSTOMERS: { ...noFlags, read: true } },
  get_communication: false,
  agrees_terms_and_conditions: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  mfa_enabled: false,
  ...overrides,
});

const owner = clientUser({
  _id: adminSession.user._id,
  user_id: adminSession.user._id,
  name: 'Thandi',
  surname: 'Nkosi',
  user_name: 'thandi',
  email: 'thandi@example.com',
  role: 'ADMIN',
  manager_of: [],
  user_permissions: {},
  mfa_enabled: true,
});
const sipho = clientUser();

const api = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /api/v2/client': ok(client),
    'GET /api/v2/client/user/list': ok({ user_list: [owner, sipho], count: 2 }),
    'GET /api/v2/client/user': ok({ user_list: [sipho], count: 1 }),
    'GET /api/v2/client/branches': ok({ branch_list: [seaPoint, greenPoint], count: 2 }),
    ...extra,
  });

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
/** The branches picked in the Branches field, as its pills show them. */
const pickedBranches = () =>
  Array.from(document.querySelectorAll('.mantine-MultiSelect-pill'), (pill) => pill.textContent);
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, field: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('users list', () => {
  it('shows the users with their account type, status and branches', async () => {
    sessionStore.set(adminSession, false);
    const stub = api();
    renderApp('/console/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(document.title).toBe('Users');
    const row = (await screen.findByText('sipho@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Area Manager')).toBeTruthy();
    expect(within(row).getByText('ACTIVE')).toBeTruthy();
    expect(await within(row).findByText('Sea Point')).toBeTruthy();
    const ownerRow = screen.getByRole('cell', { name: 'thandi@example.com' }).closest('tr') as HTMLElement;
    expect(within(ownerRow).getByText('All branches')).toBeTruthy();
    const [list] = stub.callsTo('GET /api/v2/client/user/list');
    expect(list?.url).toBe('/api/v2/client/user/list?page=1&size=15');
    expect(list?.headers.get('Authorization')).toBe('Bearer client-jwt');
  });

  it('shows whether each user has two-factor on, in a column the chooser offers', async () => {
    sessionStore.set(adminSession, false);
    api();
    renderApp('/console/users');
    const user = userEvent.setup();
    expect(await screen.findByRole('columnheader', { name: 'Two-factor' })).toBeTruthy();
    const row = (await screen.findByText('sipho@example.com')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Off')).toBeTruthy();
    const ownerRow = screen.getByRole('cell', { name: 'thandi@example.com' }).closest('tr') as HTMLElement;
    expect(within(ownerRow).getByText('On')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose columns' }));
    const choice = (await screen.findByRole('checkbox', { name: 'Two-factor' })) as HTMLInputElement;
    expect(choice.checked).toBe(true);
    await user.click(choice);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Two-factor' })).toBeNull());
  });

  it('searches once typing has paused for 1000 ms', async () => {
    sessionStore.set(adminSession, false);
    const stub = api();
    renderApp('/console/users');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Search users' }), 'sip');
    const searched = () =>
      stub.callsTo('GET /api/v2/client/user/list').filter((call) => call.url.includes('search_string=sip'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(searched()).toHaveLength(0);
    await waitFor(() => expect(searched()).toHaveLength(1));
  });

  it("opens a user on row click and the add-user page from 'Add User'", async () => {
    sessionStore.set(adminSession, false);
    api();
    const { router } = renderApp('/console/users');
    const user = userEvent.setup();
    await user.click(await screen.findByText('sipho@example.com'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/user/${sipho._id}`));
    await user.click(await screen.findByRole('button', { name: 'Back to Users' }));
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/user'));
  });

  it('is for admins only', async () => {
    sessionStore.set(sessionFixture({ client_id: client._id, role: 'BRANCH_MANAGER' }), false);
    const stub = api();
    renderApp('/console/users');
    expect(await screen.findByText('You do not possess permissions to perform this action.')).toBeTruthy();
    expect(stub.callsTo('GET /api/v2/client/user/list')).toHaveLength(0);
  });
});

describe('add user', () => {
  it('creates an area manager with branches and permissions, then goes back with the server message', async () => {
    sessionStore.set(adminSession, false);
    const stub = api({
      'POST /api/v2/create/client/user': ok(
        clientUser({ _id: 'd'.repeat(24) }),
        'User created successfully.',
      ),
    });
    const { router } = renderApp('/console/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add User' })).toBeTruthy();
    expect(document.title).toBe('Add User');
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Lindiwe');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Mokoena');
    await user.type(screen.getByRole('textbox', { name: 'User Name' }), 'lindiwe');
    await user.type(screen.getByRole('textbox', { name: 'Cell Number' }), '0841234567');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'lindiwe@example');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.tab();
    expect(screen.getByText('email must be a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.com');
    await user.type(screen.getByLabelText(/^Password/), ' and long');

    await chooseOption(user, 'Account Type', 'Area Manager');
    expect(await screen.findByText('manager of is required')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await chooseOption(user, 'Branches', 'Sea Point');
    await user.click(checkbox('Customers: View'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Success...' });
    expect(within(dialog).getByText('User created successfully.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/users'));
    const [create] = stub.callsTo('POST /api/v2/create/client/user');
    expect(create?.body).toMatchObject({
      name: 'Lindiwe',
      surname: 'Mokoena',
      user_name: 'lindiwe',
      cell_number: '0841234567',
      email: 'lindiwe@example.com',
      password: 'short and long',
      role: 'AREA_MANAGER',
      status: 'ACTIVE',
      manager_of: [seaPoint._id],
    });
    expect(
      (create?.body as { user_permissions?: Record<string, unknown> } | undefined)?.user_permissions
        ?.CUSTOMERS,
    ).toEqual({
      read: true,
      create: false,
      update: false,
      delete: false,
    });
  });

  it('warns that a manager with nothing ticked for View sees only the Dashboard, and still saves them', async () => {
    sessionStore.set(adminSession, false);
    const stub = api({
      'POST /api/v2/create/client/user': ok(
        clientUser({ _id: 'd'.repeat(24), role: 'BRANCH_MANAGER', user_permissions: {} }),
        'User created successfully.',
      ),
    });
    renderApp('/console/user');
    const user = userEvent.setup();
    const warning = 'This user can open no feature yet';
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ayanda');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Zulu');
    await user.type(screen.getByRole('textbox', { name: 'User Name' }), 'ayanda');
    await user.type(screen.getByRole('textbox', { name: 'Cell Number' }), '0841234567');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ayanda@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'long enough');
    expect(screen.queryByText(warning)).toBeNull();

    await chooseOption(user, 'Account Type', 'Branch Manager');
    await chooseOption(user, 'Branches', 'Sea Point');
    expect(screen.getByText(warning)).toBeTruthy();
    expect(screen.getByText(/Tick View for each feature they should work with/)).toBeTruthy();
    await user.click(checkbox('Customers: View'));
    expect(screen.queryByText(warning)).toBeNull();
    await user.click(checkbox('Customers: View'));
    expect(screen.getByText(warning)).toBeTruthy();

    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    expect(await screen.findByRole('dialog', { name: 'Success...' })).toBeTruthy();
    const [create] = stub.callsTo('POST /api/v2/create/client/user');
    const sent = (create?.body as { user_permissions?: Record<string, { read: boolean }> } | undefined)
      ?.user_permissions;
    expect(sent).toBeDefined();
    expect(Object.values(sent ?? {}).some((flags) => flags.read)).toBe(false);
  });

  it("shows the server's message under 'Something went wrong!' when the email is taken", async () => {
    sessionStore.set(adminSession, false);
    api({
      'POST /api/v2/create/client/user': fail(409, 'An account with this email address already exists.'),
    });
    renderApp('/console/user');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Thandi');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Again');
    await user.type(screen.getByRole('textbox', { name: 'User Name' }), 'thandi2');
    await user.type(screen.getByRole('textbox', { name: 'Cell Number' }), '0841234567');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'long enough');
    await chooseOption(user, 'Account Type', 'Admin');
    expect(screen.getByText(/Admins can use every feature/)).toBeTruthy();
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(dialog).getByText('An account with this email address already exists.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Add User' })).toBeTruthy();
  });
});

describe('edit user', () => {
  it('resets branches and permissions when the account type changes, and Cancel puts everything back', async () => {
    sessionStore.set(adminSession, false);
    api();
    renderApp(`/console/user/${sipho._id}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit User' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Users' })).toBeTruthy();
    expect(checkbox('Customers: View').checked).toBe(true);
    await waitFor(() => expect(pickedBranches()).toEqual(['Sea Point']));
    expect(saveButton().disabled).toBe(true);

    await chooseOption(user, 'Account Type', 'Branch Manager');
    expect(checkbox('Customers: View').checked).toBe(false);
    expect(pickedBranches()).toEqual([]);
    expect(screen.getByText('manager of is required')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(checkbox('Customers: View').checked).toBe(true);
    expect(pickedBranches()).toEqual(['Sea Point']);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it('sends the user id with every field and shows a conflict from the server', async () => {
    sessionStore.set(adminSession, false);
    const stub = api({
      'PUT /api/v2/update/client/user': fail(409, 'A client needs at least one active admin.'),
    });
    renderApp(`/console/user/${sipho._id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Badges: Edit' }));
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(dialog).getByText('A client needs at least one active admin.')).toBeTruthy();
    const [update] = stub.callsTo('PUT /api/v2/update/client/user');
    expect(update?.body).toMatchObject({
      user_id: sipho._id,
      name: 'Sipho',
      role: 'AREA_MANAGER',
      status: 'ACTIVE',
      manager_of: [seaPoint._id],
      user_permissions: { BADGES: { read: false, create: false, update: true, delete: false } },
    });
  });
});

describe('my account (a non-admin)', () => {
  const managerSession = sessionFixture({
    _id: sipho._id,
    name: 'Sipho',
    surname: 'Dlamini',
    email: sipho.email,
    client_id: client._id,
    role: 'AREA_MANAGER',
    manager_of: [seaPoint._id],
  });

  it('shows and sends only their own details, then goes back', async () => {
    sessionStore.set(managerSession, false);
    const stub = api({
      'PUT /api/v2/update/client/user': ok({ ...sipho, name: 'Siphokazi' }, 'User updated successfully.'),
    });
    const { router } = renderApp(`/console/user/${sipho._id}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit User' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back to Users' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Account Type' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Permissions' })).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(stub.callsTo('GET /api/v2/client/branches')).toHaveLength(0);

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.tab();
    expect(screen.getByText('name is required')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await user.type(name, 'Siphokazi');
    await user.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Success...' });
    expect(within(dialog).getByText('User updated successfully.')).toBeTruthy();
    const [update] = stub.callsTo('PUT /api/v2/update/client/user');
    expect(update?.body).toEqual({
      user_id: sipho._id,
      name: 'Siphokazi',
      surname: 'Dlamini',
      user_name: 'sipho',
      cell_number: '0831234567',
      email: 'sipho@example.com',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    expect(sessionStore.get()?.user.name).toBe('Siphokazi');
  });

  it("cannot open another user's page", async () => {
    sessionStore.set(managerSession, false);
    const stub = api();
    renderApp(`/console/user/${owner._id}`);
    expect(await screen.findByText('You do not possess permissions to perform this action.')).toBeTruthy();
    // The console re-reads the signed-in user's own record (live permissions), never the other user's.
    const asked = stub.callsTo('GET /api/v2/client/user').map((call) => call.url);
    expect(asked.filter((url) => url.includes(owner._id))).toEqual([]);
  });
});
