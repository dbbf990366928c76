import { expect, test } from '@playwright/test';
import { discPng } from './pages/badges-page';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { addCategory, addProduct } from './pages/economy-pages';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { OrderChannel } from './pages/orders-pages';
import {
  addStatistic,
  addXpConfig,
  playerOf,
  RewardTrackEditorPage,
  RewardTracksListPage,
  rewardTrackTransactions,
  segmentIdOf,
  sendStatisticUpdate,
} from './pages/reward-tracks-page';
import { SegmentPlayersPage } from './pages/segments-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

const LEVELS = [
  { name: 'Newcomer', colour: '#2f9e44', value: 100, level: 1 },
  { name: 'Regular', colour: '#1971c2', value: 200, level: 2 },
  { name: 'Connoisseur', colour: '#9c36b5', value: 400, level: 3 },
  { name: 'Legend', colour: '#d2a023', value: 800, level: 4 },
];
const TIERS = [
  { name: 'Bronze', colour: '#cd7f32', value: 1 },
  { name: 'Silver', colour: '#adb5bd', value: 2 },
  { name: 'Gold', colour: '#fab005', value: 3 },
];
const image = (name: string, size: number) => ({ name, buffer: discPng(size) });

test.describe('reward tracks', () => {
  test('a level and a tier progression made in the console move a customer as orders earn XP', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // BUSINESS: reward tracks and the economy (GROWTH) and the transaction reports. XP comes from an XP earn
    // config of 1 XP per R1 of spend, through orders at the till (the API key's channel).
    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS' });
    const token = business.clientToken;
    const coffee = await addCategory(request, token, 'Coffee');
    await addProduct(request, token, {
      title: 'House Blend 1kg',
      sku: 'HB-1',
      price: 250,
      categoryId: coffee,
    });
    await addProduct(request, token, {
      title: 'Espresso Beans',
      sku: 'EB-1',
      price: 200,
      categoryId: coffee,
    });
    await addXpConfig(request, token, { triggerValue: 1, earnAmount: 1 });
    const channel = await OrderChannel.connect(request, token, 'Till');
    const customerId = await business.addCustomer(request, { name: 'Naledi', surname: 'Sithole' });
    await addStatistic(request, token, 'coffeeStamps', 'Sum');
    await addStatistic(request, token, 'freeCoffees', 'Last');

    const list = new RewardTracksListPage(page);
    const editor = new RewardTrackEditorPage(page);

    // The profile before any track: the bars say so.
    const profile = new CustomerProfilePage(page);
    await profile.goto(customerId);
    await expect(profile.heading('Naledi Sithole')).toBeVisible();
    await expect(page.getByText('No tier progression has been set up yet.')).toBeVisible();
    await expect(page.getByText('No level progression has been set up yet.')).toBeVisible();

    // Level progression from the sidebar: nothing yet, so the create page.
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    // The group's label (the Transactions group has a 'Reward Tracks' page too).
    await sidebar.getByText('Reward Tracks', { exact: true }).first().click();
    await sidebar.getByRole('link', { name: 'Level Progression' }).click();
    await editor.expectTitle('Create a level progression');
    await expect(page).toHaveURL(/\/console\/level-progression-details$/);
    await expect(editor.save).toBeDisabled();
    await expect(editor.information.getByRole('textbox', { name: 'Source' })).toHaveValue('xp');
    await expect(editor.information.getByRole('textbox', { name: 'Target' })).toHaveValue('level');
    await expect(editor.milestones()).toHaveCount(1);
    await tallSnapshot(page, 'reward-track-level-create');

    await editor.name.fill('Coffee Club Levels');
    await expect(editor.save).toBeEnabled();
    const { dialog, messages } = await editor.validationErrors();
    expect(messages).toEqual([
      'Name is required',
      'Value is required',
      'Level is required',
      'Image is required',
      'Color is required',
    ]);
    await snapshot(page, 'reward-track-validation-error');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.milestone(1).getByText('Image is required')).toBeVisible();

    // Four milestones, each with its image; the list follows the count both ways.
    await editor.setMilestoneCount(5);
    await editor.setMilestoneCount(4);
    await editor.fillDay('Start Date', '1 Jan 2026');
    for (const [index, level] of LEVELS.entries())
      await editor.fillMilestone(
        index + 1,
        { ...level, image: image(`level-${index + 1}.png`, 48 + index * 8) },
        'XP',
      );
    await tallSnapshot(page, 'reward-track-level-filled');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Reward track saved successfully.');
    await closeMessageModal(page, 'Success!');
    await expect(page).toHaveURL(/\/console\/level-progression-details\/[0-9a-f]{24}$/);
    await editor.expectTitle('Level Progression - Coffee Club Levels');
    await expect(editor.save).toBeDisabled();
    await expect(editor.milestone(4).getByRole('img', { name: 'Milestone 4 image' })).toHaveAttribute(
      'src',
      /\/media\/.+\.png$/,
    );
    await tallSnapshot(page, 'reward-track-level-saved');

    // Tier progression: three tiers, Bronze to Gold by position, each reached at a level.
    await sidebar.getByRole('link', { name: 'Tier Progression' }).click();
    await editor.expectTitle('Create a tier progression');
    await editor.name.fill('Coffee Club Tiers');
    await expect(page.getByRole('combobox', { name: 'Qualification window' })).toHaveValue(
      'Tier follows the level at once',
    );
    await editor.setMilestoneCount(3);
    for (const [index, tier] of TIERS.entries()) {
      await expect(editor.milestone(index + 1).getByRole('textbox', { name: 'Tier' })).toHaveValue(
        String(index + 1),
      );
      await expect(editor.milestone(index + 1).getByText(tier.name, { exact: true })).toBeVisible();
      await editor.fillMilestone(index + 1, { ...tier, image: image(`tier-${index + 1}.png`, 40) }, 'Level');
    }
    await tallSnapshot(page, 'reward-track-tier-filled');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Reward track saved successfully.');
    await closeMessageModal(page, 'Success!');
    await expect(page).toHaveURL(/\/console\/tier-progression-details\/[0-9a-f]{24}$/);
    await editor.expectTitle('Tier Progression - Coffee Club Tiers');
    const tierUrl = page.url();

    // The sidebar's link now opens the existing tier track.
    await sidebar.getByRole('link', { name: 'Level Progression' }).click();
    await editor.expectTitle('Level Progression - Coffee Club Levels');
    await sidebar.getByRole('link', { name: 'Tier Progression' }).click();
    await editor.expectTitle('Tier Progression - Coffee Club Tiers');
    expect(page.url()).toBe(tierUrl);

    // Both in the list, with Source, Target and dates; a card expands to its milestones.
    await editor.backToRewardTracks.click();
    await list.expectShown();
    await expect(list.card('Coffee Club Levels')).toContainText('xp');
    await expect(list.card('Coffee Club Levels')).toContainText('1 Jan 2026');
    await expect(list.card('Coffee Club Tiers')).toContainText('level');
    await expect(list.card('Coffee Club Tiers')).toContainText('No date');
    await list.expand('Coffee Club Levels');
    await expect(list.card('Coffee Club Levels').getByRole('row')).toHaveCount(5);
    await snapshot(page, 'reward-tracks-list');

    // R250 at the till: 250 XP, level 2 (200 XP), tier 2 (Silver, from level 2).
    await channel.tillSale(customerId, business.branchId, [
      { sku: 'HB-1', title: 'House Blend 1kg', quantity: 1, price: 250 },
    ]);
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).tier?.value, {
        timeout: 60_000,
      })
      .toBe(2);
    const silver = await playerOf(request, channel.apiKey, customerId);
    expect(silver.statistics.xp).toBe(250);
    expect(silver.level).toMatchObject({
      value: 2,
      name: 'Regular',
      next: { name: 'Connoisseur', source_value: 400 },
    });
    expect(silver.tier).toMatchObject({ value: 2, tier: 'Silver' });
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).segments)
      .toContain('tierSilver');

    // The profile's step bars: level 2 of 4 is 50%, tier 2 of 3 is 67%.
    await profile.goto(customerId);
    await expect(profile.heading('Naledi Sithole')).toBeVisible();
    const levelBar = page.getByRole('region', { name: 'Level Progression' });
    const tierBar = page.getByRole('region', { name: 'Tier Progression' });
    await expect(levelBar.getByText('Level 2', { exact: true })).toBeVisible();
    await expect(levelBar.getByText('50%')).toBeVisible();
    await expect(levelBar.getByText('Coffee Club Levels · 150 XP to Connoisseur')).toBeVisible();
    await expect(levelBar.getByRole('listitem', { name: 'Regular, reached' })).toBeVisible();
    await expect(levelBar.getByRole('listitem', { name: 'Connoisseur' })).toBeVisible();
    await expect(tierBar.getByText('Silver', { exact: true }).first()).toBeVisible();
    await expect(tierBar.getByText('67%')).toBeVisible();
    await expect(tierBar.getByRole('listitem', { name: 'Silver, reached' })).toBeVisible();
    await snapshot(page, 'reward-tracks-profile-silver');

    // The tierSilver segment's players page lists the customer.
    const tierSilver = await segmentIdOf(request, token, 'tierSilver');
    const players = new SegmentPlayersPage(page);
    await page.goto(`/console/segment/${tierSilver._id}/players`);
    await players.expectShown('tierSilver');
    await expect(players.playerRow(customerId)).toContainText('Naledi Sithole');
    await snapshot(page, 'reward-tracks-tier-segment-players');

    // R200 more: 450 XP, level 3, Gold.
    await channel.tillSale(customerId, business.branchId, [
      { sku: 'EB-1', title: 'Espresso Beans', quantity: 1, price: 200 },
    ]);
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).tier?.value, {
        timeout: 60_000,
      })
      .toBe(3);
    await profile.goto(customerId);
    await expect(levelBar.getByText('Level 3', { exact: true })).toBeVisible();
    await expect(levelBar.getByText('75%')).toBeVisible();
    await expect(tierBar.getByText('100%')).toBeVisible();
    await expect(tierBar.getByText('Coffee Club Tiers · The top of the track is reached.')).toBeVisible();
    await snapshot(page, 'reward-tracks-profile-gold');

    // One reward-track transaction per milestone reached: three levels and three tiers.
    const rows = (await rewardTrackTransactions(request, token)).filter((row) => row.user_id === customerId);
    expect(rows.map((row) => `${row.reward_track_name}: ${row.milestone_reached}`).sort()).toEqual([
      'Coffee Club Levels: Connoisseur',
      'Coffee Club Levels: Newcomer',
      'Coffee Club Levels: Regular',
      'Coffee Club Tiers: Bronze',
      'Coffee Club Tiers: Gold',
      'Coffee Club Tiers: Silver',
    ]);
    await page.goto('/console/transactions/reward-tracks');
    await expect(page.getByRole('heading', { level: 1, name: 'Reward Track Transactions' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Connoisseur' })).toBeVisible();
    // Reward Claimed shows what the milestone gave ('Level 3'), as the API does.
    const connoisseur = rows.find((row) => row.milestone_reached === 'Connoisseur');
    expect(connoisseur?.reward_claimed).toMatch(/^Level \d$/);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: 'Connoisseur' })
        .getByRole('cell', { name: connoisseur?.reward_claimed, exact: true }),
    ).toBeVisible();
    await snapshot(page, 'reward-tracks-transactions');

    // A generic track: 10 coffee stamps set freeCoffees to 1; the source and target come from the statistics.
    await list.goto();
    await list.addRewardTrack.click();
    await editor.expectTitle('Create a reward track');
    await editor.name.fill('Stamp Card');
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'coffeeStamps', exact: true }).click();
    await page.getByRole('combobox', { name: 'Target' }).click();
    await expect(page.getByRole('option', { name: 'xp', exact: true })).toHaveCount(0);
    await page.getByRole('option', { name: 'freeCoffees', exact: true }).click();
    await editor.fillMilestone(
      1,
      { name: 'Free coffee', colour: '#2f9e44', value: 10, image: image('stamp.png', 32) },
      'Source Value',
    );
    await editor.milestone(1).getByRole('textbox', { name: 'Target Value' }).fill('1');
    await tallSnapshot(page, 'reward-track-generic-filled');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Reward track saved successfully.');
    await closeMessageModal(page, 'Success!');
    await expect(page).toHaveURL(/\/console\/reward-track-details\/[0-9a-f]{24}$/);
    await editor.expectTitle('Reward Track - Stamp Card');
    await sendStatisticUpdate(request, channel.apiKey, customerId, 'coffeeStamps', 10);
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).statistics.freeCoffees, {
        timeout: 60_000,
      })
      .toBe(1);

    // Delete from the list, after the confirmation; the customer keeps the tier reached.
    await editor.backToRewardTracks.click();
    await list.expectShown();
    await list.card('Coffee Club Tiers').getByRole('button', { name: 'Delete Coffee Club Tiers' }).click();
    const confirm = page.getByRole('dialog', { name: "Delete the reward track 'Coffee Club Tiers'?" });
    await expect(confirm).toBeVisible();
    await snapshot(page, 'reward-tracks-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectMessageModal(page, 'Success!', 'Successfully deleted reward track.');
    await closeMessageModal(page, 'Success!');
    await expect(list.card('Coffee Club Tiers')).toHaveCount(0);
    await expect(list.card('Coffee Club Levels')).toBeVisible();
    expect((await playerOf(request, channel.apiKey, customerId)).statistics.tier).toBe(3);
  });
});
