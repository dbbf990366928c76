import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createBadge, createOrderValueChallenge } from './pages/challenges-page';
import { CustomersBusiness } from './pages/customers-page';
import { addCategory, addProduct } from './pages/economy-pages';
import { OrderChannel } from './pages/orders-pages';
import { addRewardTrack, segmentIdOf } from './pages/reward-tracks-page';
import { COLOUR_RULES, seriousAxeFindings } from './support/axe';

/**
 * Every console route, in the light and the dark scheme, on a fresh business (no demo data) with one of each thing
 * a page with an id shows: the lists with rows in them, every editor new and filled in, the badge editor's four tabs,
 * and the console's Not Found page.
 */
const STATIC_CONSOLE_PAGES = [
  '/console/dashboard',
  '/console/customers',
  '/console/customers/import',
  '/console/orders',
  '/console/baskets',
  '/console/subscriptions',
  '/console/create-subscription',
  '/console/products',
  '/console/products/new',
  '/console/products/import',
  '/console/product-categories',
  '/console/product-categories/new',
  '/console/product-categories/import',
  '/console/badges',
  '/console/badge',
  '/console/badge?tab=Icons',
  '/console/badge?tab=Text',
  '/console/badge?tab=Theme',
  '/console/statistics',
  '/console/statistic',
  '/console/segments',
  '/console/segment',
  '/console/challenges',
  '/console/challenge',
  '/console/reward-tracks',
  // New level and tier tracks: a business with one is sent to it, so those are visited with its id below.
  '/console/reward-track-details',
  '/console/economics/wallet',
  '/console/economics/cashback-configs',
  '/console/economics/cashback-config',
  '/console/economics/xp-configs',
  '/console/economics/xp-config',
  '/console/economics/transactions',
  '/console/transactions/challenges',
  '/console/transactions/badges',
  '/console/transactions/reward-tracks',
  '/console/rewards',
  '/console/reward',
  '/console/rewards/redemptions',
  '/console/users',
  '/console/user',
  '/console/settings/account',
  '/console/settings/branches',
  '/console/settings/branches/new',
  '/console/settings/integrations',
  '/console/settings/integrations/webhooks',
  '/console/settings/audit-log',
  '/console/security',
  // Not a page: the console's Not Found.
  '/console/no-such-page',
];
const SIGNED_OUT_PAGES = [
  '/welcome/log-in',
  '/welcome/forgot-password',
  '/welcome/create-client',
  '/terms-and-conditions',
  '/privacy-policy',
];

/** The page once its data has arrived: a level-1 heading shown and no request in flight. */
const settle = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader:visible')).toHaveCount(0);
};

type TScheme = 'light' | 'dark';

/** Waits for the console to follow the system scheme, and for its colour transitions to end. */
const followsScheme = async (page: Page, scheme: TScheme) => {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
    .toBe(scheme);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
};

/**
 * Each page is checked in every scheme given: the first with every rule, the others, on the same rendered page, with
 * the rules a colour change can break (a scheme changes colours, never the markup). The first page is loaded; the
 * others are reached in the app (as a click would), which saves a reload each.
 */
const checkAll = async (page: Page, paths: readonly string[], schemes: readonly TScheme[]) => {
  const findings: string[] = [];
  for (const [index, path] of paths.entries()) {
    await page.emulateMedia({ colorScheme: schemes[0] });
    if (index === 0) await page.goto(path);
    else
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await expect(page).toHaveURL(path);
    await settle(page);
    for (const [nth, scheme] of schemes.entries()) {
      if (nth > 0) await page.emulateMedia({ colorScheme: scheme });
      await followsScheme(page, scheme);
      const found = await seriousAxeFindings(page, nth === 0 ? {} : { rules: COLOUR_RULES });
      findings.push(...found.map((finding) => `${path} (${scheme}): ${finding}`));
    }
  }
  return findings;
};

const today = () => new Date().toISOString().slice(0, 10);

/** `POST url` with the client token; answers the new record's id. */
const create = async (request: APIRequestContext, token: string, url: string, data: unknown) => {
  const response = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { content: { _id: string } }).content._id;
};

/** One of each thing the console's pages with an id show; answers those pages' paths. */
const pagesWithIds = async (page: Page, request: APIRequestContext, business: CustomersBusiness) => {
  const token = business.clientToken;
  const customerId = await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole' });
  await business.addCustomer(request, { name: 'Sipho', surname: 'Dlamini' });
  const everyone = await segmentIdOf(request, token, 'AllPlayers');
  const badgeId = await createBadge(request, token, 'Big Spender');
  const challengeId = await createOrderValueChallenge(request, token, {
    startDate: today(),
    minOrderValue: 200,
    rewards: [{ type: 'badges', value: badgeId }],
    segmentId: everyone._id,
  });
  const statisticId = await create(request, token, '/api/statistics', {
    name: 'visits',
    aggregation_method: 'Sum',
    reset_interval: 'Manual',
  });
  // A milestone needs an image: any the server can reach.
  const image = new URL('/favicon.svg', page.url()).toString();
  const track = (type: 'LEVEL_PROGRESSION' | 'TIER_PROGRESSION', name: string) =>
    addRewardTrack(request, token, { type, name, sourceValues: [5, 40], image, colour: '#1971c2' });
  const levelsId = await track('LEVEL_PROGRESSION', 'Levels');
  const tiersId = await track('TIER_PROGRESSION', 'Tiers');
  const xpConfigId = await create(request, token, '/api/economy/earn-configs', {
    type: 'Statistic',
    trigger_value: 10,
    earn_amount: 1,
    segment_id: everyone.playfab_segment_id,
    earn_target: 'xp',
  });
  const categoryId = await addCategory(request, token, 'Coffee');
  const productId = await addProduct(request, token, {
    title: 'Flat White',
    sku: 'FW-1',
    price: 38,
    categoryId,
  });
  const till = await OrderChannel.connect(request, token, 'Till');
  const order = await till.tillSale(customerId, business.branchId, [
    { sku: 'FW-1', title: 'Flat White', quantity: 2, price: 38 },
  ]);
  await till.postBasket({
    basket_id: `basket-${Date.now()}`,
    customer: { _id: customerId },
    branch_id: business.branchId,
    type: 'COLLECTION',
    items: [{ sku: 'FW-1', title: 'Flat White', quantity: 1, price: 38 }],
  });
  const subscriptionId = await create(request, token, '/api/subscriptions', {
    name: 'Coffee Club',
    sku: 'CLUB-1',
    description: 'A coffee a day',
    price: 300,
    period: 'MONTHLY',
    type: 'ONGOING',
    apply_to: 'PRODUCT',
    products: [productId],
    expires_in: 30,
    payment_type: 'POST_PAYMENT',
    subscription_usage_type: 'ORDER_CREATION',
    on_payment_failure: 'CANCEL',
    start_date: today(),
    status: 'DRAFT',
  });
  // A webhook endpoint nothing listens on, with the test delivery it could not take (a Retrying row with its error).
  const endpointId = await create(request, token, '/api/integrations/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    event_types: ['points.expiring'],
  });
  await create(request, token, `/api/integrations/webhooks/${endpointId}/test`, {});
  const { user } = await business.client.session();
  return [
    `/console/customers/customer-profile/${customerId}`,
    `/console/badge/${badgeId}`,
    `/console/challenge/${challengeId}`,
    `/console/statistic/${statisticId}`,
    `/console/segment/${everyone._id}`,
    `/console/segment/${everyone._id}/players`,
    `/console/level-progression-details/${levelsId}`,
    `/console/tier-progression-details/${tiersId}`,
    `/console/economics/xp-config/${xpConfigId}`,
    `/console/products/${productId}`,
    `/console/product-categories/${categoryId}`,
    `/console/order/${order._id}`,
    `/console/subscription-details/${subscriptionId}`,
    `/console/settings/branches/${business.branchId}`,
    `/console/user/${user._id}`,
    `/console/settings/integrations/webhooks/${endpointId}`,
  ];
};

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('every console page, in the light and the dark scheme, has no serious or critical finding', async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    const business = await CustomersBusiness.create(page, request);
    const paths = [...STATIC_CONSOLE_PAGES, ...(await pagesWithIds(page, request, business))];
    const findings = await checkAll(page, paths, ['light', 'dark']);
    expect(findings, findings.join('\n')).toEqual([]);
  });

  test('the welcome and legal pages, in the light and the dark scheme, have no serious or critical finding', async ({
    page,
  }) => {
    const findings = await checkAll(page, SIGNED_OUT_PAGES, ['light', 'dark']);
    expect(findings, findings.join('\n')).toEqual([]);
  });
});
