import { expect, test } from '@playwright/test';
import { BranchesPage, BranchFormPage } from './pages/branches-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { SignedUpClient } from './pages/signed-up-client';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

test.describe('branches', () => {
  test('add a branch, find it, change its name and delivery to multiple radii, and see it kept', async ({
    page,
    request,
  }) => {
    // One long journey: two saves, a reload and screenshots.
    test.setTimeout(90_000);
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, 'BUSINESS');

    const branches = new BranchesPage(page);
    await branches.goto();
    await expect(page).toHaveTitle('Branches');
    await expect(page.getByText('This table is empty.')).toBeVisible();

    // Add: the route opens the form with the entity's defaults.
    await branches.addBranch.click();
    await expect(page).toHaveURL(/\/console\/settings\/branches\/new$/);
    const form = new BranchFormPage(page, 'Add Branch');
    await form.expectShown();
    await expect(form.save).toBeDisabled();
    await expect(form.franchise).toBeChecked();
    await expect(form.delivery).toBeChecked();
    await expect(form.feeType).toHaveValue('FLAT-FEE');
    await expect(form.form.getByLabel('Public Holidays from')).toHaveValue('06:00');

    // A missing display name is refused with the server's message.
    await form.branchNumber.fill('BT-001');
    await expect(form.save).toBeEnabled();
    await form.save.click();
    await expect(form.errorFor('display name is required')).toBeVisible();
    await expect(form.displayName).toBeFocused();

    // A franchise needs banking details.
    await form.displayName.fill('Bean There Gardens');
    await form.email.fill('gardens@beanthere.co.za');
    await form.contactNumber.fill('0214567890');
    await form.address.fill('12 Kloof Street, Gardens, Cape Town');
    await form.vatNumber.fill('4123456789');
    await form.maxDeliveryRadius.fill('8');
    await form.deliveryFee.fill('25');
    await form.save.click();
    await expect(form.errorFor('banking details is required')).toBeVisible();
    await expect(form.errorFor('display name is required')).toHaveCount(0);
    await tallSnapshot(page, 'branch-form-flat-fee-invalid');

    await form.accountNumber.fill('62012345678');
    await form.choose(form.accountType, 'Cheque');
    await form.branchCode.fill('250655');
    await form.bankName.fill('First National Bank');
    await expect(form.errorFor('banking details is required')).toHaveCount(0);
    await tallSnapshot(page, 'branch-form-flat-fee');
    await form.save.click();
    await expectMessageModal(page, 'Success', 'Branch added successfully.');
    await closeMessageModal(page, 'Success');
    await branches.expectShown();

    // Find it by search.
    await branches.search.fill('gard');
    await expect(page).toHaveURL(/search=gard/);
    await expect(branches.row('Bean There Gardens')).toBeVisible();
    await expect(branches.row('Bean There Gardens')).toContainText('FLAT-FEE');
    await expect(branches.row('Bean There Gardens')).toContainText('0214567890');
    await snapshot(page, 'branches-list');
    await branches.search.fill('nothing like it');
    await expect(page.getByText('This table is empty.')).toBeVisible();
    await branches.search.fill('Gardens');
    await branches.open('Bean There Gardens');

    // Edit: a new name, then each fee type shows only its own fields.
    await expect(page).toHaveURL(/\/console\/settings\/branches\/[0-9a-f]{24}$/);
    const edit = new BranchFormPage(page, 'Edit Branch');
    await edit.expectShown();
    await expect(edit.displayName).toHaveValue('Bean There Gardens');
    await expect(edit.maxDeliveryRadius).toHaveValue('8');
    await expect(edit.save).toBeDisabled();
    await edit.displayName.fill('Bean There Kloof Street');

    await edit.choose(edit.feeType, 'BASE-RADIUS');
    await expect(edit.maxDeliveryRadius).toHaveCount(0);
    await expect(edit.baseDeliveryRadius).toBeVisible();
    await expect(edit.feePerKm).toBeVisible();
    await expect(edit.deliveryFee).toBeVisible();
    await edit.save.click();
    await expect(edit.errorFor('base delivery radius is required')).toBeVisible();
    await expect(edit.errorFor('delivery fee per km is required')).toBeVisible();
    await tallSnapshot(page, 'branch-form-base-radius');

    await edit.choose(edit.feeType, 'MULTI-RADII');
    await expect(edit.baseDeliveryRadius).toHaveCount(0);
    await expect(edit.deliveryFee).toHaveCount(0);
    await expect(edit.radius(1)).toBeVisible();
    await edit.removeRadius(1).click();
    await expect(edit.errorFor('delivery radii is required')).toBeVisible();
    await edit.addRadius.click();
    await edit.radius(1).fill('5');
    await edit.fee(1).fill('20');
    await edit.addRadius.click();
    await edit.radius(2).fill('10');
    await edit.fee(2).fill('35');
    await expect(edit.errorFor('delivery radii is required')).toHaveCount(0);
    await tallSnapshot(page, 'branch-form-multi-radii');
    await edit.save.click();
    await expectMessageModal(page, 'Success', 'Branch updated successfully.');
    await closeMessageModal(page, 'Success');
    await branches.expectShown();
    await expect(branches.row('Bean There Kloof Street')).toContainText('MULTI-RADII');

    // Kept after a reload.
    await branches.open('Bean There Kloof Street');
    await edit.expectShown();
    await page.reload();
    await edit.expectShown();
    await expect(edit.displayName).toHaveValue('Bean There Kloof Street');
    await expect(edit.feeType).toHaveValue('MULTI-RADII');
    await expect(edit.radius(1)).toHaveValue('5');
    await expect(edit.fee(1)).toHaveValue('20.00');
    await expect(edit.radius(2)).toHaveValue('10');
    await expect(edit.fee(2)).toHaveValue('35.00');
    await expect(edit.accountType).toHaveValue('Cheque');

    // Back closes the form.
    await page.goBack();
    await branches.expectShown();
  });
});
