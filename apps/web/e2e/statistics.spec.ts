import { expect, test } from '@playwright/test';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { StatisticEditorPage, StatisticsListPage, statisticsBusiness } from './pages/statistics-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

test.describe('statistics', () => {
  test('create a statistic, find it, change how it resets, see the system ones, delete it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await statisticsBusiness(page, request);
    const list = new StatisticsListPage(page);
    const editor = new StatisticEditorPage(page);
    await list.goto();

    // The engine's own statistics are there from the start, marked System, without a delete action.
    const logins = list.row('numberOfLogins');
    await expect(logins).toBeVisible();
    await expect(logins.getByText('System', { exact: true })).toBeVisible();
    await expect(logins.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(list.row('totalOrderValue')).toBeVisible();

    // Create: Last / Manual by default, Create disabled until something is edited.
    await list.addStatistic.click();
    await editor.expectTitle('Create Statistic');
    await expect(editor.aggregationMethod).toHaveValue('Last');
    await expect(editor.resetInterval).toHaveValue('Manual');
    await expect(editor.create).toBeDisabled();
    await editor.name.fill('coffeeStamps');
    await expect(editor.create).toBeEnabled();
    await editor.choose(editor.aggregationMethod, 'Sum');
    await editor.choose(editor.resetInterval, 'Day');
    await tallSnapshot(page, 'statistic-create');
    await editor.create.click();
    await expectMessageModal(page, 'Success', 'Statistic created successfully!');
    await closeMessageModal(page, 'Success');
    await list.expectShown();

    const stamps = list.row('coffeeStamps');
    await expect(stamps).toContainText('Sum');
    await expect(stamps).toContainText('Day');
    await expect(list.deleteButton('coffeeStamps')).toBeVisible();
    await snapshot(page, 'statistics-list');

    // A name already taken is refused by the server; its message shows under the spec's title.
    await list.addStatistic.click();
    await editor.name.fill('numberOfLogins');
    await editor.create.click();
    await expectMessageModal(page, 'Error creating statistic', 'A statistic with this name already exists.');
    await closeMessageModal(page, 'Error creating statistic');
    await editor.backToStatistics.click();
    await list.expectShown();

    // Search narrows the list to the match.
    await list.search.fill('coffee');
    await expect(page).toHaveURL(/search=coffee/);
    await expect(list.row('numberOfLogins')).toHaveCount(0);
    await expect(list.row('coffeeStamps')).toBeVisible();
    await list.search.fill('');
    await expect(list.row('numberOfLogins')).toBeVisible();

    // Edit: the name is fixed; only the two settings change.
    await list.open('coffeeStamps');
    await editor.expectTitle('Statistic - coffeeStamps');
    await expect(editor.name).toHaveValue('coffeeStamps');
    await expect(editor.name).toBeDisabled();
    await expect(editor.update).toBeDisabled();
    await editor.choose(editor.resetInterval, 'Week');
    await expect(editor.update).toBeEnabled();
    await tallSnapshot(page, 'statistic-edit');
    await editor.update.click();
    await expectMessageModal(page, 'Success', 'Statistic updated successfully!');
    await closeMessageModal(page, 'Success');
    await expect(editor.update).toBeDisabled();
    await expect(editor.resetInterval).toHaveValue('Week');

    // A system statistic opens read-only.
    await editor.backToStatistics.click();
    await list.expectShown();
    await expect(list.row('coffeeStamps')).toContainText('Week');
    await list.open('numberOfLogins');
    await editor.expectTitle('Statistic - numberOfLogins');
    await expect(editor.systemNote).toBeVisible();
    await expect(editor.aggregationMethod).toBeDisabled();
    await expect(editor.update).toHaveCount(0);
    await tallSnapshot(page, 'statistic-system');

    // Delete, after the confirmation.
    await editor.backToStatistics.click();
    await list.expectShown();
    await list.delete('coffeeStamps');
    await expectMessageModal(page, 'Success', 'Statistic deleted successfully!');
    await closeMessageModal(page, 'Success');
    await expect(list.row('coffeeStamps')).toHaveCount(0);
    await expect(list.row('numberOfLogins')).toBeVisible();
  });
});
