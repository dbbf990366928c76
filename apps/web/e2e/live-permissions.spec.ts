import { expect, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { CustomersBusiness } from './pages/customers-page';
import { LogInPage } from './pages/log-in-page';

type TStaffUser = { _id: string; email: string };

test.describe('live permissions', () => {
  test("an admin revokes a signed-in manager's Customers read: the manager's sidebar drops Customers after a focus change, still signed in", async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const business = await CustomersBusiness.create(page, request);
    const credentials = await business.addAreaManager(request);
    const admin = { Authorization: `Bearer ${business.clientToken}` };
    const listed = await request.get('/api/v2/client/user/list', {
      params: { search_string: credentials.email },
      headers: admin,
    });
    expect(listed.status(), await listed.text()).toBe(200);
    const { user_list } = ((await listed.json()) as { content: { user_list: TStaffUser[] } }).content;
    const managerId = user_list.find((user) => user.email === credentials.email)?._id as string;
    expect(managerId).toBeTruthy();

    // The manager signs in in a browser of their own.
    const managerContext = await browser.newContext();
    const managerPage = await managerContext.newPage();
    const logIn = new LogInPage(managerPage);
    await logIn.goto();
    await logIn.signInWith(credentials.email, credentials.password);
    await expect(managerPage).toHaveURL(/\/console\/dashboard$/);
    const shell = new ConsoleLayoutPage(managerPage);
    await expect(shell.navLink('Customers')).toBeVisible();

    // The admin takes Customers away while the manager is signed in.
    const revoked = await request.put('/api/v2/update/client/user', {
      data: { user_id: managerId, user_permissions: {} },
      headers: admin,
    });
    expect(revoked.status(), await revoked.text()).toBe(200);

    // The manager's window regains focus: Customers leaves the sidebar; the manager is still signed in.
    await managerPage.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(shell.navLink('Customers')).toHaveCount(0);
    await expect(shell.navLink('Dashboard')).toBeVisible();
    await expect(managerPage).toHaveURL(/\/console\/dashboard$/);
    await expect(shell.signedOutNotice).toHaveCount(0);
    await managerContext.close();
  });
});
