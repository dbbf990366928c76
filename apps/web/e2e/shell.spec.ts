import { expect, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { SignedUpClient } from './pages/signed-up-client';

/** An admin's sidebar in this build: the areas with pages, Users and Settings at the foot. */
const LABELS = [
  'Dashboard',
  'Customers',
  'Orders',
  'Baskets',
  'Subscriptions',
  'Products',
  'Users',
  'Settings',
];

test.describe('console shell', () => {
  test('under 1000 px the sidebar shows icons with tooltips', async ({ page, request }, testInfo) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'FREEMIUM');
    await page.setViewportSize({ width: 900, height: 720 });
    await page.goto('/console/dashboard');
    const shell = new ConsoleLayoutPage(page);
    await expect(shell.navLink('Dashboard')).toBeVisible();

    // Named for assistive technology, but no visible label; the toggle is gone since the sidebar must stay compact.
    for (const label of LABELS) {
      await expect(shell.navLink(label)).toHaveText('');
      await expect(shell.sidebar.getByText(label, { exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveCount(0);
    const box = await shell.sidebar.boundingBox();
    expect(box?.width).toBeLessThan(100);

    for (const label of LABELS) {
      await shell.navLink(label).hover();
      await expect(page.getByRole('tooltip', { name: label })).toBeVisible();
    }
    await shell.navLink('Users').hover();
    await page.screenshot({ path: testInfo.outputPath('sidebar-900.png'), animations: 'disabled' });

    await shell.navLink('Users').click();
    await expect(page).toHaveURL(/\/console\/users$/);
    await expect(page).toHaveTitle('Users');
  });

  test('on a wide screen the sidebar collapses and expands on request, and stays as it was left', async ({
    page,
    request,
  }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'FREEMIUM');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/console/dashboard');
    const shell = new ConsoleLayoutPage(page);
    await expect(shell.sidebar.getByRole('link')).toHaveText(LABELS);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(shell.navLink('Settings')).toHaveText('');
    await page.reload();
    await expect(shell.navLink('Settings')).toHaveText('');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(shell.navLink('Settings')).toHaveText('Settings');
  });

  test('the profile menu offers My Account, Bugs & Feedback (when the host has a page) and Log Out', async ({
    page,
    request,
  }) => {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'FREEMIUM');
    await page.goto('/console/dashboard');
    await expect(page).toHaveTitle('Dashboard');

    const branding = (await (await request.get('/api/branding')).json()) as {
      content: { bugs_url: string | null };
    };
    await page.getByRole('button', { name: /^Profile menu/ }).click();
    const bugs = page.getByRole('menuitem', { name: 'Bugs & Feedback' });
    if (branding.content.bugs_url) {
      await expect(bugs).toHaveAttribute('href', branding.content.bugs_url);
      await expect(bugs).toHaveAttribute('target', '_blank');
    } else {
      await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
      await expect(bugs).toHaveCount(0);
    }
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/console\/user\/[0-9a-f]{24}$/);
    await expect(page).toHaveTitle('Edit User');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Thandi');
  });
});
