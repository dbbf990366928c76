import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const TILE_LABELS = {
  daily_active_users: 'Daily Active Users',
  monthly_active_users: 'Monthly Active Users',
  challenges_completed: 'Challenges Completed',
  badges_earned: 'Badges Earned',
  transaction_revenue: 'Transaction Revenue',
  paying_players: 'Paying Players',
} as const;
export type TTileKey = keyof typeof TILE_LABELS;

export const PERIOD_LABELS = {
  current_month: 'Current Month',
  previous_month: 'Last Month',
  '30': 'Last 30 Days',
  '90': 'Last 90 Days',
} as const;

/**
 * `/console/dashboard`: the welcome, the period and branch filters, six tiles and five tier charts; before the first
 * event, a banner above them.
 */
export class DashboardPage {
  readonly welcome: Locator;
  readonly period: Locator;
  readonly branch: Locator;
  readonly figures: Locator;
  /** Before the business's first event: how to send one. */
  readonly noActivityBanner: Locator;
  /** The five tier charts (drawn, hidden from assistive technology; their tables say the same). */
  readonly charts: Locator;

  constructor(readonly page: Page) {
    this.welcome = page.getByRole('heading', { level: 1 });
    this.period = page.getByRole('combobox', { name: 'Period' });
    this.branch = page.getByRole('combobox', { name: 'Branch' });
    this.figures = page.locator('[data-showing]');
    this.noActivityBanner = page.getByRole('region', { name: 'No activity yet' });
    this.charts = page.locator('[data-weekday-chart]');
  }

  async goto(query = '') {
    await this.page.goto(`/console/dashboard${query}`);
    await expect(this.welcome).toBeVisible();
  }

  /** Waits until the figures on screen are those of this period and branch (its id, or 'all'). */
  async expectShowing(period: keyof typeof PERIOD_LABELS, branch: string) {
    await expect(this.page.locator(`[data-showing="${period}:${branch}"]`)).toBeVisible();
  }

  /**
   * Chooses a period, then a branch, each once the page shows the one before: the filters live in the address,
   * and a second change made before the page has re-rendered would start from the address before the first.
   */
  async choose(period: keyof typeof PERIOD_LABELS, branch: { id: string; name: string } | 'all') {
    await this.period.selectOption({ label: PERIOD_LABELS[period] });
    await expect(this.period).toHaveValue(period);
    await this.branch.selectOption({ label: branch === 'all' ? 'All branches' : branch.name });
    await expect(this.branch).toHaveValue(branch === 'all' ? '' : branch.id);
    await this.expectShowing(period, branch === 'all' ? 'all' : branch.id);
  }

  tile(key: TTileKey) {
    return this.page.getByRole('group', { name: TILE_LABELS[key] });
  }

  /** A tile's figure and its change line, as they read. */
  async tileTexts(key: TTileKey) {
    const tile = this.tile(key);
    return {
      value: (await tile.locator('[data-stat-value]').textContent())?.trim(),
      change: (await tile.locator('[data-stat-change]').textContent())?.trim(),
    };
  }

  /** A tier chart's text alternative: its weekday headers and the seven values. */
  async tierTable(tier: string) {
    const table = this.page.getByRole('table', { name: `${tier}: active players by weekday` });
    return {
      weekdays: (await table.getByRole('columnheader').allTextContents()).map((text) => text.trim()),
      counts: (await table.getByRole('cell').allTextContents()).map((text) => Number(text)),
    };
  }
}

let sent = 0;

/** Events as the client's till or app sends them (`POST /api/v1/events` with an API key), all accepted. */
export const sendEvents = async (
  request: APIRequestContext,
  apiKey: string,
  events: Record<string, unknown>[],
) => {
  const batch = events.map((event) => {
    sent += 1;
    return { id: `dash-${Date.now().toString(36)}-${sent}`, ...event };
  });
  const response = await request.post('/api/v1/events', {
    data: { events: batch },
    headers: { 'X-Api-Key': apiKey },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answers = ((await response.json()) as { content: { status: string; error?: string }[] }).content;
  expect(answers, JSON.stringify(answers)).toEqual(
    batch.map(() => ({ id: expect.any(String), status: 'accepted' })),
  );
};

/** How many of the client's events have this status in the event log (Settings -> Integrations). */
export const eventsWithStatus = async (request: APIRequestContext, clientToken: string, status: string) => {
  const response = await request.get(`/api/integrations/events?page=1&size=1&status=${status}`, {
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { pagination?: { count: number } }).pagination?.count ?? 0;
};

/** Waits until the engine has processed `count` events of the client, none of them set aside. */
export const expectProcessed = async (request: APIRequestContext, clientToken: string, count: number) => {
  await expect
    .poll(
      async () => {
        expect(await eventsWithStatus(request, clientToken, 'parked'), 'parked events').toBe(0);
        return eventsWithStatus(request, clientToken, 'processed');
      },
      { timeout: 60_000, message: 'every event processed' },
    )
    .toBe(count);
};
