import { expect, test } from '@playwright/test';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { RewardEditorPage, RewardsListPage, rewardsBusiness } from './pages/rewards-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { seriousAxeFindings } from './support/axe';
import { snapshot } from './support/screens';

test.describe('rewards', () => {
  test('an admin creates a coupon reward, uploads its pool of codes as CSV in the editor and sees it listed as Active with its stock', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await rewardsBusiness(page, request, { name: 'Bean Coins', code: 'BC' });
    const list = new RewardsListPage(page);
    const editor = new RewardEditorPage(page);

    // The sidebar leads to the empty catalogue.
    await page.goto('/console/dashboard');
    await page.getByRole('link', { name: 'Rewards', exact: true }).click();
    await list.expectShown();
    await expect(page.getByText('This table is empty.')).toBeVisible();

    // A new reward starts as a coupon in the business's currency; Save waits for an edit and a save with gaps lists
    // the contract's messages.
    await list.addReward.click();
    await editor.expectTitle('Create a reward');
    await expect(editor.type).toHaveValue('Coupon');
    await expect(editor.currency).toHaveValue('Bean Coins (BC)');
    await expect(editor.save).toBeDisabled();
    await editor.name.fill('Partner Voucher');
    await expect(editor.save).toBeEnabled();
    await editor.save.click();
    const invalid = await expectMessageModal(
      page,
      'Validation Error',
      'Please correct the following errors.',
    );
    await expect(invalid.getByRole('listitem')).toHaveText([
      'Description is required',
      'Cost is required',
      'Coupon value is required',
    ]);
    await closeMessageModal(page, 'Validation Error');

    // A pool of partner codes, 15% off, valid 60 days, 40 in stock.
    await editor.description.fill('15% off at our partner bakery.');
    await editor.cost.fill('800');
    await editor.choose(editor.codes, 'A pool of codes (CSV)');
    await editor.choose(editor.valueType, 'Percentage off');
    await editor.couponValue.fill('15');
    await editor.validFor.fill('60');
    await editor.unlimited.click();
    await editor.stock.fill('40');
    await expect(editor.preview.getByText('Partner Voucher', { exact: true })).toBeVisible();
    await expect(editor.preview.getByTestId('reward-preview-cost')).toHaveText('800 BC');
    await expect(editor.preview.getByText('15% off', { exact: true })).toBeVisible();
    await expect(editor.preview.getByText('40 left', { exact: true })).toBeVisible();
    await expect(
      editor.form.getByText('Save the reward first: codes are uploaded to a saved reward.'),
    ).toBeVisible();
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Reward created.');
    await closeMessageModal(page, 'Success!');
    await expect(page).toHaveURL(/\/console\/reward\/[0-9a-f]{24}$/);
    await editor.expectTitle('Reward - Partner Voucher');
    await expect(editor.save).toBeDisabled();

    // The saved pool takes a CSV: a header line and 12 codes; the same file again adds none.
    await expect(editor.codesLeft).toHaveText('0 of 0 codes left');
    const t = Date.now().toString(36).toUpperCase();
    const codes = Array.from({ length: 12 }, (_, index) => `PV-${t}-${String(index + 1).padStart(3, '0')}`);
    const csv = ['code', ...codes].join('\n');
    await editor.uploadCodesFile('partner-codes.csv', csv);
    await expect(editor.form.getByRole('status').filter({ hasText: '12 codes added.' })).toBeVisible();
    await expect(editor.codesLeft).toHaveText('12 of 12 codes left');
    await editor.uploadCodesFile('partner-codes.csv', csv);
    await expect(
      editor.form.getByRole('status').filter({ hasText: '0 codes added; 12 already known skipped.' }),
    ).toBeVisible();
    await expect(editor.codesLeft).toHaveText('12 of 12 codes left');
    await expect(editor.save).toBeDisabled();
    await expect(editor.preview.getByText('Active', { exact: true })).toBeVisible();
    await tallSnapshot(page, 'reward-editor');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A reload brings it all back from the server.
    await page.reload();
    await editor.expectTitle('Reward - Partner Voucher');
    await expect(editor.codes).toHaveValue('A pool of codes (CSV)');
    await expect(editor.couponValue).toHaveValue('15');
    await expect(editor.stock).toHaveValue('40');
    await expect(editor.codesLeft).toHaveText('12 of 12 codes left');

    // Listed as Active with what it can still issue: a stock of 40, but only the 12 codes of its pool.
    await editor.backToRewards.click();
    await list.expectShown();
    expect((await list.cells('Partner Voucher')).slice(1)).toEqual([
      'Partner Voucher',
      'Coupon',
      '800 BC',
      '12',
      '0',
      'Active',
    ]);
    await snapshot(page, 'rewards-list');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The filters find it by status and type and leave it out otherwise.
    await page.goto('/console/rewards?status=Active&type=coupon');
    await expect(list.row('Partner Voucher')).toBeVisible();
    await page.goto('/console/rewards?type=physical');
    await expect(page.getByText('This table is empty.')).toBeVisible();
  });
});
