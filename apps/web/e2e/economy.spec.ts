import { expect, test } from '@playwright/test';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { addCategory, addProduct, EarnConfigPage, playerOf, spend, WalletPage } from './pages/economy-pages';
import { OrderChannel } from './pages/orders-pages';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

type TLedgerRow = {
  transaction_type: string;
  value: number;
  xp_points_earned: number;
  wallet_balance_post_transaction: number | null;
  source: string;
  shortfall: number;
  reason: string | null;
};

test.describe('economy', () => {
  test('a 5% cashback excluding snacks and 1 XP per R10 pay out on an order, a spend takes part, a refund claws back', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // The economy comes with GROWTH, the transaction reports with BUSINESS; the catalogue, customer and API key come
    // through the API.
    const business = await CustomersBusiness.create(page, request, { plan: 'BUSINESS' });
    const token = business.clientToken;
    const customerId = await business.addCustomer(request, { name: 'Zanele', surname: 'Mokoena' });
    const snacks = await addCategory(request, token, 'Snacks');
    const coffee = await addCategory(request, token, 'Coffee');
    await addProduct(request, token, {
      title: 'Blueberry Muffin',
      sku: 'MUF-1',
      price: 40,
      categoryId: snacks,
    });
    await addProduct(request, token, {
      title: 'House Blend 1kg',
      sku: 'HB-1',
      price: 200,
      categoryId: coffee,
    });
    const channel = await OrderChannel.connect(request, token, 'Till');

    // The wallet: one custom currency with a library icon.
    const wallet = new WalletPage(page);
    await wallet.goto();
    await expect(wallet.counter).toHaveText('0/10');
    await expect(wallet.save).toBeDisabled();
    await wallet.createCustomCurrency('Bean Coins', 'BC', 0.1, 'mug-hot');
    await expect(wallet.counter).toHaveText('1/10');
    await snapshot(page, 'economy-wallet');

    // Cashback: the spec's messages first, then 5 per 100 (5%) for AllPlayers, excluding the Snacks category.
    const config = new EarnConfigPage(page);
    await page.goto('/console/economics/cashback-configs');
    await expect(page.getByRole('heading', { level: 1, name: 'Cashback Configurations' })).toBeVisible();
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Cashback Config' }).click();
    await config.expectTitle('Create a cashback config');
    await expect(config.save).toBeDisabled();
    await config.field('Trigger Value').fill('0');
    await config.save.click();
    expect(await config.validationErrors()).toEqual([
      'Trigger Value is required',
      'Earn Amount is required',
      'Segment is required',
      'Currency is required',
    ]);
    await config.chooseIn('Currency', 'Bean Coins (BC)');
    await config.field('Trigger Value').fill('100');
    await config.field('Earn Amount').fill('5');
    await expect(
      page.getByText('5 Bean Coins for every R 100.00 spent, pro rata (5% cashback)'),
    ).toBeVisible();
    await config.pick('Segment', 'AllPlayers', /^AllPlayers/);
    await config.chooseIn('Exclusion Type', 'Category');
    await config.pick('Excluded Categories', 'Snack', /^Snacks/);
    await tallSnapshot(page, 'economy-cashback-config-new');
    await config.saveAndExpectSuccess();
    // The console stays on the cashback config it saved (DESIGN §9).
    await expect(page).toHaveURL(/\/console\/economics\/cashback-config\/[0-9a-f]{24}$/);
    await config.expectTitle('Cashback Config - AllPlayers');
    await tallSnapshot(page, 'economy-cashback-config');
    // The cashback type is saved with the config: changing it alone is an edit, and a reload shows it as saved.
    await expect(config.select('Cashback Type')).toHaveValue('Percentage');
    await config.chooseIn('Cashback Type', 'Fixed Amount');
    await config.saveAndExpectSuccess();
    await page.reload();
    await config.expectTitle('Cashback Config - AllPlayers');
    await expect(config.select('Cashback Type')).toHaveValue('Fixed Amount');
    await expect(config.field('Earn Amount')).toHaveValue('5');
    await config.chooseIn('Cashback Type', 'Percentage');
    await config.saveAndExpectSuccess();
    await page.getByRole('button', { name: 'Back to Cashback Configs' }).click();
    const cashbackRow = page.getByRole('row').filter({ hasText: 'Bean Coins' });
    await expect(cashbackRow).toContainText('100');
    // The segment is not among the spec's cashback columns (spec 3 §3): the column chooser offers it.
    await expect(page.getByRole('columnheader', { name: 'Segment' })).toHaveCount(0);
    await snapshot(page, 'economy-cashback-configs');

    // XP: 1 per R10 of spend, for everyone, nothing excluded.
    await page.goto('/console/economics/xp-configs');
    await page.getByRole('button', { name: 'Add XP Config' }).click();
    await config.expectTitle('Create an XP config');
    await config.field('Trigger Value').fill('10');
    await config.field('Earn Amount').fill('1');
    await config.pick('Segment', 'AllPlayers', /^AllPlayers/);
    await config.saveAndExpectSuccess();
    await expect(page).toHaveURL(/\/console\/economics\/xp-config\/[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Back to XP Configs' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'AllPlayers' })).toContainText('10');
    await snapshot(page, 'economy-xp-configs');

    // An order of R240 at the till: R200 of coffee earns 5% (10.00); the R40 muffin is a snack and earns none.
    // XP counts all of it: 24.
    const order = await channel.postOrder({
      order_id: `till-${Date.now()}`,
      customer: { _id: customerId },
      branch_id: business.branchId,
      status: 'POS-ORDERED',
      method: 'COLLECTION',
      payment_method: 'CARD',
      payment_location: 'in_store',
      items: [
        { sku: 'HB-1', title: 'House Blend 1kg', quantity: 1, price: 200 },
        { sku: 'MUF-1', title: 'Blueberry Muffin', quantity: 1, price: 40 },
      ],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = order.body.content._id;
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).wallets[0]?.balance, {
        timeout: 30_000,
      })
      .toBe(10);
    const earned = await playerOf(request, channel.apiKey, customerId);
    expect(earned.statistics.xp).toBe(24);
    const currencyId = earned.wallets[0]?.currency ?? '';
    expect(earned.wallets.map((item) => [item.name, item.balance])).toEqual([['Bean Coins', 10]]);

    // The profile: Wallet Balance 10.00 Bean Coins and XP 24. Whole texts, so that 10.00 cannot pass for 0.00.
    const profile = new CustomerProfilePage(page);
    const walletTile = profile.tile('Wallet Balance');
    const xpTile = page.getByRole('group', { name: 'XP', exact: true });
    const walletShows = (amount: string) =>
      new RegExp(`^Wallet Balance\\s*${amount.replace('.', '\\.')}\\s*Bean Coins$`);
    const xpShows = (points: number) => new RegExp(`^XP\\s*${points}\\s*xp$`);
    await profile.goto(customerId);
    await expect(profile.heading('Zanele Mokoena')).toBeVisible();
    await expect(walletTile).toHaveText(walletShows('10.00'));
    await expect(xpTile).toHaveText(xpShows(24));
    await tallSnapshot(page, 'economy-profile-earned');

    // A spend of 4 through the integrator API: the balance after it, the same answer for a repeat, and a refusal
    // beyond the balance that spends nothing.
    const spent = await spend(request, channel.apiKey, customerId, {
      id: `spend-${orderId}`,
      currency: currencyId,
      amount: 4,
      reason: 'Coffee with coins',
    });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    expect(spent.body.content.balance).toBe(6);
    const repeat = await spend(request, channel.apiKey, customerId, {
      id: `spend-${orderId}`,
      currency: currencyId,
      amount: 4,
      reason: 'Coffee with coins',
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body.content.balance).toBe(6);
    const refused = await spend(request, channel.apiKey, customerId, {
      id: `spend-big-${orderId}`,
      currency: currencyId,
      amount: 100,
      reason: 'Too much',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Insufficient balance');
    await page.reload();
    await expect(walletTile).toHaveText(walletShows('6.00'));

    // The refund claws back: the cashback takes what is left (6.00, 4.00 short) and the XP goes.
    expect((await channel.updateOrder(orderId, { status: 'FULFILLED' })).status).toBe(200);
    expect((await channel.updateOrder(orderId, { status: 'REFUNDED' })).status).toBe(200);
    await expect
      .poll(async () => (await playerOf(request, channel.apiKey, customerId)).wallets[0]?.balance, {
        timeout: 30_000,
      })
      .toBe(0);
    expect((await playerOf(request, channel.apiKey, customerId)).statistics.xp).toBe(0);
    await page.reload();
    await expect(walletTile).toHaveText(walletShows('0.00'));
    await expect(xpTile).toHaveText(xpShows(0));

    // An admin's goodwill credit from the profile, with the reason the ledger keeps.
    await walletTile.getByRole('button', { name: 'Credit or debit' }).click();
    const adjust = page.getByRole('dialog', { name: 'Credit or debit the wallet' });
    await adjust.getByRole('textbox', { name: /^Amount/ }).fill('5');
    await adjust.getByRole('button', { name: 'Credit' }).click();
    await expect(adjust.getByText('Reason is required')).toBeVisible();
    await adjust.getByRole('textbox', { name: /^Reason/ }).fill('Goodwill after the refund');
    await adjust.getByRole('button', { name: 'Credit' }).click();
    const adjusted = page.getByRole('dialog', { name: 'Success!' });
    await expect(adjusted.getByText('Wallet adjusted.')).toBeVisible();
    await adjusted.getByRole('button', { name: 'OK' }).click();
    await expect(walletTile).toHaveText(walletShows('5.00'));

    // The economy ledger: every movement with the balance after it, and the clawback's shortfall.
    const ledger = await request.get(`/api/economy/customers/${customerId}/transactions?size=50`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ledger.status(), await ledger.text()).toBe(200);
    const rows = ((await ledger.json()) as { content: TLedgerRow[] }).content;
    const money = rows.filter((row) => row.wallet_balance_post_transaction !== null);
    expect(
      money.map((row) => [row.source, row.value, row.wallet_balance_post_transaction]).reverse(),
    ).toEqual([
      ['earn_config', 10, 10],
      ['spend', -4, 6],
      ['clawback', -6, 0],
      ['manual', 5, 5],
    ]);
    expect(money.find((row) => row.source === 'clawback')?.shortfall).toBe(4);
    expect(money.find((row) => row.source === 'manual')?.reason).toBe('Goodwill after the refund');
    const xp = rows.filter((row) => row.wallet_balance_post_transaction === null);
    expect(xp.map((row) => [row.source, row.xp_points_earned]).reverse()).toEqual([
      ['earn_config', 24],
      ['clawback', -24],
    ]);

    await page.goto('/console/economics/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Economy Transactions' })).toBeVisible();
    const ledgerRows = page.getByRole('row').filter({ hasText: 'Zanele Mokoena' });
    await expect(ledgerRows).toHaveCount(6);
    // The console's ledger shows the same six movements: type, value, XP and the balance after each (the earning's
    // two rows share their order's time, as do the clawback's, so their order is not asserted).
    const headers = await page.getByRole('columnheader').allInnerTexts();
    const columns = ['Type', 'Value', 'XP Earned', 'Wallet Balance'].map((title) => headers.indexOf(title));
    expect(columns).not.toContain(-1);
    const shown = await Promise.all(
      (await ledgerRows.all()).map(async (row) => {
        const cells = await row.getByRole('cell').allInnerTexts();
        return columns.map((index) => cells[index]?.trim()).join(' | ');
      }),
    );
    expect(shown.sort()).toEqual(
      [
        'Cashback | 10 BC | 0 | 10',
        'XP Points | 0 | 24 | —',
        'Spending | -4 BC | 0 | 6',
        'Cashback | -6 BC | 0 | 0',
        'XP Points | 0 | -24 | —',
        'Earning Event | 5 BC | 0 | 5',
      ].sort(),
    );
    await snapshot(page, 'economy-transactions');

    // The same pages in the dark scheme, for looking at them.
    if (process.env.E2E_SCREENSHOTS_DIR) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await wallet.goto();
      await expect(wallet.item('Bean Coins')).toBeVisible();
      await snapshot(page, 'economy-wallet-dark');
      await page.goto('/console/economics/cashback-configs');
      await page.getByRole('link', { name: 'Bean Coins' }).click();
      await config.expectTitle('Cashback Config - AllPlayers');
      await tallSnapshot(page, 'economy-cashback-config-dark');
      await profile.goto(customerId);
      await expect(walletTile).toHaveText(walletShows('5.00'));
      await tallSnapshot(page, 'economy-profile-dark');
    }
  });
});
