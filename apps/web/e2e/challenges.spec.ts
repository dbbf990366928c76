import { type APIRequestContext, expect, test } from '@playwright/test';
import { discPng } from './pages/badges-page';
import {
  ChallengeEditorPage,
  ChallengesListPage,
  createBadge,
  dayFromToday,
  SelectSegmentDialog,
} from './pages/challenges-page';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { OrderChannel } from './pages/orders-pages';
import { tallSnapshot } from './pages/tall-snapshot';

const unique = () =>
  `${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;

type TPlayer = {
  statistics: Record<string, number>;
  badges: { _id: string; quantity: number }[];
  challenges?: { challenge_id: string; title: string; status: string; completed_at: string | null }[];
};

/** `GET /api/v1/players/:id` with the channel's API key. */
const playerOf = async (request: APIRequestContext, apiKey: string, customerId: string) => {
  const response = await request.get(`/api/v1/players/${customerId}`, {
    headers: { Authorization: `Bearer ${apiKey}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: TPlayer }).content;
};

/** One order of the web shop for the customer, of one item at `total`, paid by `payment`. */
const orderOf = (customerId: string, branchId: string, total: number, payment: 'CARD' | 'WALLET') => ({
  order_id: `WEB-${unique()}`,
  customer: { _id: customerId },
  branch_id: branchId,
  method: 'COLLECTION' as const,
  payment_method: payment,
  payment_location: 'online' as const,
  items: [{ sku: 'BEANS-1KG', title: 'Beans 1 kg', quantity: 1, price: total }],
  total,
});

test.describe('challenges', () => {
  test("build 'order value >= R200 paid by CARD between two dates' for a badge and 50 XP, grant it to AllPlayers, complete it once", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const business = await CustomersBusiness.create(page, request);
    const badgeName = `Big Spender ${unique()}`;
    await createBadge(request, business.clientToken, badgeName);
    const customerId = await business.addCustomer(request, { name: 'Lerato', surname: 'Mokoena' });
    const channel = await OrderChannel.connect(request, business.clientToken);

    const list = new ChallengesListPage(page);
    const editor = new ChallengeEditorPage(page);
    await list.goto();
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await list.addChallenge.click();
    await editor.expectTitle('Create a challenge');
    await expect(editor.save).toBeDisabled();

    // Details: released (a draft never advances), visible, from today for a month.
    const title = `Card Spree ${unique()}`;
    await editor.title.fill(title);
    await editor.description.fill('Spend R200 or more in one order, paid by card, this month.');
    await expect(editor.save).toBeEnabled();
    await editor.fillDay(editor.endDate, dayFromToday(30));
    // An image the browser cannot draw is refused; a real PNG is kept, to be uploaded on save.
    await editor.image.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a png'),
    });
    await expect(editor.details.getByText('Invalid image file')).toBeVisible();
    await editor.image.setInputFiles({ name: 'card-spree.png', mimeType: 'image/png', buffer: discPng(64) });
    await expect(editor.details.getByRole('img', { name: /^Image of Card Spree/ })).toBeVisible();
    await editor.choose(editor.status, 'Released');
    await editor.visible.check();

    // The flow: Order Value -> Value R200 -> Payment Method CARD -> Date Range between -> Badge -> 50 XP.
    await editor.addObjective('Order Value');
    await editor.panelField('Trigger Quantity').fill('200');
    await editor.panelField('Trigger Quantity').blur();
    await expect(editor.node('Order Value')).toContainText('Target: R200');
    await editor.addNext('Order Value', 'Value');
    await editor.panelField('Value').fill('200');
    await editor.addNext('Value', 'Payment Method');
    await editor.panel.getByRole('checkbox', { name: 'Credit/Debit Card' }).check();
    await expect(editor.node('Payment Method')).toContainText('Credit/Debit Card');
    await editor.addNext('Payment Method', 'Date Range');
    await editor.choose(editor.panel.getByRole('combobox', { name: 'Range Type' }), 'Between');
    await editor.fillDay(editor.panelField('Start Date'), dayFromToday(-1));
    await editor.fillDay(editor.panelField('End Date'), dayFromToday(30));
    await tallSnapshot(page, 'challenge-node-panel');
    await editor.addNext('Date Range', 'Badges');
    const badge = editor.panelField('Badge');
    await badge.click();
    await badge.fill(badgeName.slice(0, 10));
    await page.getByRole('option', { name: new RegExp(badgeName) }).click();
    await expect(editor.node('Badges')).toContainText(badgeName);
    await editor.addNext('Badges', 'XP Points');
    await editor.panelField('XP Points').fill('50');
    await expect(editor.node('XP Points')).toContainText('50 XP');
    await editor.panel.getByRole('button', { name: 'Close node settings' }).click();
    await editor.canvas.getByRole('button', { name: 'Fit View' }).click();
    await tallSnapshot(page, 'challenge-editor-graph');

    // Save -> 'Your challenge has been added successfully.' -> Proceed -> Select Segment -> AllPlayers.
    await editor.save.click();
    const created = page.getByRole('dialog', { name: 'Success!' });
    await expect(created.getByText('Your challenge has been added successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/console\/challenge\/[0-9a-f]{24}$/);
    await created.getByRole('button', { name: 'Proceed' }).click();
    const segments = new SelectSegmentDialog(page);
    await expect(segments.dialog).toBeVisible();
    await segments.done.click();
    await expect(segments.dialog.getByText('Please select a segment.')).toBeVisible();
    await segments.choose('AllPlayers');
    await segments.done.click();
    await expectMessageModal(page, 'Success!', 'Successfully saved the segment for this challenge.');
    await closeMessageModal(page, 'Success!');
    await expect(editor.save).toBeDisabled();
    const challengeId = page.url().split('/').at(-1) as string;

    await list.goto();
    await expect(list.row(title)).toContainText('Released');
    await expect(list.row(title).getByRole('img', { name: `Image of ${title}` })).toBeVisible();
    await tallSnapshot(page, 'challenges-list');

    // Orders that do not match: paid from the wallet, and below R200 by card.
    for (const order of [
      orderOf(customerId, business.branchId, 320, 'WALLET'),
      orderOf(customerId, business.branchId, 150, 'CARD'),
    ]) {
      const posted = await channel.postOrder(order);
      expect(posted.status, posted.body.message).toBe(201);
    }
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).statistics.orderVolume, {
        timeout: 20_000,
      })
      .toBe(2);
    const before = await playerOf(request, channel.apiKey, customerId);
    expect(before.badges).toHaveLength(0);
    expect(before.statistics.xp ?? 0).toBe(0);
    expect(before.challenges?.find((item) => item.challenge_id === challengeId)?.status).not.toBe(
      'completed',
    );

    // A matching order completes it: the badge and 50 XP.
    const matching = await channel.postOrder(orderOf(customerId, business.branchId, 250, 'CARD'));
    expect(matching.status, matching.body.message).toBe(201);
    await expect
      .poll(
        async () =>
          (await playerOf(request, channel.apiKey, customerId)).challenges?.find(
            (item) => item.challenge_id === challengeId,
          )?.status,
        { timeout: 20_000 },
      )
      .toBe('completed');
    const completed = await playerOf(request, channel.apiKey, customerId);
    expect(completed.badges.map((held) => held.quantity)).toEqual([1]);
    expect(completed.statistics.xp).toBe(50);
    const completedAt = completed.challenges?.find((item) => item.challenge_id === challengeId)?.completed_at;
    expect(completedAt).toBeTruthy();

    // A second matching order changes nothing.
    const again = await channel.postOrder(orderOf(customerId, business.branchId, 300, 'CARD'));
    expect(again.status, again.body.message).toBe(201);
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).statistics.orderVolume, {
        timeout: 20_000,
      })
      .toBe(4);
    const after = await playerOf(request, channel.apiKey, customerId);
    expect(after.badges.map((held) => held.quantity)).toEqual([1]);
    expect(after.statistics.xp).toBe(50);
    expect(after.challenges?.find((item) => item.challenge_id === challengeId)).toMatchObject({
      status: 'completed',
      completed_at: completedAt,
    });

    // The challenge transaction shows Completed, once.
    const ledger = await request.get('/api/transactions/challenges', {
      params: { page: 1, size: 10 },
      headers: { Authorization: `Bearer ${business.clientToken}` },
    });
    expect(ledger.status(), await ledger.text()).toBe(200);
    const transactions = (
      (await ledger.json()) as {
        content: { challenge_name: string; challenge_status: string; user_id: string }[];
      }
    ).content;
    const completions = transactions.filter(
      (row) => row.challenge_name === title && row.challenge_status === 'Completed',
    );
    expect(completions.map((row) => row.user_id)).toEqual([customerId]);
    await page.goto('/console/transactions/challenges');
    // The ledger page: the player's Active row when granted, and one Completed row with its rewards.
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: title });
    await expect(rows.filter({ hasText: 'Completed' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Completed' })).toContainText(`Badge: ${badgeName}`);
    await expect(rows.filter({ hasText: 'Completed' })).toContainText('50 XP');
    await tallSnapshot(page, 'challenge-transactions');

    // The customer's profile counts the challenge as participated in and completed.
    const profile = new CustomerProfilePage(page);
    await profile.goto(customerId);
    await expect(profile.tile('Challenges Participated')).toContainText('1');
    await expect(profile.tile('Challenges Completed')).toContainText('1');
  });
});
