import { expect, test } from '@playwright/test';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { addBranch } from './pages/customers-page';
import {
  AcceptCouponDialog,
  ProfileRewards,
  RedemptionsBusiness,
  RedemptionsReportPage,
} from './pages/redemptions-page';
import { seriousAxeFindings } from './support/axe';
import { snapshot } from './support/screens';

/** Generated codes: 12 characters of the unambiguous alphabet (contract COUPON_CODE_ALPHABET). */
const GENERATED_CODE = /^[23456789ABCDEFGHJKMNPQRSTWXYZ]{12}$/;

test.describe('redemptions', () => {
  test('an admin redeems a coupon for a funded customer from the profile, sees the code and the wallet drop, then the row in the Redemptions report', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const shop = await RedemptionsBusiness.create(page, request, {
      currency: { name: 'Bean Coins', code: 'BC' },
    });
    const customerId = await shop.fundedCustomer(request, 'Lerato', 'Dube', 1000);
    await shop.couponReward(request, 'Free Flat White', 250, 20);
    await shop.couponReward(request, 'Barista Course', 5000);
    const profile = new CustomerProfilePage(page);
    const rewards = new ProfileRewards(page);

    // The profile: 1,000 Bean Coins and nothing redeemed yet.
    await profile.goto(customerId);
    await expect(profile.heading('Lerato Dube')).toBeVisible();
    const wallet = profile.tile('Wallet Balance');
    await expect(wallet).toContainText('1,000.00');
    await expect(rewards.box.getByText('No rewards redeemed yet.')).toBeVisible();

    // The dialog lists the active reward with its cost and stock beside the customer's balance.
    await rewards.redeem.click();
    await expect(rewards.dialog.getByText('Balance: 1,000.00 BC')).toBeVisible();
    await expect(rewards.dialog.getByText('250 BC · Coupon · 20 left')).toBeVisible();
    await expect(rewards.dialog.getByRole('button', { name: 'Redeem', exact: true })).toBeDisabled();
    // One the customer cannot afford is offered greyed out, with the reason, and cannot be chosen.
    const course = rewards.dialog.getByRole('radio', { name: /^Barista Course/ });
    await expect(course).toBeDisabled();
    await expect(course).toHaveAccessibleDescription(/5,000 BC · Coupon · Unlimited\s*Insufficient balance/);
    await snapshot(page, 'redeem-reward-dialog');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await rewards.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rewards.dialog).toBeHidden();

    // Redeemed: a generated code, valid for 30 days, and the balance after it.
    const code = await rewards.redeemReward('Free Flat White');
    expect(code).toMatch(GENERATED_CODE);
    await expect(rewards.dialog.getByText('New balance: 750.00 BC')).toBeVisible();
    await snapshot(page, 'redeem-reward-issued');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await rewards.done();

    // The box lists it as Issued; the wallet dropped by its cost.
    await expect(rewards.row(code)).toContainText('Free Flat White');
    await expect(rewards.row(code)).toContainText('Issued');
    await expect(rewards.row(code)).toContainText('250 BC');
    await expect(wallet).toContainText('750.00');
    await snapshot(page, 'profile-rewards');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The Redemptions report, from the sidebar's Transactions group: the cards and the row, with the customer's branch.
    const report = new RedemptionsReportPage(page);
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await sidebar.getByText('Transactions', { exact: true }).click();
    await sidebar.getByRole('link', { name: 'Redemptions' }).click();
    await expect(page).toHaveURL(/\/console\/rewards\/redemptions$/);
    await expect(report.heading).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Redemptions' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Rewards', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await report.card('Redemptions')).toBe('1');
    expect(await report.card('Points Spent')).toBe('250(BC)');
    expect(await report.card('Coupons Used')).toBe('0');
    expect(await report.card('Most Redeemed Reward')).toBe('FreeFlatWhite(1)');
    expect((await report.cells(code)).slice(1)).toEqual([
      'Lerato Dube',
      'Free Flat White',
      'Coupon',
      'Issued',
      code,
      '250 BC',
      'Sea Point',
    ]);
    await snapshot(page, 'redemptions-report');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The dashboard's points liability: what the wallets still hold after the redemption.
    await page.goto('/console/dashboard');
    const liability = page.getByRole('group', { name: 'Points liability' });
    await expect(liability).toContainText('750.00BC');
    await expect(liability).toContainText('Bean Coins, held by 1 member');
    // It follows the Branch filter: a branch without members owes nothing, Lerato's branch what she holds.
    await addBranch(request, shop.business.clientToken, 'Gardens');
    await page.reload();
    const branch = page.getByRole('combobox', { name: 'Branch' });
    const beanCoins = liability.locator('[data-currency="BC"]');
    await branch.selectOption({ label: 'Gardens' });
    await expect(beanCoins).toHaveText('0.00BCBean Coins, held by 0 members');
    await branch.selectOption({ label: 'Sea Point' });
    await expect(beanCoins).toHaveText('750.00BCBean Coins, held by 1 member');
    await snapshot(page, 'dashboard-liability');
    // The other figures refetch for the branch too, dimmed meanwhile: contrast is checked once they have.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Filtered to used coupons, it has none.
    await report.goto('?status=used');
    await expect(page.getByText('This table is empty.')).toBeVisible();
    expect(await report.card('Redemptions')).toBe('0');
    // No reward was redeemed among them: a dash, as every missing figure, not a 0.
    expect(await report.card('Most Redeemed Reward')).toBe('—');
  });

  test('at the till, staff accept a coupon by its code from the Redemptions report, once; the row then reads Used', async ({
    page,
    request,
  }) => {
    const shop = await RedemptionsBusiness.create(page, request, {
      currency: { name: 'Bean Coins', code: 'BC' },
    });
    const customerId = await shop.fundedCustomer(request, 'Sipho', 'Ndlovu', 500);
    const rewardId = await shop.couponReward(request, 'Free Croissant', 120);
    const code = await shop.redeem(request, customerId, rewardId);
    const report = new RedemptionsReportPage(page);
    await report.goto();
    expect(await report.card('Coupons Used')).toBe('0');

    // A code the business never issued is said so in the dialog.
    const accept = new AcceptCouponDialog(page);
    await accept.find('NOT-A-CODE');
    await expect(accept.dialog.getByRole('alert')).toHaveText('The coupon could not be found.');

    // The real code, typed in lower case: whose it is, what it cost, and until when it holds.
    await accept.find(code.toLowerCase());
    await expect(accept.dialog.getByText('Free Croissant (Coupon)')).toBeVisible();
    await expect(accept.dialog.getByRole('link', { name: 'Sipho Ndlovu' })).toBeVisible();
    await expect(accept.dialog.getByText('120 BC')).toBeVisible();
    await expect(accept.dialog.getByText('Issued')).toBeVisible();
    await accept.dialog.getByRole('textbox', { name: /Order reference/ }).fill('till-2-0042');
    await snapshot(page, 'accept-coupon-found');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await accept.dialog.getByRole('button', { name: 'Accept coupon' }).click();
    await expect(accept.dialog.getByText('Coupon accepted.')).toBeVisible();
    await expect(accept.dialog.getByText('Used', { exact: true })).toBeVisible();

    // Found again, it cannot be accepted a second time.
    await accept.dialog.getByRole('button', { name: 'Find another' }).click();
    await accept.find(code);
    await expect(accept.dialog.getByText(/^Used on .*: it cannot be accepted again\.$/)).toBeVisible();
    await expect(accept.dialog.getByRole('button', { name: 'Accept coupon' })).toHaveCount(0);
    await accept.dialog.getByRole('button', { name: 'Done' }).click();
    await expect(accept.dialog).toBeHidden();

    // The report behind it reloaded: the row reads Used, and the card counts it.
    await expect(report.row(code)).toContainText('Used');
    expect(await report.card('Coupons Used')).toBe('1');
  });
});
