import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ConsoleLayoutPage } from './pages/console-layout-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { RewardEditorPage, RewardsListPage, rewardsBusiness } from './pages/rewards-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { seriousAxeFindings } from './support/axe';
import { snapshot } from './support/screens';

/** A GROWTH business with one currency, Bean Coins, whose admin is signed in; and the rewards pages. */
const beanCoinsRewards = async (page: Page, request: APIRequestContext) => {
  await rewardsBusiness(page, request, { name: 'Bean Coins', code: 'BC' });
  return { list: new RewardsListPage(page), editor: new RewardEditorPage(page) };
};

test.describe('rewards', () => {
  test('an admin creates a coupon reward, uploads its pool of codes as CSV in the editor and sees it listed as Active with its stock', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { list, editor } = await beanCoinsRewards(page, request);

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

  test('an admin leaving a reward with unsaved edits is asked first, by a link, the sidebar, Back or a reload; a saved reward is left without a question', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { list, editor } = await beanCoinsRewards(page, request);
    const layout = new ConsoleLayoutPage(page);
    await list.goto();
    await list.addReward.click();
    await editor.expectTitle('Create a reward');
    await editor.name.fill('Free Muffin');

    // The browser's Back, a sidebar link and 'Back to Rewards' each ask; Keep editing stays with the edits.
    await page.goBack();
    await layout.answerLeaveWithoutSaving('Keep editing');
    await expect(page).toHaveURL(/\/console\/reward$/);
    await expect(editor.name).toHaveValue('Free Muffin');
    await layout.navLink('Rewards').click();
    await expect(layout.leaveWithoutSaving).toContainText(
      'Your changes on this page have not been saved. If you leave now, they are lost.',
    );
    await snapshot(page, 'reward-editor-leave-unsaved');
    await layout.answerLeaveWithoutSaving('Keep editing');
    await expect(page).toHaveURL(/\/console\/reward$/);

    // A reload or closing the tab gets the browser's own question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.reload();
    expect(await asked).toBe('beforeunload');
    await editor.expectTitle('Create a reward');
    await expect(editor.name).toHaveValue('');

    // Saving clears the question: the new reward's page opens at once, and Back leaves it.
    await editor.name.fill('Free Muffin');
    await editor.description.fill('A muffin with any coffee.');
    await editor.choose(editor.type, 'Physical item');
    await editor.cost.fill('300');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Reward created.');
    await closeMessageModal(page, 'Success!');
    await expect(page).toHaveURL(/\/console\/reward\/[0-9a-f]{24}$/);
    await expect(editor.save).toBeDisabled();

    // An edit then Leave goes without saving it.
    await editor.cost.fill('450');
    await editor.backToRewards.click();
    await layout.answerLeaveWithoutSaving('Leave');
    await list.expectShown();
    expect((await list.cells('Free Muffin')).slice(1, 4)).toEqual(['Free Muffin', 'Physical item', '300 BC']);

    // Saved edits leave by Back without a question.
    await list.row('Free Muffin').getByRole('link', { name: 'Free Muffin', exact: true }).click();
    await editor.expectTitle('Reward - Free Muffin');
    await editor.cost.fill('450');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Reward updated.');
    await closeMessageModal(page, 'Success!');
    await expect(editor.save).toBeDisabled();
    await page.goBack();
    await list.expectShown();
    await expect(layout.leaveWithoutSaving).toHaveCount(0);
    expect((await list.cells('Free Muffin')).slice(1, 4)).toEqual(['Free Muffin', 'Physical item', '450 BC']);
  });
});
