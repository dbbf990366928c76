import { expect, test } from '@playwright/test';
import { CustomersBusiness } from './pages/customers-page';
import { seriousAxeFindings } from './support/axe';
import { snapshot } from './support/screens';

/** The header the API adds to a read it served from a replica (READ_DATABASE_URL); the journeys' server has none. */
const DATA_AS_OF_HEADER = 'Laurel-Data-As-Of';

test.describe('data as of (reports read from a replica)', () => {
  test('a report says "Data as of" only while its answers carry the replica header', async ({
    page,
    request,
  }) => {
    await CustomersBusiness.create(page, request, { plan: 'BUSINESS', branch: 'North' });
    const heading = page.getByRole('heading', { level: 1, name: 'Badge Transactions' });
    const line = page.getByText(/^Data as of/);

    // The server reads the primary: nothing is said about freshness.
    await page.goto('/console/transactions/badges');
    await expect(heading).toBeVisible();
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await expect(line).toHaveCount(0);

    // As a replica would answer: the list says up to when it had applied the primary's changes, 3 s ago.
    const asOf = new Date(Date.now() - 3_000);
    asOf.setMilliseconds(0);
    await page.route(/\/api\/transactions\/badges(\?|$)/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), [DATA_AS_OF_HEADER]: asOf.toISOString() },
      });
    });
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(line).toBeVisible();
    const time = line.locator('time');
    await expect(time).toHaveAttribute('datetime', asOf.toISOString());
    const shown = await page.evaluate(
      (iso) =>
        new Date(iso).toLocaleTimeString(undefined, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      asOf.toISOString(),
    );
    await expect(time).toHaveText(shown);
    await expect(page.locator('[title^="Reports are read from a replica"]')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await snapshot(page, 'data-as-of-badge-report');

    // Back on the primary, the next answer takes the line away.
    await page.unroute(/\/api\/transactions\/badges(\?|$)/);
    await page.getByLabel('Search').fill('Regular');
    await expect(line).toHaveCount(0);
  });
});
