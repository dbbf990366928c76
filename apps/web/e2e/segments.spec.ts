import { expect, test } from '@playwright/test';
import { CustomersBusiness } from './pages/customers-page';
import {
  createApiKey,
  createBadge,
  SegmentEditorPage,
  SegmentPlayersPage,
  SegmentsListPage,
  sendLogins,
} from './pages/segments-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

test.describe('segments', () => {
  test('a Regulars segment gains the customer who logs in twice, shows them, and loses them when the rule tightens', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // STARTER is the first plan with segments; the customer and the API key come through the API.
    const business = await CustomersBusiness.create(page, request, { plan: 'STARTER' });
    const apiKey = await createApiKey(request, business.clientToken);
    const customerId = await business.addCustomer(request, { name: 'Zanele', surname: 'Mokoena' });
    await createBadge(request, business.clientToken, 'Coffee Lover');

    const list = new SegmentsListPage(page);
    const editor = new SegmentEditorPage(page);
    const players = new SegmentPlayersPage(page);
    await list.goto();

    // The six system segments are there from the start, marked System, without a delete action.
    for (const name of [
      'AllPlayers',
      'tierBronze',
      'tierSilver',
      'tierGold',
      'tierPlatinum',
      'tierDiamond',
    ]) {
      await expect(list.row(name)).toBeVisible();
      await expect(list.row(name).getByText('System', { exact: true })).toBeVisible();
      await expect(list.deleteButton(name)).toHaveCount(0);
    }

    // Create: Create disabled until something is edited; the rule's messages show on its fields.
    await list.newSegment.click();
    await editor.expectTitle('Create Segment');
    await expect(editor.create).toBeDisabled();
    await editor.name.fill('Regulars');
    await editor.description.fill('Customers who keep coming back');
    await expect(editor.create).toBeEnabled();
    await editor.create.click();
    await expect(editor.rule(1).getByText('Statistic is required')).toBeVisible();
    await expect(editor.rule(1).getByText('Comparison operator is required')).toBeVisible();
    await expect(editor.rule(1).getByText('Filter value is required')).toBeVisible();
    await expect(editor.create).toBeDisabled();
    await tallSnapshot(page, 'segment-create-errors');
    await editor.fillRule(1, 'numberOfLogins', 'GreaterThanOrEqual', 2);

    // Actions: a badge for each player who enters; a challenge action waits for the Challenges area.
    await expect(editor.form.getByText('No actions defined.', { exact: false })).toBeVisible();
    await editor.addAction.click();
    await expect(editor.actionField(1, 'Action Type')).toHaveValue('Grant Badge');
    await expect(editor.actionField(1, 'Trigger')).toHaveValue('Player enters segment');
    await expect(editor.action(1).getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
    await editor.addAction.click();
    await editor.choose(editor.actionField(2, 'Action Type'), 'Grant Challenge');
    await editor.create.click();
    await expect(editor.action(1).getByText('Badge/Item is required')).toBeVisible();
    await expect(editor.action(2).getByText('Mission/Challenge is required')).toBeVisible();
    await tallSnapshot(page, 'segment-create-actions');
    await editor.action(2).getByRole('button', { name: 'Remove', exact: true }).click();
    await editor.choose(editor.actionField(1, 'Badge/Item'), 'Coffee Lover');
    await expect(editor.rule(1)).toContainText('numberOfLogins ≥ 2');
    await expect(editor.create).toBeEnabled();
    await tallSnapshot(page, 'segment-create');
    await editor.create.click();
    await list.expectShown();
    await expect(list.row('Regulars')).toContainText('numberOfLogins ≥ 2');
    await expect(list.row('Regulars')).toContainText('Customers who keep coming back');
    await expect(list.playerCount('Regulars')).toContainText('0');

    // Two logins: the engine counts them and the customer enters the segment.
    await sendLogins(request, apiKey, customerId, 2);
    await list.expectPlayerCount('Regulars', 1);
    // Entering ran the action: the player API lists the segment and the badge, granted once.
    const player = await request.get(`/api/v1/players/${customerId}`, { headers: { 'X-Api-Key': apiKey } });
    expect(player.status()).toBe(200);
    const content = (await player.json()).content;
    expect(content.segments).toContain('Regulars');
    expect(content.badges).toEqual([expect.objectContaining({ name: 'Coffee Lover', quantity: 1 })]);
    await snapshot(page, 'segments-list');

    // The players page shows the segment and its member, who links to the customer profile.
    await list.openPlayers('Regulars');
    await players.expectShown('Regulars');
    await expect(players.details).toContainText('Customers who keep coming back');
    await expect(players.details).toContainText(/Actions\s*1/);
    const zanele = players.playerRow(customerId);
    await expect(zanele).toContainText('Zanele Mokoena');
    await expect(zanele).toContainText('numberOfLogins: 2');
    await expect(zanele).not.toContainText('Never');
    await snapshot(page, 'segment-players');
    await zanele.getByRole('cell').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/console/customers/customer-profile/${customerId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Zanele Mokoena' })).toBeVisible();

    // Edit: the name is fixed; tightening the rule to ≥ 3 takes the customer out again.
    await list.goto();
    await list.open('Regulars');
    await editor.expectTitle('Edit Segment', 'Segment - Regulars');
    await expect(editor.name).toHaveValue('Regulars');
    await expect(editor.name).toBeDisabled();
    await expect(editor.update).toBeDisabled();
    await editor.ruleValue(1).fill('3');
    await expect(editor.update).toBeEnabled();
    await editor.update.click();
    await expect(page.getByText('Segment updated successfully.')).toBeVisible();
    await expect(editor.update).toBeDisabled();
    await expect(editor.ruleValue(1)).toHaveValue('3');
    await tallSnapshot(page, 'segment-edit');
    await editor.backToSegments.click();
    await list.expectShown();
    await expect(list.row('Regulars')).toContainText('numberOfLogins ≥ 3');
    await list.expectPlayerCount('Regulars', 0);
    const left = await request.get(`/api/v1/players/${customerId}`, { headers: { 'X-Api-Key': apiKey } });
    expect((await left.json()).content.segments).not.toContain('Regulars');

    await list.openPlayers('Regulars');
    await players.expectShown('Regulars');
    await expect(players.players.getByText('No players found')).toBeVisible();
    await expect(players.players.getByText('The segment filters may be too restrictive.')).toBeVisible();
    await snapshot(page, 'segment-players-empty');

    // A system segment opens read-only.
    await players.backToSegments.click();
    await list.open('AllPlayers');
    await editor.expectTitle('Edit Segment', 'Segment - AllPlayers');
    await expect(page.getByText(/This is a system segment/)).toBeVisible();
    await expect(editor.update).toHaveCount(0);
    await expect(editor.description).toBeDisabled();

    // Delete, after the confirmation.
    await editor.backToSegments.click();
    await list.expectShown();
    await list.delete('Regulars');
    await expect(list.row('Regulars')).toHaveCount(0);
    await expect(list.row('AllPlayers')).toBeVisible();
  });
});
