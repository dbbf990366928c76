import { expect, test } from '@playwright/test';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { ProfilePrivacy } from './pages/privacy-page';
import { RedemptionsBusiness } from './pages/redemptions-page';
import { seriousAxeFindings } from './support/axe';
import { snapshot } from './support/screens';

test.describe('privacy', () => {
  test("an admin downloads a member's data, then erases them with the typed confirmation; the dialog states the balance forfeited, and the profile shows the erased state with the wallet at zero", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const shop = await RedemptionsBusiness.create(page, request, {
      currency: { name: 'Bean Coins', code: 'BC' },
    });
    const customerId = await shop.fundedCustomer(request, 'Naledi', 'Khumalo', 300);
    const profile = new CustomerProfilePage(page);
    const privacy = new ProfilePrivacy(page);

    await profile.goto(customerId);
    await expect(profile.heading('Naledi Khumalo')).toBeVisible();
    const email = (await profile.personalInformation.getByText(/@example\.co\.za$/).textContent()) ?? '';
    expect(email).toMatch(/^naledi-.+@example\.co\.za$/);
    await expect(profile.tile('Wallet Balance')).toContainText('300.00');
    // The wallet history shows the credit that funded it.
    await expect(profile.walletHistory.getByRole('cell', { name: 'Welcome bonus' })).toBeVisible();
    expect((await profile.walletHistoryRows()).map((cells) => cells.slice(1))).toEqual([
      ['Earning Event', 'Bean Coins', '+300.00', '300.00', 'Welcome bonus'],
    ]);

    // Download data: one JSON file with a header naming its parts, and the member's own email inside.
    const { fileName, document } = await privacy.download();
    expect(fileName).toBe(`customer-${customerId}-data-${new Date().toISOString().slice(0, 10)}.json`);
    expect(document.laurel_data_export.customer_id).toBe(customerId);
    expect(document.laurel_data_export.parts.map((part) => part.name)).toContain('economy_transactions');
    expect(document.profile.email).toBe(email);
    expect(JSON.stringify(document)).toContain(email);

    // Erase waits for the typed word.
    await privacy.erase.click();
    await expect(privacy.dialog).toBeVisible();
    await expect(privacy.dialog).toContainText(`Naledi Khumalo, ${email}`);
    // An erased member can never redeem: the dialog says what is forfeited.
    await expect(privacy.dialog.getByRole('list', { name: 'Balances forfeited' })).toHaveText(
      '300.00 Bean Coins',
    );
    await expect(privacy.eraseCustomer).toBeDisabled();
    await privacy.confirmation.fill('erase');
    await expect(privacy.eraseCustomer).toBeDisabled();
    await privacy.confirmation.fill('ERASE');
    await expect(privacy.eraseCustomer).toBeEnabled();
    await snapshot(page, 'privacy-erase-dialog');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await privacy.eraseCustomer.click();
    await expect(privacy.dialog).toBeHidden();
    // Said once, then gone (axe below reads the page, not a notification fading in).
    const said = page.getByText('Their personal data is gone.');
    await expect(said).toBeVisible();
    await expect(said).toBeHidden({ timeout: 15_000 });

    // The erased state: no name, no contact details, nothing left to edit or erase; the balance forfeited.
    await expect(profile.heading('Erased customer')).toBeVisible();
    await expect(page.getByText('ERASED', { exact: true }).first()).toBeVisible();
    await expect(privacy.box).toContainText('personal data was erased on request');
    await expect(privacy.erase).toBeHidden();
    await expect(profile.personalInformation).not.toContainText(email);
    await expect(profile.personalInformation).toContainText('Erased');
    await expect(profile.tile('Wallet Balance')).toContainText('0.00');
    await expect(profile.tile('Wallet Balance')).not.toContainText('300.00');
    // The forfeit is the history's newest row, leaving the balance at zero.
    await expect(profile.walletHistory.getByRole('cell', { name: 'Forfeited', exact: true })).toBeVisible();
    expect((await profile.walletHistoryRows()).map((cells) => cells.slice(1))).toEqual([
      ['Forfeited', 'Bean Coins', '−300.00', '0.00', 'Forfeited: customer erased'],
      ['Earning Event', 'Bean Coins', '+300.00', '300.00', 'Welcome bonus'],
    ]);
    await snapshot(page, 'privacy-erased-profile');
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The download now holds no trace of the old email.
    const after = await privacy.download();
    expect(JSON.stringify(after.document)).not.toContain(email);
  });
});
