import { type APIRequestContext, expect, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { ConsoleShell } from './pages/console-shell';
import { LogInPage } from './pages/log-in-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { SignedUpClient } from './pages/signed-up-client';
import { type TNewUser, UserPage, UsersListPage } from './pages/users-pages';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A branch added through the API with the admin's client token (`POST /api/branches`). */
const addBranch = async (request: APIRequestContext, clientToken: string, displayName: string) => {
  const response = await request.post('/api/branches', {
    // Delivery is on by default (FLAT-FEE, which needs a radius and a fee); a walk-in branch has none.
    data: {
      display_name: displayName,
      franchise: false,
      vat_registered: false,
      delivery_settings: { delivery: false },
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** A business on the BUSINESS plan with one branch, its admin signed in on the dashboard. */
const businessWithBranch = async (
  page: Parameters<typeof SignedUpClient.register>[0],
  request: APIRequestContext,
) => {
  const client = await SignedUpClient.register(page, request);
  await client.signIn();
  await client.choosePlan(request, 'BUSINESS');
  await addBranch(request, (await client.session()).client_token, 'Sea Point');
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  return client;
};

test.describe('console users', () => {
  // Two sign-ins, a registration and several saves per journey.
  test.slow();

  test('an admin adds an area manager, who then sees only what they may and edits only their own details', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 960 });
    await businessWithBranch(page, request);
    const shell = new ConsoleLayoutPage(page);
    const list = new UsersListPage(page);
    const userPage = new UserPage(page);

    // The admin's sidebar: the areas built so far, Users and Settings at its foot.
    await expect(shell.sidebar.getByRole('link')).toHaveText([
      'Dashboard',
      'Customers',
      'Orders',
      'Baskets',
      'Subscriptions',
      'Products',
      'Badges',
      'Challenges',
      'Statistics',
      'Segments',
      'Rewards',
      'Users',
      'Settings',
    ]);
    await shell.navLink('Users').click();
    await list.expectShown();
    await expect(list.row('Thandi')).toContainText('Admin');
    await expect(list.row('Thandi')).toContainText('All branches');
    // Nobody has set up two-factor sign-in yet: the column says so.
    await expect(list.table.getByRole('columnheader', { name: 'Two-factor' })).toBeVisible();
    await expect(list.row('Thandi').getByRole('cell', { name: 'Off', exact: true })).toBeVisible();

    await list.addUser.click();
    await userPage.expectShown('Add User');
    await expect(userPage.backToUsers).toBeVisible();
    await expect(userPage.save).toBeDisabled();
    await expect(userPage.cancel).toHaveCount(0);

    const manager: TNewUser = {
      name: 'Sipho',
      surname: 'Dlamini',
      userName: 'sipho',
      cellNumber: '0831234567',
      email: `sipho-${unique()}@beanthere.co.za`,
      password: 'Sea-Point-2025',
    };
    await userPage.fillPersonal(manager);
    await expect(userPage.cancel).toBeVisible();
    await userPage.choose(userPage.accountType, 'Area Manager');
    // Branches are required of a manager: the server's own message, and Save stays off until one is chosen.
    await expect(userPage.form.getByText('manager of is required', { exact: true })).toBeVisible();
    await expect(userPage.save).toBeDisabled();
    await userPage.choose(userPage.branches, 'Sea Point');
    await userPage.permission('Customers', 'View').check();
    await expect(userPage.permission('Customers', 'Add')).not.toBeChecked();
    await expect(userPage.save).toBeEnabled();
    await page.screenshot({
      path: testInfo.outputPath('user-page-admin.png'),
      fullPage: true,
      animations: 'disabled',
    });

    await userPage.save.click();
    await expectMessageModal(page, 'Success...', 'User created successfully.');
    await closeMessageModal(page, 'Success...');
    await list.expectShown();
    const row = list.row(manager.email);
    await expect(row).toContainText('Area Manager');
    await expect(row).toContainText('ACTIVE');
    await expect(row).toContainText('Sea Point');
    await page.screenshot({
      path: testInfo.outputPath('users-list.png'),
      fullPage: true,
      animations: 'disabled',
    });

    // The list's search finds the new user once typing pauses.
    await list.search.fill('sipho');
    await expect(page).toHaveURL(/search=sipho/);
    await expect(list.table.getByRole('row')).toHaveCount(2);

    await new ConsoleShell(page).logOut();
    const logIn = new LogInPage(page);
    await logIn.expectShown();
    await logIn.signInWith(manager.email, manager.password);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    // CUSTOMERS View, and nothing else: no Users, no Settings.
    await expect(shell.sidebar.getByRole('link')).toHaveText(['Dashboard', 'Customers']);

    await page.getByRole('button', { name: /^Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/console\/user\/[0-9a-f]{24}$/);
    await userPage.expectShown('Edit User');
    await expect(userPage.name).toHaveValue('Sipho');
    await expect(userPage.backToUsers).toHaveCount(0);
    await expect(userPage.accountType).toHaveCount(0);
    await expect(userPage.status).toHaveCount(0);
    await expect(userPage.branches).toHaveCount(0);
    await expect(userPage.permissions).toHaveCount(0);
    await expect(userPage.password).toHaveCount(0);
    await page.screenshot({
      path: testInfo.outputPath('user-page-own-account.png'),
      fullPage: true,
      animations: 'disabled',
    });

    await userPage.name.fill('Siphokazi');
    await userPage.save.click();
    await expectMessageModal(page, 'Success...', 'User updated successfully.');
    await closeMessageModal(page, 'Success...');
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(page.getByRole('button', { name: /^Profile menu, Siphokazi Dlamini/ })).toBeVisible();

    await list.goto();
    await expect(list.forbidden).toBeVisible();
    await expect(list.table).toHaveCount(0);
  });

  test('a taken email, and an admin deactivating themselves, are refused with the server message', async ({
    page,
    request,
  }) => {
    const client = await businessWithBranch(page, request);
    const userPage = new UserPage(page);
    await page.goto('/console/user');
    await userPage.expectShown('Add User');
    await userPage.fillPersonal({
      name: 'Thandi',
      surname: 'Again',
      userName: 'thandi2',
      cellNumber: '0841234567',
      email: client.email,
      password: 'Another-pass-1',
    });
    await userPage.choose(userPage.accountType, 'Admin');
    await userPage.save.click();
    await expectMessageModal(
      page,
      'Something went wrong!',
      'An account with this email address already exists.',
    );
    await closeMessageModal(page, 'Something went wrong!');
    await userPage.expectShown('Add User');

    // An admin cannot lock themselves out.
    const { user } = (await client.session()) as unknown as { user: { _id: string } };
    await page.goto(`/console/user/${user._id}`);
    await userPage.expectShown('Edit User');
    await userPage.choose(userPage.status, 'Inactive');
    await userPage.save.click();
    await expectMessageModal(
      page,
      'Something went wrong!',
      'You cannot remove your own admin access or deactivate yourself.',
    );
  });
});
