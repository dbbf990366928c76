import { expect, test } from '@playwright/test';
import { ConsoleShell } from './pages/console-shell';
import { CreateClientPage, newBusiness } from './pages/create-client-page';
import { LogInPage } from './pages/log-in-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-pages';
import { PlanPage } from './pages/plan-page';
import { readLatestMailLink } from './support/outbox';
import { snapshot } from './support/screens';

test('forgot password: the emailed link sets a new password once, and only the new one signs in', async ({
  page,
}) => {
  const business = newBusiness();
  const newPassword = 'a brand new password';
  await new CreateClientPage(page).signUp(business);
  const plans = new PlanPage(page);
  await plans.expectShown();
  await plans.choose('Freemium').click();
  await new ConsoleShell(page).expectDashboard(business.name);
  await new ConsoleShell(page).logOut();

  const logIn = new LogInPage(page);
  await logIn.expectShown();
  await logIn.forgotPassword.click();
  const forgot = new ForgotPasswordPage(page);
  await forgot.expectShown();
  await expect(forgot.submit).toBeDisabled();
  await forgot.email.fill(business.email);
  await forgot.submit.click();
  await expectMessageModal(page, 'Success', /reset link has been sent/);

  const link = await readLatestMailLink(business.email, /reset/i);
  expect(link).toMatch(/^\/welcome\/reset-password\/0\/.+/);
  await page.goto(link);
  const reset = new ResetPasswordPage(page);
  await reset.expectShown();
  await expect(page.getByText('Email Address Verified')).toBeHidden();
  await reset.choose(newPassword);
  await expectMessageModal(page, 'Success', 'Your password has been reset. You can now sign in.');
  await snapshot(page, '5-reset-password-success');
  await closeMessageModal(page, 'Success');
  await expect(reset.password).toHaveValue('');
  await expect(reset.confirmPassword).toHaveValue('');

  // The link works once.
  await reset.choose('yet another password');
  await expectMessageModal(
    page,
    'Something went wrong with your request!',
    'This password reset link is invalid or has expired.',
  );

  await logIn.goto();
  await logIn.signInWith(business.email, business.password);
  await expectMessageModal(page, 'Something went wrong!', 'Incorrect email address or password.');
  await closeMessageModal(page, 'Something went wrong!');
  await logIn.signInWith(business.email, newPassword);
  await new ConsoleShell(page).expectDashboard(business.name);
});

test("a new account's verification link shows 'Email Address Verified'", async ({ page }) => {
  const business = newBusiness();
  await new CreateClientPage(page).signUp(business);
  await new PlanPage(page).expectShown();
  const link = await readLatestMailLink(business.email, /verify/i);
  expect(link).toMatch(/^\/welcome\/reset-password\/1\/.+/);
  await new PlanPage(page).logOut.click();
  await page.goto(link);
  await new ResetPasswordPage(page).expectShown();
  await expect(page.getByText('Email Address Verified')).toBeVisible();
});
