import { expect, type Page, test } from '@playwright/test';
import { discPng } from './pages/badges-page';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { addCategory, addProduct } from './pages/economy-pages';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { OrderChannel } from './pages/orders-pages';
import {
  addXpConfig,
  playerOf,
  RewardTrackEditorPage,
  rewardTrackTransactions,
  segmentIdOf,
} from './pages/reward-tracks-page';
import { SegmentPlayersPage } from './pages/segments-page';
import { OwnServer } from './support/own-server';
import { snapshot } from './support/screens';

const LEVELS = [
  { name: 'Regular', colour: '#2f9e44', value: 100, level: 1 },
  { name: 'Connoisseur', colour: '#1971c2', value: 250, level: 2 },
  { name: 'Legend', colour: '#d2a023', value: 500, level: 3 },
];
const TIERS = [
  { name: 'Bronze', colour: '#cd7f32', value: 1 },
  { name: 'Silver', colour: '#adb5bd', value: 2 },
  { name: 'Gold', colour: '#fab005', value: 3 },
];

/** A progression made in the console with one year-end rule ticked. */
const createProgression = async (
  page: Page,
  kind: 'level' | 'tier',
  name: string,
  yearEndRule: 'Reset points annually' | 'Persist tier levels annually',
) => {
  const editor = new RewardTrackEditorPage(page);
  await page.goto(`/console/${kind}-progression-details`);
  await editor.expectTitle(`Create a ${kind} progression`);
  await editor.name.fill(name);
  await page.getByRole('checkbox', { name: yearEndRule }).check();
  const milestones = kind === 'level' ? LEVELS : TIERS;
  await editor.setMilestoneCount(milestones.length);
  for (const [index, milestone] of milestones.entries())
    await editor.fillMilestone(
      index + 1,
      { ...milestone, image: { name: `${kind}-${index + 1}.png`, buffer: discPng(40 + index * 8) } },
      kind === 'level' ? 'XP' : 'Level',
    );
  await editor.save.click();
  await expectMessageModal(page, 'Success!', 'Reward track saved successfully.');
  await closeMessageModal(page, 'Success!');
  await editor.expectTitle(`${kind === 'level' ? 'Level' : 'Tier'} Progression - ${name}`);
};

test.describe('reward tracks at the year end', () => {
  let server: OwnServer | undefined;
  test.afterAll(async () => {
    await server?.dispose();
  });

  test('a year end on the server’s clock resets the points and keeps the tiers, as the progressions say', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    // CLOCK_START moves the year end close, on a server of this journey's own: the shared server keeps the real
    // clock for the other journeys. The evening of 31 December first; the client is in UTC (the account's default
    // time zone; the engine tests cover another zone).
    const year = new Date().getUTCFullYear();
    server = await OwnServer.start({ CLOCK_START: `${year}-12-31T23:00:00Z` });
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const request = context.request;

    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS' });
    const token = business.clientToken;
    const beans = await addCategory(request, token, 'Beans');
    await addProduct(request, token, {
      title: 'House Blend 1kg',
      sku: 'HB-1',
      price: 300,
      categoryId: beans,
    });
    await addProduct(request, token, { title: 'Espresso 250g', sku: 'ES-1', price: 120, categoryId: beans });
    await addXpConfig(request, token, { triggerValue: 1, earnAmount: 1 });
    const channel = await OrderChannel.connect(request, token, 'Till');
    const naledi = await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole' });
    const pieter = await business.addCustomer(request, { name: 'Pieter', surname: 'Botha' });
    const HOUSE_BLEND = { sku: 'HB-1', title: 'House Blend 1kg', quantity: 1, price: 300 };
    const ESPRESSO = { sku: 'ES-1', title: 'Espresso 250g', quantity: 1, price: 120 };
    const buy = (customerId: string, item: typeof HOUSE_BLEND) =>
      channel.tillSale(customerId, business.branchId, [item]);
    const player = (customerId: string) => playerOf(request, channel.apiKey, customerId);

    // Levels whose XP starts again every year; tiers that players keep through the year end.
    await createProgression(page, 'level', 'Coffee Club Levels', 'Reset points annually');
    await createProgression(page, 'tier', 'Coffee Club Tiers', 'Persist tier levels annually');

    // Before the year end: R300 gives Naledi 300 XP (level 2, Silver), R120 gives Pieter 120 XP (level 1, Bronze).
    await buy(naledi, HOUSE_BLEND);
    await buy(pieter, ESPRESSO);
    await expect.poll(async () => (await player(pieter)).tier?.value, { timeout: 60_000 }).toBe(1);
    await expect.poll(async () => (await player(naledi)).tier?.value, { timeout: 60_000 }).toBe(2);
    expect((await player(naledi)).statistics).toMatchObject({ xp: 300, level: 2, tier: 2 });

    const profile = new CustomerProfilePage(page);
    const levelBar = page.getByRole('region', { name: 'Level Progression' });
    const tierBar = page.getByRole('region', { name: 'Tier Progression' });
    await profile.goto(naledi);
    await expect(profile.heading('Naledi Sithole')).toBeVisible();
    await expect(levelBar.getByText('Level 2', { exact: true })).toBeVisible();
    await expect(levelBar.getByText('67%')).toBeVisible();
    await expect(tierBar.getByText('Silver', { exact: true }).first()).toBeVisible();

    // Ten seconds before midnight: the server runs on into the new year, and the engine's calendar check (once a
    // minute) closes the old one.
    await server.restart({ CLOCK_START: `${year}-12-31T23:59:50Z` });
    await expect
      .poll(async () => (await player(naledi)).statistics.xp ?? 'reset', {
        timeout: 150_000,
        intervals: [2_000],
      })
      .toBe('reset');
    const afterYearEnd = await player(naledi);
    expect(afterYearEnd.statistics).toMatchObject({ level: 0, tier: 2 });
    expect(afterYearEnd.segments).toContain('tierSilver');
    expect((await player(pieter)).statistics).toMatchObject({ level: 0, tier: 1 });

    // The profile: the level starts again from nothing, the tier is kept.
    await profile.goto(naledi);
    await expect(profile.heading('Naledi Sithole')).toBeVisible();
    await expect(levelBar.getByText('None yet', { exact: true })).toBeVisible();
    await expect(levelBar.getByText('0%')).toBeVisible();
    await expect(levelBar.getByText('Coffee Club Levels · 100 XP to Regular')).toBeVisible();
    await expect(levelBar.getByRole('listitem', { name: 'Regular', exact: true })).toBeVisible();
    await expect(tierBar.getByText('Silver', { exact: true }).first()).toBeVisible();
    await expect(tierBar.getByText('67%')).toBeVisible();
    await expect(tierBar.getByRole('listitem', { name: 'Silver, reached' })).toBeVisible();
    await expect(tierBar.getByText('Coffee Club Tiers · 3 levels to Gold')).toBeVisible();
    await snapshot(page, 'reward-tracks-year-end-profile');

    // The tier segments still hold their players.
    const players = new SegmentPlayersPage(page);
    for (const [segment, customerId, fullName] of [
      ['tierSilver', naledi, 'Naledi Sithole'],
      ['tierBronze', pieter, 'Pieter Botha'],
    ] as const) {
      await page.goto(`/console/segment/${(await segmentIdOf(request, token, segment))._id}/players`);
      await players.expectShown(segment);
      await expect(players.playerRow(customerId)).toContainText(fullName);
    }

    // XP earned in the new year reaches the first level again (a new row); the kept tier stays above it.
    await buy(naledi, ESPRESSO);
    await expect.poll(async () => (await player(naledi)).level?.value, { timeout: 60_000 }).toBe(1);
    expect((await player(naledi)).statistics).toMatchObject({ xp: 120, level: 1, tier: 2 });
    const rows = (await rewardTrackTransactions(request, token)).filter((row) => row.user_id === naledi);
    expect(rows.map((row) => `${row.reward_track_name}: ${row.milestone_reached}`).sort()).toEqual([
      'Coffee Club Levels: Connoisseur',
      'Coffee Club Levels: Regular',
      'Coffee Club Levels: Regular',
      'Coffee Club Tiers: Bronze',
      'Coffee Club Tiers: Silver',
    ]);
    await page.goto('/console/transactions/reward-tracks');
    await expect(page.getByRole('heading', { level: 1, name: 'Reward Track Transactions' })).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: 'Naledi' }).filter({ hasText: 'Regular' }),
    ).toHaveCount(2);
    await snapshot(page, 'reward-tracks-year-end-transactions');
    await context.close();
  });
});
