import { type APIRequestContext, expect, test } from '@playwright/test';
import { AuditLogPage } from './pages/audit-log-page';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { ConsoleShell } from './pages/console-shell';
import { addBranch, CustomersBusiness, CustomersListPage, uniqueCellNumber } from './pages/customers-page';
import { LogInPage } from './pages/log-in-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { type TNewUser, UserPage, UsersListPage } from './pages/users-pages';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const FORBIDDEN = 'You do not possess permissions to perform this action.';

type TFlags = { read?: boolean; create?: boolean; update?: boolean; delete?: boolean };
type TStaffUser = { _id: string; email: string; user_permissions: Record<string, TFlags | undefined> };

/** The admin's view of the data, through the API with the admin's client token. */
class AdminApi {
  constructor(
    readonly request: APIRequestContext,
    readonly clientToken: string,
  ) {}

  private get headers() {
    return { Authorization: `Bearer ${this.clientToken}` };
  }

  /** `GET /api/v2/client/loyalty/users`: how many customers the client has. */
  async customerCount() {
    const response = await this.request.get('/api/v2/client/loyalty/users', {
      params: { size: 100 },
      headers: this.headers,
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { content: { count: number } }).content.count;
  }

  /** `GET /api/v2/client/user/list`: the console user with this email. */
  async staffUser(email: string) {
    const response = await this.request.get('/api/v2/client/user/list', {
      params: { search_string: email },
      headers: this.headers,
    });
    expect(response.status(), await response.text()).toBe(200);
    const { user_list } = ((await response.json()) as { content: { user_list: TStaffUser[] } }).content;
    const user = user_list.find((candidate) => candidate.email === email);
    expect(user, `a console user ${email}`).toBeDefined();
    return user as TStaffUser;
  }

  /** `PUT /api/v2/update/client/user` with only the permissions. */
  async setPermissions(userId: string, permissions: TStaffUser['user_permissions']) {
    const response = await this.request.put('/api/v2/update/client/user', {
      data: { user_id: userId, user_permissions: permissions },
      headers: this.headers,
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

test.describe('an area manager of one branch', () => {
  // A registration, three sign-ins through the page, a user saved through the page and an audit check.
  test.slow();

  test('is added by the admin, sees only their branch, and is refused by the server once a permission is revoked', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 960 });

    // Set up through the API: two branches, two customers in each.
    const business = await CustomersBusiness.create(page, request, { branch: 'North' });
    const southId = await addBranch(request, business.clientToken, 'South');
    const north = [
      { name: 'Amahle', surname: 'Zulu' },
      { name: 'Bongani', surname: 'Ndlovu' },
    ];
    const south = [
      { name: 'Chantal', surname: 'Fourie' },
      { name: 'Dawid', surname: 'Pretorius' },
    ];
    for (const customer of north) await business.addCustomer(request, customer);
    for (const customer of south) await business.addCustomer(request, { ...customer, branchId: southId });
    // The admin's API calls use a session of their own: the browser's ends when the admin logs out below.
    const admin = new AdminApi(request, await business.client.apiClientToken(request));
    expect(await admin.customerCount()).toBe(4);

    // The admin adds the manager on the user page: Customers View and Add, the North branch only.
    const shell = new ConsoleLayoutPage(page);
    const users = new UsersListPage(page);
    const userPage = new UserPage(page);
    await page.goto('/console');
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await shell.navLink('Users').click();
    await users.expectShown();
    await users.addUser.click();
    await userPage.expectShown('Add User');
    const manager: TNewUser = {
      name: 'Sipho',
      surname: 'Dlamini',
      userName: `sipho-${unique()}`,
      cellNumber: uniqueCellNumber(),
      email: `sipho-${unique()}@beanthere.co.za`,
      password: 'North-Branch-2025',
    };
    await userPage.fillPersonal(manager);
    await userPage.choose(userPage.accountType, 'Area Manager');
    await userPage.choose(userPage.branches, 'North');
    await userPage.permission('Customers', 'View').check();
    await userPage.permission('Customers', 'Add').check();
    await expect(userPage.permission('Customers', 'Edit')).not.toBeChecked();
    await expect(userPage.permission('Customers', 'Delete')).not.toBeChecked();
    await expect(userPage.save).toBeEnabled();
    await userPage.save.click();
    await expectMessageModal(page, 'Success...', 'User created successfully.');
    await closeMessageModal(page, 'Success...');
    await users.expectShown();
    await expect(users.row(manager.email)).toContainText('Area Manager');
    await expect(users.row(manager.email)).toContainText('North');
    await expect(users.row(manager.email)).not.toContainText('South');

    const saved = await admin.staffUser(manager.email);
    expect(saved.user_permissions.CUSTOMERS).toMatchObject({ read: true, create: true });
    expect(saved.user_permissions.CUSTOMERS?.update ?? false).toBe(false);
    expect(saved.user_permissions.CUSTOMERS?.delete ?? false).toBe(false);

    // The admin signs out; the manager signs in through the log-in page.
    const consoleShell = new ConsoleShell(page);
    const logIn = new LogInPage(page);
    await consoleShell.logOut();
    await logIn.expectShown();
    await logIn.signInWith(manager.email, manager.password);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(shell.sidebar.getByRole('link')).toHaveText(['Dashboard', 'Customers']);
    await expect(shell.navLink('Users')).toHaveCount(0);
    await expect(shell.navLink('Settings')).toHaveCount(0);

    // Only the North branch's customers.
    const customers = new CustomersListPage(page);
    await shell.navLink('Customers').click();
    await customers.expectShown();
    for (const { surname } of north) await expect(customers.row(surname)).toBeVisible();
    for (const { surname } of south) await expect(customers.row(surname)).toHaveCount(0);
    await expect(customers.table.getByRole('row')).toHaveCount(1 + north.length);
    await expect(page.getByText('2 customers')).toBeVisible();

    // The admin takes Add away while the manager is signed in; the manager's page still offers it.
    await admin.setPermissions(saved._id, {
      ...saved.user_permissions,
      CUSTOMERS: { ...saved.user_permissions.CUSTOMERS, create: false },
    });
    await expect(customers.addCustomer).toBeVisible();
    await customers.addCustomer.click();
    const dialog = customers.addDialog;
    await expect(dialog.root).toBeVisible();
    await dialog.name.fill('Elethu');
    await dialog.surname.fill('Mahlangu');
    await dialog.cellNumber.fill(uniqueCellNumber());
    await dialog.email.fill(`elethu-${unique()}@example.co.za`);
    await dialog.chooseBranch('North');
    await expect(dialog.save).toBeEnabled();
    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/sign_up') && response.request().method() === 'POST',
    );
    await dialog.save.click();
    expect((await refused).status()).toBe(403);
    await expectMessageModal(page, 'Something went wrong when adding a customer!', FORBIDDEN);
    await closeMessageModal(page, 'Something went wrong when adding a customer!');
    expect(await admin.customerCount()).toBe(4);
    // The form stays open with what was typed; Cancel closes it.
    await expect(dialog.surname).toHaveValue('Mahlangu');
    await dialog.root.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.root).toBeHidden();
    await expect(customers.row('Mahlangu')).toHaveCount(0);

    // At 900 px the sidebar keeps only its icons, each still named.
    await page.setViewportSize({ width: 900, height: 720 });
    await expect(shell.navLink('Customers')).toBeVisible();
    for (const label of ['Dashboard', 'Customers']) {
      await expect(shell.navLink(label)).toHaveText('');
      await expect(shell.sidebar.getByText(label, { exact: true })).toHaveCount(0);
    }
    // Polled: the sidebar narrows with a transition, which a busy machine may not have finished yet.
    await expect.poll(async () => (await shell.sidebar.boundingBox())?.width ?? 0).toBeLessThan(100);
    await shell.navLink('Customers').hover();
    await expect(page.getByRole('tooltip', { name: 'Customers' })).toBeVisible();
    const screenshot = testInfo.outputPath('sidebar-900.png');
    await page.screenshot({ path: screenshot, animations: 'disabled' });
    await testInfo.attach('sidebar at 900 px', { path: screenshot, contentType: 'image/png' });
    await page.setViewportSize({ width: 1440, height: 960 });

    // The admin signs in again and finds both changes in the audit log.
    await consoleShell.logOut();
    await logIn.expectShown();
    await logIn.signInWith(business.client.email, business.client.password);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await shell.navLink('Settings').click();
    const audit = new AuditLogPage(page);
    await audit.tab.click();
    await audit.expectShown();
    // The summary names the role after the name: '(AREA_MANAGER)' today.
    const added = new RegExp(`^Added user ${manager.name} ${manager.surname}\\b`);
    const changed = `Changed access of ${manager.name} ${manager.surname}`;
    await expect(audit.entry(added)).toBeVisible();
    await expect(audit.entry(changed)).toBeVisible();
    const rowOf = (summary: string | RegExp) =>
      audit.table.getByRole('row').filter({ has: page.getByRole('button', { name: summary }) });
    await expect(rowOf(added)).toContainText('User added');
    const changedRow = rowOf(changed);
    await expect(changedRow).toContainText('Permissions changed');
    await expect(changedRow).toContainText('Thandi Nkosi');

    await audit.entry(changed).click();
    await expect(audit.dialog(changed)).toBeVisible();
    const changes = await audit.changes(changed);
    // Only Customers' Add flag changed, named as the permission grid names it.
    expect(changes).toEqual([['User permissions › Customers › Add', 'Yes', 'No']]);
  });
});
