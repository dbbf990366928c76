import { expect, test } from '@playwright/test';
import { CatalogueEditorPage, CatalogueListPage, ImportPage } from './pages/catalogue-page';
import { CustomerProfilePage } from './pages/customer-profile-page';
import { CustomersBusiness } from './pages/customers-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import {
  CustomerSubscriptionsBox,
  SubscriptionEditorPage,
  SubscriptionsListPage,
} from './pages/subscriptions-page';
import { tallSnapshot } from './pages/tall-snapshot';
import { snapshot } from './support/screens';

const IMPORT_CSV = [
  'title,sku,pid,price,categories',
  'Blueberry Muffin,MUF-001,2001,32.00,Bakery',
  'Plain Scone,,2002,abc,Bakery',
  'Cheese Scone,SCN-002,2003,28.50,Bakery',
].join('\n');

test.describe('catalogue and subscriptions', () => {
  test('a category and a product, a CSV with a bad row, a plan with its rules, issued to a customer', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const business = await CustomersBusiness.create(page, request, { plan: 'FREEMIUM' });
    const customerId = await business.addCustomer(request, { name: 'Lerato', surname: 'Mokoena' });
    const list = new CatalogueListPage(page);
    const editor = new CatalogueEditorPage(page);

    // Categories: Coffee by hand; Bakery for the import.
    await page.goto('/console/dashboard');
    await list.openFromSidebar();
    await list.categoriesTab.click();
    await list.expectCategories();
    for (const name of ['Coffee', 'Bakery']) {
      await list.addCategory.click();
      await expect(editor.save).toBeDisabled();
      await editor.field('Name').fill(name);
      if (name === 'Coffee') await tallSnapshot(page, 'category-create');
      await editor.save.click();
      await expectMessageModal(page, 'Success', 'Category saved.');
      await closeMessageModal(page, 'Success');
      await page.getByRole('link', { name: 'Back to Categories' }).click();
      await expect(list.row(name)).toBeVisible();
    }

    // A product with its price in the client's currency and its category.
    await list.productsTab.click();
    await list.expectProducts();
    await list.addProduct.click();
    await editor.field('Title').fill('  ');
    await editor.save.click();
    await expect(editor.form.getByText('title is required')).toBeVisible();
    await expect(editor.form.getByText('sku is required')).toBeVisible();
    await editor.field('Title').fill('Flat White');
    await editor.field('SKU').fill('FW-001');
    await editor.field('PID').fill('1001');
    await editor.field('Price').fill('38.50');
    await editor.pick('Categories', 'Cof', 'Coffee');
    await tallSnapshot(page, 'product-create');
    await editor.save.click();
    await expectMessageModal(page, 'Success', 'Product saved.');
    await closeMessageModal(page, 'Success');
    await page.getByRole('link', { name: 'Back to Products' }).click();
    const flatWhite = list.row('Flat White');
    await expect(flatWhite).toContainText('FW-001');
    await expect(flatWhite).toContainText('R 38.50');
    await expect(flatWhite).toContainText('Coffee');
    await snapshot(page, 'products-list');

    // Import: the bad row is named and nothing is written until the valid rows are chosen.
    await list.importCsv.click();
    const importer = new ImportPage(page);
    await snapshot(page, 'products-import');
    await importer.choose('bakery.csv', IMPORT_CSV);
    await expect(importer.report).toBeVisible();
    // Row 3 of the file (the header is row 1) has no SKU and a price that is not a number.
    await expect(importer.reportRow(3)).toHaveCount(2);
    await expect(importer.reportRow(3).filter({ hasText: 'sku is required' })).toHaveCount(1);
    await expect(importer.reportRow(3).filter({ hasText: 'price' })).toHaveCount(1);
    await expect(importer.reportRow(2)).toHaveCount(0);
    await expect(page.getByText(/nothing was imported/)).toBeVisible();
    await snapshot(page, 'products-import-report');
    await importer.importValidOnly.click();
    await expect(importer.count('Created')).toContainText('2');
    await expect(importer.count('Unchanged')).toContainText('0');
    await expect(importer.count('Skipped')).toContainText('1');
    await snapshot(page, 'products-import-done');
    await page.getByRole('link', { name: 'Back to Products' }).last().click();
    await expect(list.row('Blueberry Muffin')).toContainText('R 32.00');
    await expect(list.row('Cheese Scone')).toBeVisible();
    await expect(list.row('Plain Scone')).toHaveCount(0);

    // A subscription plan: each conditional rule shows its message.
    const plans = new SubscriptionsListPage(page);
    const plan = new SubscriptionEditorPage(page);
    await plans.openFromSidebar();
    await plans.create.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Subscription' })).toBeVisible();
    await plan.choose('Apply To', 'CATEGORY');
    await plan.save.click();
    await expect(plan.message('categories is required')).toBeVisible();
    await expect(plan.message('expires in is required')).toBeVisible();
    await plan.choose('Apply To', 'COMPOUND');
    await expect(plan.message('primary products is required')).toBeVisible();
    await expect(plan.message('products is required')).toBeVisible();
    await expect(plan.message('categories is required')).toHaveCount(0);
    await plan.choose('On Payment Failure', 'RETRY');
    await expect(plan.message('retry days is required')).toBeVisible();
    await expect(plan.message('retry count is required')).toBeVisible();
    await tallSnapshot(page, 'subscription-create-rules');

    await plan.field('Name').fill('Coffee & Muffin');
    await plan.field('SKU').fill('SUB-CM');
    await plan.field('Price').fill('249');
    await plan.field('Description').fill('A flat white and a muffin, every weekday');
    await plan.choose('Status', 'ACTIVE');
    await plan.choose('Period', 'MONTHLY');
    await plan.choose('Type', 'ONGOING');
    await plan.field('Expires In').fill('30');
    await plan.pick('Primary Products', 'Flat', 'Flat White');
    await plan.pick('Products', 'Muffin', 'Blueberry Muffin');
    await plan.choose('Usage Type', 'SELECTIVE_USAGE');
    await plan.choose('Payment Type', 'POST_PAYMENT');
    await plan.field('Retry Days').fill('3');
    await plan.field('Retry Count').fill('2');
    await expect(plan.message('retry days is required')).toHaveCount(0);
    await plan.save.click();
    await expectMessageModal(page, 'Success', 'Subscription saved.');
    await closeMessageModal(page, 'Success');
    await expect(page).toHaveURL(/\/console\/subscription-details\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coffee & Muffin' })).toBeVisible();
    await expect(plan.tile('Subscribers')).toContainText('0');
    await expect(page.getByRole('region', { name: 'Products' })).toContainText('Blueberry Muffin');
    await tallSnapshot(page, 'subscription-details');
    await page.getByRole('link', { name: 'Back to Subscriptions' }).click();
    await expect(plans.row('Coffee & Muffin')).toContainText('POST_PAYMENT');
    await expect(plans.row('Coffee & Muffin')).toContainText('False');
    await snapshot(page, 'subscriptions-list');

    // Issued to a customer, it shows on their profile.
    const profile = new CustomerProfilePage(page);
    await profile.goto(customerId);
    await expect(profile.heading('Lerato Mokoena')).toBeVisible();
    const subscriptions = new CustomerSubscriptionsBox(page);
    await expect(subscriptions.box).toContainText('This table is empty.');
    await subscriptions.issueSubscription('Coffee');
    await expectMessageModal(page, 'Success...', 'Subscription issued successfully.');
    await closeMessageModal(page, 'Success...');
    await expect(subscriptions.dialog).toBeHidden();
    await expect(subscriptions.row('Coffee & Muffin')).toContainText('POST_PAYMENT');
    await expect(subscriptions.row('Coffee & Muffin')).toContainText('ACTIVE');
    await subscriptions.box.scrollIntoViewIfNeeded();
    await snapshot(page, 'customer-subscriptions');

    // The plan now counts its subscriber.
    await plans.openFromSidebar();
    await plans.row('Coffee & Muffin').getByRole('link', { name: 'Coffee & Muffin' }).click();
    await expect(plan.tile('Subscribers')).toContainText('1');
  });
});
