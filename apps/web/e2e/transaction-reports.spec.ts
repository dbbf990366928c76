import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createOrderValueChallenge } from './pages/challenges-page';
import { addBranch, CustomersBusiness } from './pages/customers-page';
import { playerOf } from './pages/economy-pages';
import { OrderChannel } from './pages/orders-pages';
import { snapshot } from './support/screens';

type TRow = Record<string, string | number | boolean | null> & {
  _id: string;
  user_id: string;
  branch_location: string | null;
};
type TKind = 'economy' | 'challenges' | 'badges' | 'reward-tracks';

const PAGES: Record<TKind, { path: string; title: string }> = {
  economy: { path: '/console/economics/transactions', title: 'Economy Transactions' },
  challenges: { path: '/console/transactions/challenges', title: 'Challenges Transactions' },
  badges: { path: '/console/transactions/badges', title: 'Badge Transactions' },
  'reward-tracks': { path: '/console/transactions/reward-tracks', title: 'Reward Track Transactions' },
};

/** Each report's first card, as a reader would work it out from the rows the filters leave. */
const FIRST_CARD: Record<TKind, { label: string; of: (rows: TRow[]) => number }> = {
  economy: {
    label: 'Total Earnings',
    of: (rows) => rows.reduce((sum, row) => sum + Math.max(0, Number(row.value)), 0),
  },
  challenges: {
    label: 'Total Challenges Participated',
    of: (rows) => new Set(rows.map((row) => `${row.user_id}:${row.challenge_name}`)).size,
  },
  badges: { label: 'Total Badges Earned', of: (rows) => rows.length },
  'reward-tracks': {
    label: 'Total Users on Reward Tracks',
    of: (rows) => new Set(rows.map((row) => row.user_id)).size,
  },
};

const api = (request: APIRequestContext, token: string) => ({
  post: async (url: string, data: unknown) => {
    const res = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { content: Record<string, unknown> }).content;
  },
  rows: async (kind: TKind, query = '') => {
    const res = await request.get(`/api/transactions/${kind}?size=100&${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { content: TRow[] }).content;
  },
});

/** The CSV the console saves when Export CSV is clicked: its lines. */
const exportedLines = async (page: Page) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), lines: (await readFile(path, 'utf8')).trim().split('\n') };
};

const figure = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

test.describe('transaction reports', () => {
  test('activity in all four ledgers shows in each report; a filter narrows rows, cards and export alike', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS', branch: 'North' });
    const call = api(request, business.clientToken);
    const south = await addBranch(request, business.clientToken, 'South');
    const thandi = await business.addCustomer(request, { name: 'Thandi', surname: 'Mokoena' });
    const pieter = await business.addCustomer(request, { name: 'Pieter', surname: 'Botha', branchId: south });
    const channel = await OrderChannel.connect(request, business.clientToken, 'Till');

    // The programme, through the areas' own APIs: cashback and XP for everyone, a level progression, and a
    // challenge (an order of R200 or more) paying a badge whose name looks like a spreadsheet formula.
    const segments = await request.get('/api/segments?page=1&size=100&search_string=AllPlayers', {
      headers: { Authorization: `Bearer ${business.clientToken}` },
    });
    const allPlayers = ((await segments.json()) as { content: { _id: string; name: string }[] }).content.find(
      (segment) => segment.name === 'AllPlayers',
    )?._id as string;
    const currency = await call.post('/api/economy/currencies', {
      type: 'custom',
      name: 'Bean Coins',
      code: 'BC',
      conversion_rate: 1,
    });
    await call.post('/api/economy/earn-configs', {
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: allPlayers,
      earn_target: currency._id,
    });
    await call.post('/api/economy/earn-configs', {
      type: 'Statistic',
      trigger_value: 10,
      earn_amount: 1,
      segment_id: allPlayers,
      earn_target: 'xp',
    });
    const image = new URL('/favicon.svg', page.url()).toString();
    await call.post('/api/reward-tracks', {
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      start_date: '2026-01-01',
      end_date: '2030-12-31',
      reset_points_annually: false,
      persist_tier_levels_annually: false,
      milestone_count: 2,
      milestones: [
        { name: 'level 1', colour: '#d2a023', source_value: 5, target_value: 1, image_url: image },
        { name: 'level 2', colour: '#d2a023', source_value: 40, target_value: 2, image_url: image },
      ],
    });
    const badge = await call.post('/api/badges', {
      name: '=Big Spender',
      description: 'For a big order',
      sub_copy: 'Thank you',
      quantity_limited: false,
      quantity: 0,
      dates_enabled: false,
      icon: { name: 'mug-hot', prefix: 'fas' },
      theme: {
        primary: '#d2a023',
        name: '#d2a023',
        sub_copy: '#000000',
        background: '#FFFFFF',
        icon: '#FFFFFF',
      },
      category: 'Milestone',
      level: 2,
    });
    const today = new Date().toISOString().slice(0, 10);
    await createOrderValueChallenge(request, business.clientToken, {
      startDate: today,
      minOrderValue: 200,
      rewards: [
        { type: 'badges', value: String(badge._id) },
        { type: 'xp', value: 50 },
      ],
      segmentId: allPlayers,
    });

    // Thandi orders R250 at North (cashback, XP, the challenge, level 2); Pieter R100 at South (level 1 only).
    for (const [customer, branch, price] of [
      [thandi, business.branchId, 250],
      [pieter, south, 100],
    ] as const) {
      const order = await channel.postOrder({
        order_id: `till-${customer}`,
        customer: { _id: customer },
        branch_id: branch,
        status: 'POS-ORDERED',
        method: 'COLLECTION',
        payment_method: 'CARD',
        items: [{ sku: 'HB-1', title: 'House Blend 1kg', quantity: 1, price }],
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
    }
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, thandi)).statistics.level, {
        timeout: 30_000,
      })
      .toBe(2);
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, pieter)).statistics.level, {
        timeout: 30_000,
      })
      .toBe(1);

    for (const kind of ['economy', 'challenges', 'badges', 'reward-tracks'] as const) {
      const all = await call.rows(kind);
      expect(all.length, kind).toBeGreaterThan(0);
      await page.goto(PAGES[kind].path);
      await expect(page.getByRole('heading', { level: 1, name: PAGES[kind].title })).toBeVisible();
      // Spec 3 §2: the economy report's heading 'Economy Transaction:'.
      if (kind === 'economy')
        await expect(page.getByRole('heading', { name: 'Economy Transaction:' })).toBeVisible();
      for (const name of new Set(all.map((row) => String(row.user_name))))
        await expect(page.getByRole('cell', { name }).first()).toBeVisible();
      const card = page.getByRole('group', { name: FIRST_CARD[kind].label });
      await expect(card).toContainText(figure(FIRST_CARD[kind].of(all)));

      // The branch filter narrows the rows, the cards and the export the same way.
      const north = all.filter((row) => row.branch_location === 'North');
      await page.getByRole('combobox', { name: 'Branches' }).click();
      await page.getByRole('option', { name: 'North' }).click();
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(/branch_location=North/);
      await expect(page.getByRole('cell', { name: 'Pieter Botha' })).toHaveCount(0);
      if (north.length > 0)
        await expect(page.getByRole('cell', { name: 'Thandi Mokoena' }).first()).toBeVisible();
      expect((await call.rows(kind, 'branch_location=North')).map((row) => row._id).sort()).toEqual(
        north.map((row) => row._id).sort(),
      );
      await expect(card).toContainText(figure(FIRST_CARD[kind].of(north)));
      await expect(page.getByRole('button', { name: 'Reset' })).toBeEnabled();
      await snapshot(page, `transactions-${kind}`);

      const file = await exportedLines(page);
      expect(file.name).toMatch(/_\d{4}-\d\d-\d\d\.csv$/);
      const [header, ...lines] = file.lines;
      expect(header?.split(',')[0]).toBe('_id');
      expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(north.map((row) => row._id).sort());
      if (kind === 'badges') expect(lines.join('\n')).toContain(",'=Big Spender,");

      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page).not.toHaveURL(/branch_location/);
      await expect(card).toContainText(figure(FIRST_CARD[kind].of(all)));
    }

    // The reward track report (the page still open) shows what each milestone gave, as the API and CSV say.
    for (const row of await call.rows('reward-tracks'))
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: row._id })
          .getByRole('cell', { name: String(row.reward_claimed), exact: true }),
      ).toBeVisible();
    // A min value that is not a number marks its field and is not sent: no error modal over the report.
    const min = page.getByRole('textbox', { name: 'Min value' });
    await min.fill('abc');
    await expect(page.getByText('Enter a number')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'Thandi Mokoena' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(min).toHaveValue('');
  });
});
