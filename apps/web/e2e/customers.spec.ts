import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness, CustomersListPage, uniqueCellNumber } from './pages/customers-page';
import { LogInPage } from './pages/log-in-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { snapshot } from './support/screens';

test.describe('customers', () => {
  test('add a customer, find them, keep a hidden column, block and unblock, edit the profile', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await CustomersBusiness.create(page, request);
    const customers = new CustomersListPage(page);
    await customers.goto();
    await expect(page.getByText('This table is empty.')).toBeVisible();

    // Add Customer: Save stays disabled for a number that is not a cell number.
    await customers.addCustomer.click();
    const dialog = customers.addDialog;
    await expect(dialog.root).toBeVisible();
    await expect(dialog.save).toBeDisabled();
    await dialog.name.fill('Zanele');
    await dialog.surname.fill('Mokoena');
    await dialog.cellNumber.fill('0531234567');
    await expect(dialog.root.getByText('Invalid phone number')).toBeVisible();
    await expect(dialog.save).toBeDisabled();
    const cell = uniqueCellNumber();
    await dialog.cellNumber.fill(cell);
    await expect(dialog.root.getByText('Invalid phone number')).toBeHidden();
    await expect(dialog.save).toBeEnabled();
    const email = `zanele${String(Date.now()).slice(-5)}@example.co.za`;
    await dialog.email.fill(email);
    await dialog.chooseBranch('Sea Point');
    await dialog.communication('SMS').check();
    await snapshot(page, 'customers-add-modal');
    await dialog.save.click();
    await expectMessageModal(page, 'Success...', 'Customer added successfully.');
    await closeMessageModal(page, 'Success...');
    await expect(dialog.root).toBeHidden();

    // A second customer, so that the search has something to leave out.
    await customers.addCustomer.click();
    await dialog.name.fill('Pieter');
    await dialog.surname.fill('van Wyk');
    await dialog.cellNumber.fill(uniqueCellNumber());
    await dialog.save.click();
    await closeMessageModal(page, 'Success...');

    await expect(customers.row('Mokoena')).toBeVisible();
    await expect(customers.row('van Wyk')).toBeVisible();
    await expect(customers.row('Mokoena')).toContainText('R 0.00');
    await expect(customers.row('Mokoena')).toContainText(cell);
    await expect(customers.row('Mokoena')).toContainText('AWAITING-SIGNUP');
    await expect(page.getByText('2 customers')).toBeVisible();

    // Search by a fragment of the surname.
    await customers.search.fill('mokoe');
    await expect(page).toHaveURL(/search=mokoe/);
    await expect(customers.row('van Wyk')).toHaveCount(0);
    await expect(customers.row('Mokoena')).toBeVisible();
    await snapshot(page, 'customers-list');

    // A hidden column stays hidden after a reload (remembered in this browser).
    await expect(customers.columnHeader('Email')).toBeVisible();
    await customers.toggleColumn('Email');
    await expect(customers.columnHeader('Email')).toHaveCount(0);
    await page.reload();
    await customers.expectShown();
    await expect(customers.row('Mokoena')).toBeVisible();
    await expect(customers.columnHeader('Email')).toHaveCount(0);
    await expect(customers.row('Mokoena')).not.toContainText(email);
    await customers.toggleColumn('Email');
    await expect(customers.columnHeader('Email')).toBeVisible();

    // Block, then unblock.
    const suspended = await customers.blockOrUnblock('Block', 'Zanele Mokoena');
    await expect(suspended.getByText('Customer suspended successfully.')).toBeVisible();
    await closeMessageModal(page, 'Success...');
    await expect(customers.row('Mokoena')).toContainText('SUSPENDED');
    const activated = await customers.blockOrUnblock('Unblock', 'Zanele Mokoena');
    await expect(activated.getByText('Customer activated successfully.')).toBeVisible();
    await closeMessageModal(page, 'Success...');
    await expect(customers.row('Mokoena')).toContainText('ACTIVE');

    // The profile opens on a row click; edit the personal information.
    await customers.row('Mokoena').getByText('Zanele', { exact: true }).click();
    await expect(page).toHaveURL(/\/console\/customers\/customer-profile\/[0-9a-f]{24}$/);
    const profile = new CustomerProfilePage(page);
    await expect(profile.heading('Zanele Mokoena')).toBeVisible();
    await expect(page.getByText('Sea Point')).toBeVisible();
    for (const tile of ['Wallet Balance', 'Challenges Participated', 'Challenges Completed', 'Badges Earned'])
      await expect(profile.tile(tile)).toContainText('0');
    await profile.editPersonalInformation();
    await profile.personalField('Surname').fill('Mokoena-Dube');
    await profile.personalField('Date of Birth').fill('2999-01-01');
    await profile.personalField('Date of Birth').blur();
    await expect(profile.personalInformation.getByText('Date in the future not allowed.')).toBeVisible();
    await profile.personalField('Date of Birth').fill('1992-02-20');
    await profile.personalField('Date of Birth').blur();
    await profile.savePersonalInformation();
    await expectMessageModal(page, 'Success...', 'Customer updated successfully.');
    await closeMessageModal(page, 'Success...');
    await expect(profile.heading('Zanele Mokoena-Dube')).toBeVisible();
    await expect(profile.personalInformation).toContainText('1992-02-20');
    await page.reload();
    await expect(profile.heading('Zanele Mokoena-Dube')).toBeVisible();
    await snapshot(page, 'customer-profile');

    await profile.back.click();
    await customers.expectShown();
  });

  test('an area manager must choose a branch', async ({ page, request, browser }) => {
    const business = await CustomersBusiness.create(page, request);
    const manager = await business.addAreaManager(request);
    const context = await browser.newContext();
    const managerPage = await context.newPage();
    const logIn = new LogInPage(managerPage);
    await logIn.goto();
    await logIn.signInWith(manager.email, manager.password);
    await expect(managerPage).toHaveURL(/\/console\//);

    const customers = new CustomersListPage(managerPage);
    await customers.goto();
    await customers.addCustomer.click();
    const dialog = customers.addDialog;
    await dialog.name.fill('Lerato');
    await dialog.surname.fill('Khumalo');
    await dialog.cellNumber.fill(uniqueCellNumber());
    await dialog.save.click();
    await expectMessageModal(managerPage, 'Branch is required!', 'Please select a branch');
    await closeMessageModal(managerPage, 'Branch is required!');

    await dialog.chooseBranch('Sea Point');
    await dialog.save.click();
    await closeMessageModal(managerPage, 'Success...');
    await expect(customers.row('Khumalo')).toBeVisible();
    await context.close();
  });

  test('export CSV downloads the customers', async ({ page, request }) => {
    const business = await CustomersBusiness.create(page, request);
    await business.addCustomer(request, {
      name: 'Naledi',
      surname: 'Sithole',
      email: 'naledi@example.co.za',
    });
    await business.addCustomer(request, { name: 'Johan', surname: 'Botha' });
    const customers = new CustomersListPage(page);
    await customers.goto();
    await expect(customers.row('Sithole')).toBeVisible();

    const download = page.waitForEvent('download');
    await customers.exportCsv.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const path = await file.path();
    const lines = (await readFile(path, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Name');
    expect(lines[0]).toContain('Surname');
    expect(lines[0]).toContain('Email');
    expect(lines).toHaveLength(3);
    const naledi = lines.find((line) => line.includes('Sithole'));
    expect(naledi).toContain('Naledi');
    expect(naledi).toContain('naledi@example.co.za');
    expect(naledi).toContain('Sea Point');
    await expect(page.getByText('Export ready')).toBeVisible();
  });

  test('sign up for loyalty and add an address through search', async ({ page, request }) => {
    const business = await CustomersBusiness.create(page, request);
    const id = await business.addCustomer(request, { name: 'Thabo', surname: 'Mbeki' });
    const profile = new CustomerProfilePage(page);
    await profile.goto(id);
    await expect(profile.heading('Thabo Mbeki')).toBeVisible();
    await expect(profile.paymentMethods.getByText('No payment method added as yet!')).toBeVisible();
    await expect(page.getByText('No tier progression has been set up yet.')).toBeVisible();

    await profile.signUpForLoyalty(`L-${Date.now()}`, String(Date.now()).padEnd(15, '7').slice(0, 15));
    await closeMessageModal(page, 'Success...');
    await expect(profile.loyaltyDetails).toBeVisible();
    await expect(profile.setUpLoyalty).toHaveCount(0);

    await profile.addAddress('Stellenbosch', /Stellenbosch/, 'Home');
    await expect(profile.addresses.getByText('Home', { exact: true })).toBeVisible();
    await expect(profile.addresses).toContainText('Stellenbosch');
    await snapshot(page, 'customer-profile-loyalty-address');

    // Delete it again, after a confirm.
    await profile.addresses.getByRole('button', { name: 'Delete address Home' }).click();
    await page
      .getByRole('dialog', { name: 'Delete address?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(profile.addresses.getByText('No addresses added as yet.')).toBeVisible();
  });
});
