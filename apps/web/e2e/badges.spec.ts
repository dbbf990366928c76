import { expect, test } from '@playwright/test';
import { BadgeEditorPage, BadgesListPage, badgesBusiness, discPng } from './pages/badges-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

test.describe('badges', () => {
  test('build a badge with a library icon and one with an uploaded PNG, see them listed, edit one, delete one', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await badgesBusiness(page, request);
    const list = new BadgesListPage(page);
    const editor = new BadgeEditorPage(page);
    await list.goto();
    await expect(page.getByText('This table is empty.')).toBeVisible();

    // A library icon: Save waits for an edit, and a save with gaps lists the spec's messages.
    await list.addBadge.click();
    await editor.expectTitle('Create a badge');
    await expect(page.getByRole('heading', { level: 2, name: 'Customise Your Badge' })).toBeVisible();
    await expect(editor.save).toBeDisabled();
    await expect(editor.quantity).toBeDisabled();
    await expect(editor.startDate).toBeDisabled();
    await editor.name.fill('Coffee Connoisseur');
    await expect(editor.save).toBeEnabled();
    await editor.save.click();
    const invalid = await expectMessageModal(
      page,
      'Validation Error',
      'Please correct the following errors:',
    );
    await expect(invalid.getByRole('listitem')).toHaveText([
      'Description is required',
      'Sub copy is required',
      'Icon is required',
    ]);
    await closeMessageModal(page, 'Validation Error');

    await editor.choose(editor.category, 'Milestone');
    await editor.level.fill('3');
    await tallSnapshot(page, 'badge-details');
    await editor.pickLibraryIcon('MUG', 'mug-hot');
    await expect(editor.preview.getByRole('img', { name: 'mug-hot icon' }).locator('svg')).toBeVisible();
    await tallSnapshot(page, 'badge-icons');
    await editor.tab('Text');
    await expect(editor.form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'Coffee Connoisseur',
    );
    await editor.description.fill('Awarded to our most loyal coffee lovers.');
    await editor.subCopy.fill('Earned with your 10th coffee');
    await tallSnapshot(page, 'badge-text');
    await editor.tab('Theme');
    await editor.colour('Primary Color').fill('#1971c2');
    // Closes the colour picker's dropdown before the screenshot.
    await page.getByRole('heading', { level: 2, name: 'Customise Your Badge' }).click();
    await expect(editor.preview.getByRole('img', { name: 'mug-hot icon' })).toHaveCSS(
      'background-color',
      'rgb(25, 113, 194)',
    );
    await tallSnapshot(page, 'badge-theme');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Successfully saved your badge.');
    await closeMessageModal(page, 'Success!');
    await expect(page).toHaveURL(/\/console\/badge\/[0-9a-f]{24}$/);
    await editor.expectTitle('Badge - Coffee Connoisseur');
    await expect(editor.save).toBeDisabled();

    // An uploaded PNG, a limited stock and dates.
    await editor.backToBadges.click();
    await list.expectShown();
    await list.addBadge.click();
    await editor.expectTitle('Create a badge');
    await editor.name.fill('Summer Star');
    await editor.enableDates.check();
    await editor.fillDay(editor.startDate, '1 Dec 2025');
    await editor.fillDay(editor.endDate, '28 Feb 2026');
    await editor.choose(editor.quantityType, 'Limited');
    await expect(editor.quantity).toBeEnabled();
    await editor.quantity.fill('50');
    await editor.uploadIcon('summer-star.png', discPng());
    await expect(editor.preview.getByRole('img', { name: /^Custom icon/ }).locator('img')).toBeVisible();
    await tallSnapshot(page, 'badge-upload');
    await editor.tab('Text');
    await editor.description.fill('For visits over the summer holidays.');
    await editor.subCopy.fill('Summer 2025');
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Successfully saved your badge.');
    await closeMessageModal(page, 'Success!');
    await editor.expectTitle('Badge - Summer Star');

    // Both in the list, each with its own icon.
    await editor.backToBadges.click();
    await list.expectShown();
    await expect(list.icon('Coffee Connoisseur')).toHaveAttribute('aria-label', 'mug-hot icon');
    await expect(list.icon('Coffee Connoisseur').locator('svg[data-icon="mug-hot"]')).toBeVisible();
    const uploaded = list.icon('Summer Star').locator('img');
    await expect(uploaded).toHaveAttribute('src', /\/media\/.+\.png$/);
    await expect.poll(() => uploaded.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
    await expect(list.row('Summer Star')).toContainText('Limited');
    await expect(list.row('Summer Star')).toContainText('50');
    await expect(list.row('Summer Star').getByTitle('0 granted of 50')).toBeVisible();
    await expect(list.row('Summer Star')).toContainText('1 Dec 2025');
    await expect(list.row('Coffee Connoisseur')).toContainText('Unlimited');
    await snapshot(page, 'badges-list');

    // Edit: the saved values come back; a change saves with PUT and clears the edited flag.
    await list.open('Coffee Connoisseur');
    await editor.expectTitle('Badge - Coffee Connoisseur');
    await expect(editor.category).toHaveValue('Milestone');
    await expect(editor.level).toHaveValue('3');
    await expect(editor.save).toBeDisabled();
    await editor.tab('Text');
    await editor.subCopy.fill('Earned with your 12th coffee');
    await expect(editor.preview.getByText('Earned with your 12th coffee')).toBeVisible();
    await editor.save.click();
    await expectMessageModal(page, 'Success!', 'Successfully saved your badge.');
    await closeMessageModal(page, 'Success!');
    await expect(editor.save).toBeDisabled();
    await page.reload();
    await expect(editor.subCopy).toHaveValue('Earned with your 12th coffee');

    // Delete, after the confirmation.
    await editor.backToBadges.click();
    await list.expectShown();
    await list.delete('Summer Star');
    await expectMessageModal(page, 'Success!', 'Successfully deleted badge.');
    await closeMessageModal(page, 'Success!');
    await expect(list.row('Summer Star')).toHaveCount(0);
    await expect(list.row('Coffee Connoisseur')).toBeVisible();
  });
});
