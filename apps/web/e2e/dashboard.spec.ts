import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createBadge, createOrderValueChallenge } from './pages/challenges-page';
import { ConsoleShell } from './pages/console-shell';
import { addBranch, CustomersBusiness } from './pages/customers-page';
import {
  DashboardPage,
  expectProcessed,
  PERIOD_LABELS,
  sendEvents,
  type TTileKey,
} from './pages/dashboard-page';
import { LogInPage } from './pages/log-in-page';
import { OrderChannel } from './pages/orders-pages';
import { addRewardTrack, addXpConfig, playerOf, segmentIdOf } from './pages/reward-tracks-page';
import { seriousAxeFindings } from './support/axe';
import {
  dayNumberOf,
  expectedDashboard,
  isoDayOf,
  type TActivity,
  type TDashboardActivity,
  type TDashboardPeriodKey,
  type TExpectedDashboard,
  TIER_NAMES,
} from './support/dashboard-model';

/** A new business's tiles: zero, with nothing to compare against. */
const TILE_ZEROS: Record<TTileKey, string> = {
  daily_active_users: '0.0',
  monthly_active_users: '0',
  challenges_completed: '0',
  badges_earned: '0',
  transaction_revenue: 'R 0.00',
  paying_players: '0',
};

/** In the order the filter lists them. */
const PERIODS: TDashboardPeriodKey[] = ['current_month', 'previous_month', '30', '90'];

/** Today in the client's time zone, as the server counts it (the end of the current month's period). */
const serverToday = async (request: APIRequestContext, token: string) => {
  const response = await request.get('/api/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { period } = ((await response.json()) as { content: { period: { end: string; time_zone: string } } })
    .content;
  return { today: period.end, timeZone: period.time_zone };
};

/**
 * The programme: 1 XP per R10; level 1 at 5 XP and level 2 at 40 XP; Bronze at level 1 and Silver at level 2; a
 * challenge from today (an order of R200 or more) that pays a badge.
 */
const setUpProgramme = async (page: Page, request: APIRequestContext, token: string, today: string) => {
  await addXpConfig(request, token, { triggerValue: 10, earnAmount: 1 });
  const image = new URL('/favicon.svg', page.url()).toString();
  await addRewardTrack(request, token, {
    type: 'LEVEL_PROGRESSION',
    name: 'Levels',
    sourceValues: [5, 40],
    image,
  });
  await addRewardTrack(request, token, {
    type: 'TIER_PROGRESSION',
    name: 'Tiers',
    sourceValues: [1, 2],
    image,
  });
  const badge = await createBadge(request, token, 'Big Spender');
  const everyone = await segmentIdOf(request, token, 'AllPlayers');
  await createOrderValueChallenge(request, token, {
    startDate: today,
    minOrderValue: 200,
    rewards: [{ type: 'badges', value: badge }],
    segmentId: everyone._id,
  });
};

/** An activity as the event the till or app sends: back-dated to 10:00 on its day, or a moment ago today. */
const eventOf = (activity: TActivity, today: number) => {
  const occurred_at =
    activity.day === today
      ? new Date(Date.now() - 5_000).toISOString()
      : `${isoDayOf(activity.day)}T10:00:00Z`;
  const common = {
    customer: { _id: activity.customer },
    occurred_at,
    branch_id: activity.branch ?? undefined,
  };
  if (activity.kind === 'login') return { ...common, type: 'user.logged-in', data: { channel: 'app' } };
  if (activity.kind === 'refund')
    return { ...common, type: 'order.status-change', data: { order_id: activity.order, status: 'REFUNDED' } };
  return {
    ...common,
    type: 'order.created',
    data: {
      order_id: activity.order,
      total: activity.total,
      items: [{ sku: 'HB-1', quantity: 1, price: activity.total }],
    },
  };
};

const money = (value: number) =>
  `R ${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const figureText = (key: TTileKey, value: number) => {
  if (key === 'transaction_revenue') return money(value);
  if (key === 'daily_active_users') return value.toFixed(1);
  return value.toLocaleString('en-US');
};
const changeText = (change: number | null) => {
  if (change === null) return 'No previous data';
  const text = `${Math.abs(change).toFixed(1)}% vs previous period`;
  return change > 0 ? `+${text}` : change < 0 ? `-${text}` : text;
};
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const days = (start: string, end: string) => {
  const [from, to] = [start, end].map((day) => dayFormat.format(new Date(`${day}T00:00:00Z`)));
  return from === to ? from : `${from} – ${to}`;
};

/** Every tile and every chart's table equal the expected figures. */
const expectFigures = async (
  dashboard: DashboardPage,
  expected: TExpectedDashboard,
  label: string,
  timeZone: string,
) => {
  await expect(
    dashboard.page.getByText(
      `${days(expected.start, expected.end)}, compared with ${days(expected.previousStart, expected.previousEnd)} (${timeZone})`,
    ),
  ).toBeVisible();
  for (const [key, figure] of Object.entries(expected.figures) as [
    TTileKey,
    (typeof expected.figures)[TTileKey],
  ][])
    expect(await dashboard.tileTexts(key), `${label}: ${key}`).toEqual({
      value: figureText(key, figure.value),
      change: changeText(figure.change),
    });
  for (const tier of TIER_NAMES)
    expect(await dashboard.tierTable(tier), `${label}: ${tier}`).toEqual({
      weekdays: expected.weekdays,
      counts: expected.tiers[tier],
    });
};

test.describe('dashboard', () => {
  test('every figure and chart equals the activity sent, for each period, all branches and one; a manager sees their branch', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS', branch: 'North' });
    const token = business.clientToken;
    const north = { id: business.branchId, name: 'North' };
    const south = { id: await addBranch(request, token, 'South'), name: 'South' };

    // A new business: the banner says how to send the first event (the next journey looks at it closely).
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.welcome).toHaveText('Welcome back, Thandi');
    await expect(dashboard.noActivityBanner).toBeVisible();

    // Back-dated events at 10:00 UTC fall on that day in the client's time zone (UTC unless set otherwise).
    const { today: todayIso, timeZone } = await serverToday(request, token);
    const today = dayNumberOf(todayIso);
    await setUpProgramme(page, request, token, todayIso);
    const thandi = await business.addCustomer(request, { name: 'Thandi', surname: 'Mokoena' });
    const naledi = await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole' });
    const pieter = await business.addCustomer(request, {
      name: 'Pieter',
      surname: 'Botha',
      branchId: south.id,
    });
    const till = await OrderChannel.connect(request, token, 'Till');

    // Pieter's R500 order today: 50 XP, level 2, Silver, and the challenge with its badge. Sent first, so that all
    // his activity counts under Silver.
    const setup: TActivity = {
      kind: 'order',
      customer: pieter,
      day: today,
      branch: south.id,
      order: 'P-500',
      total: 500,
    };
    await sendEvents(request, till.apiKey, [eventOf(setup, today)]);
    await expect
      .poll(async () => (await playerOf(request, till.apiKey, pieter)).tier?.value, { timeout: 60_000 })
      .toBe(2);

    // Log-ins (no branch) and orders at both branches on known days up to 175 days back; one order refunded later.
    const d = (daysAgo: number) => today - daysAgo;
    const activity: TActivity[] = [
      setup,
      { kind: 'login', customer: thandi, day: d(0), branch: null },
      { kind: 'order', customer: thandi, day: d(1), branch: north.id, order: 'T-150', total: 150 },
      { kind: 'login', customer: naledi, day: d(2), branch: null },
      { kind: 'order', customer: naledi, day: d(3), branch: south.id, order: 'N-80', total: 80.5 },
      { kind: 'login', customer: pieter, day: d(3), branch: null },
      { kind: 'order', customer: thandi, day: d(12), branch: north.id, order: 'T-120', total: 120 },
      { kind: 'refund', customer: thandi, day: d(5), branch: north.id, order: 'T-120' },
      { kind: 'order', customer: pieter, day: d(20), branch: north.id, order: 'P-60', total: 60 },
      { kind: 'login', customer: naledi, day: d(33), branch: null },
      { kind: 'login', customer: thandi, day: d(40), branch: null },
      { kind: 'order', customer: pieter, day: d(45), branch: south.id, order: 'P-90', total: 90 },
      { kind: 'order', customer: thandi, day: d(64), branch: north.id, order: 'T-90', total: 90 },
      { kind: 'order', customer: naledi, day: d(95), branch: north.id, order: 'N-110', total: 110 },
      { kind: 'login', customer: thandi, day: d(120), branch: null },
      { kind: 'login', customer: pieter, day: d(150), branch: null },
      { kind: 'login', customer: naledi, day: d(175), branch: null },
    ];
    await sendEvents(
      request,
      till.apiKey,
      activity.slice(1).map((item) => eventOf(item, today)),
    );
    await expectProcessed(request, token, activity.length);

    const data: TDashboardActivity = {
      activity,
      challengesCompleted: [{ day: today, branch: south.id }],
      badgesEarned: [{ day: today, branch: south.id }],
      tierOf: (customer) => (customer === pieter ? 2 : 1),
    };

    await dashboard.goto();
    await expect(dashboard.noActivityBanner).toBeHidden();
    await dashboard.expectShowing('current_month', 'all');
    await expect(dashboard.branch.locator('option')).toHaveText(['All branches', 'North', 'South']);
    for (const branch of ['all', north] as const) {
      for (const period of PERIODS) {
        await dashboard.choose(period, branch);
        const label = `${PERIOD_LABELS[period]}, ${branch === 'all' ? 'all branches' : branch.name}`;
        await expectFigures(
          dashboard,
          expectedDashboard(data, period, today, branch === 'all' ? null : branch.id),
          label,
          timeZone,
        );
      }
    }

    // The address keeps the filters: a reload shows the same figures.
    const query = new URL(page.url()).searchParams;
    expect([query.get('period'), query.get('branch')]).toEqual(['90', north.id]);
    await page.reload();
    await dashboard.expectShowing('90', north.id);
    await expectFigures(dashboard, expectedDashboard(data, '90', today, north.id), 'reloaded', timeZone);

    // Light and dark: every chart drawn, a screenshot of each, and no serious axe finding.
    await dashboard.choose('90', 'all');
    const all90 = expectedDashboard(data, '90', today, null);
    const drawn = TIER_NAMES.filter((tier) => all90.tiers[tier].some((count) => count > 0)).length;
    expect(drawn, 'tiers with activity').toBe(2);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
        .toBe(scheme);
      // A chart for each tier, with bars for those with activity; the others say there was none.
      await expect(dashboard.charts).toHaveCount(TIER_NAMES.length);
      await expect(dashboard.charts.filter({ has: page.locator('[data-bar]') })).toHaveCount(drawn);
      await page.screenshot({
        path: testInfo.outputPath(`dashboard-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      const findings = await seriousAxeFindings(page);
      expect(findings, findings.join('\n')).toEqual([]);
    }

    // An area manager of North sees North's figures at once, and no other branch to choose.
    const manager = await business.addAreaManager(request);
    await new ConsoleShell(page).logOut();
    const logIn = new LogInPage(page);
    await logIn.expectShown();
    await logIn.signInWith(manager.email, manager.password);
    await expect(page).toHaveURL(/\/console\/dashboard$/);
    await expect(dashboard.welcome).toHaveText('Welcome back, Sipho');
    await dashboard.expectShowing('current_month', north.id);
    await expect(dashboard.branch.locator('option')).toHaveText(['North']);
    await expectFigures(
      dashboard,
      expectedDashboard(data, 'current_month', today, north.id),
      'area manager',
      timeZone,
    );
  });

  test('a brand-new business sees the whole dashboard, in zeros, under a banner on sending the first event', async ({
    page,
    request,
  }, testInfo) => {
    await CustomersBusiness.create(page, request, { plan: 'BUSINESS', branch: 'North' });
    const dashboard = new DashboardPage(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await dashboard.goto();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme))
        .toBe(scheme);
      await dashboard.expectShowing('current_month', 'all');

      await expect(
        dashboard.noActivityBanner.getByRole('heading', { name: 'No activity yet' }),
      ).toBeVisible();
      await expect(dashboard.noActivityBanner).toContainText(
        'The dashboard fills in as your tills, shop and app send events. Create an API key under Settings → Integrations and send your first event.',
      );
      await expect(
        dashboard.noActivityBanner.getByRole('link', { name: 'Open Settings → Integrations' }),
      ).toHaveAttribute('href', '/console/settings/integrations');

      await expect(dashboard.period.locator('option')).toHaveText(
        PERIODS.map((period) => PERIOD_LABELS[period]),
      );
      await expect(dashboard.period).toHaveValue('current_month');
      await expect(dashboard.branch.locator('option')).toHaveText(['All branches', 'North']);
      for (const key of Object.keys(TILE_ZEROS) as TTileKey[])
        expect(await dashboard.tileTexts(key), key).toEqual({
          value: TILE_ZEROS[key],
          change: 'No previous data',
        });
      await expect(dashboard.charts).toHaveCount(TIER_NAMES.length);
      await expect(page.locator('[data-bar]')).toHaveCount(0);
      for (const tier of TIER_NAMES) {
        expect((await dashboard.tierTable(tier)).counts, tier).toEqual([0, 0, 0, 0, 0, 0, 0]);
        await expect(page.getByRole('figure', { name: tier })).toContainText(
          `No ${tier} player was active in this period.`,
        );
      }

      await page.screenshot({
        path: testInfo.outputPath(`new-business-dashboard-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      const findings = await seriousAxeFindings(page);
      expect(findings, findings.join('\n')).toEqual([]);
    }
    // The banner's link opens the integrations tab.
    await dashboard.noActivityBanner.getByRole('link', { name: 'Open Settings → Integrations' }).click();
    await expect(page).toHaveURL(/\/console\/settings\/integrations$/);
  });
});
