import { expect, test } from '@playwright/test';
import { ConsoleShell } from './pages/console-shell';
import { CreateClientPage, newBusiness } from './pages/create-client-page';
import { LogInPage } from './pages/log-in-page';
import { expectMessageModal } from './pages/message-modal';
import { PlanPage } from './pages/plan-page';
import { snapshot } from './support/screens';

test.describe('a new business signs up', () => {
  test('through every wizard step, picks a plan, and is remembered across a browser restart only when asked', async ({
    page,
    browser,
  }) => {
    const business = newBusiness();
    const wizard = new CreateClientPage(page);
    const plans = new PlanPage(page);
    const shell = new ConsoleShell(page);
    const logIn = new LogInPage(page);

    await wizard.goto();
    await snapshot(page, '1-create-account-empty');
    await wizard.fillAccount(business);
    await snapshot(page, '1-create-account');
    await wizard.next.click();
    await expect(wizard.heading('Company details')).toBeVisible();
    await wizard.fillCompanyDetails(business);
    await snapshot(page, '2-company-details');
    await wizard.next.click();
    await expect(wizard.heading('Company information')).toBeVisible();
    await wizard.fillCompanyInformation(business);
    await snapshot(page, '3-company-information');
    await wizard.next.click();

    // A new client awaits its first plan: the console sends it to the plan page.
    await plans.expectShown();
    await expect(plans.plan('Growth').getByText('Reward tracks', { exact: true })).toBeVisible();
    for (const label of ['Freemium', 'Starter', 'Growth', 'Business'])
      await expect(plans.choose(label)).toBeVisible();
    await snapshot(page, '4-payment-plan');
    await plans.choose('Growth').click();
    await shell.expectDashboard(business.name);

    // Without 'Remember me?' the session ends with the browser.
    await shell.logOut();
    await logIn.expectShown();
    await snapshot(page, '0-log-in');
    await logIn.signInWith(business.email, business.password);
    await shell.expectDashboard(business.name);
    const forgotten = await browser.newContext({ storageState: await page.context().storageState() });
    const afterRestart = await forgotten.newPage();
    await afterRestart.goto('/console/dashboard');
    await new LogInPage(afterRestart).expectShown();
    await forgotten.close();

    // With it, a new browser (the saved localStorage) is still signed in and log-in goes straight to the console.
    await shell.logOut();
    await logIn.expectShown();
    await logIn.signInWith(business.email, business.password, { rememberMe: true });
    await shell.expectDashboard(business.name);
    const remembered = await browser.newContext({ storageState: await page.context().storageState() });
    const restarted = await remembered.newPage();
    await restarted.goto('/console/dashboard');
    await new ConsoleShell(restarted).expectDashboard(business.name);
    await restarted.goto('/welcome/log-in');
    await new ConsoleShell(restarted).expectDashboard(business.name);
    await remembered.close();
  });

  test("a second registration with the same email gets 'Oops!' with the server's message", async ({
    page,
  }) => {
    const business = newBusiness();
    const wizard = new CreateClientPage(page);
    await wizard.signUp(business);
    await new PlanPage(page).expectShown();
    await new PlanPage(page).logOut.click();
    await new LogInPage(page).expectShown();

    await wizard.signUp(newBusiness({ email: business.email, businessName: 'Another Bean' }));
    await expectMessageModal(page, 'Oops!', 'An account with this email address already exists.');
    await snapshot(page, '3-oops');
    await expect(page).toHaveURL(/\/welcome\/create-client$/);
    await expect(page.getByRole('dialog', { name: 'Please Wait...' })).toBeHidden();
  });
});
