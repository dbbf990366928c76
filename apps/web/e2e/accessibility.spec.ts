import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { CustomersBusiness } from './pages/customers-page';

/**
 * In the light scheme: every page of the console without an id in its path, including those of areas still to land (until they
 * do, the console's Not Found page is checked in their place). Pages with an id are reached from the lists.
 */
const CONSOLE_PAGES = [
  '/console/dashboard',
  '/console/customers',
  '/console/orders',
  '/console/baskets',
  '/console/subscriptions',
  '/console/create-subscription',
  '/console/packages',
  '/console/badges',
  '/console/badge',
  '/console/statistics',
  '/console/statistic',
  '/console/segments',
  '/console/segment',
  '/console/challenges',
  '/console/challenge',
  '/console/reward-tracks',
  '/console/reward-track-details',
  '/console/economics/wallet',
  '/console/economics/cashback-configs',
  '/console/economics/xp-configs',
  '/console/economics/transactions',
  '/console/transactions/challenges',
  '/console/transactions/badges',
  '/console/transactions/reward-tracks',
  '/console/users',
  '/console/user',
  '/console/profile',
  '/console/settings/account',
  '/console/settings/branches',
  '/console/settings/branches/new',
  '/console/settings/integrations',
  '/console/settings/audit-log',
  '/console/billings',
];
const SIGNED_OUT_PAGES = [
  '/welcome/log-in',
  '/welcome/forgot-password',
  '/welcome/create-client',
  '/terms-and-conditions',
  '/privacy-policy',
];
/** In the dark scheme: the pages whose chrome differs (tables, tabs, forms, profile, plan). */
const DARK_PAGES = [
  '/console/dashboard',
  '/console/customers',
  '/console/baskets',
  '/console/badge',
  '/console/users',
  '/console/user',
  '/console/settings/account',
  '/console/settings/audit-log',
  '/console/billings',
];

type TViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown }[] };

/** The page once its data has arrived: a level-1 heading shown and no request in flight. */
const settle = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader:visible')).toHaveCount(0);
};

/** Serious and critical axe findings (WCAG 2.x A and AA), each with the elements it names. */
const seriousFindings = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The badge preview draws the client's own colours (the spec's default is gold on white, 2.4:1): their
    // content, shown as players will see it, not the console's chrome.
    .exclude('[data-testid="badge-preview-card"]')
    .analyze();
  return (violations as TViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
};

/** The first page is loaded; the others are reached in the app (as a click would), which saves a reload each. */
const checkAll = async (page: Page, paths: readonly string[]) => {
  const findings: string[] = [];
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path);
    else
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await expect(page).toHaveURL(path);
    await settle(page);
    findings.push(...(await seriousFindings(page)).map((finding) => `${path}: ${finding}`));
  }
  return findings;
};

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`console pages in the ${scheme} scheme have no serious or critical finding`, async ({
      page,
      request,
    }) => {
      test.setTimeout(600_000);
      await page.emulateMedia({ colorScheme: scheme });
      const business = await CustomersBusiness.create(page, request);
      // Rows in the tables, so that their text is checked too.
      const customerId = await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole' });
      await business.addCustomer(request, { name: 'Sipho', surname: 'Dlamini' });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
        .toBe(scheme);

      const pages = scheme === 'light' ? CONSOLE_PAGES : DARK_PAGES;
      const findings = await checkAll(page, [...pages, `/console/customers/customer-profile/${customerId}`]);
      expect(findings, findings.join('\n')).toEqual([]);
    });

    test(`the welcome and legal pages in the ${scheme} scheme have no serious or critical finding`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const findings = await checkAll(page, SIGNED_OUT_PAGES);
      expect(findings, findings.join('\n')).toEqual([]);
    });
  }
});
