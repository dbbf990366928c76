import { expect, test } from '@playwright/test';
import { CreateClientPage, newBusiness } from './pages/create-client-page';
import { LogInPage } from './pages/log-in-page';
import { expectMessageModal } from './pages/message-modal';
import { snapshot } from './support/screens';

test('every validation message of the wizard and of sign-in shows for its bad input, and nothing is created', async ({
  page,
}) => {
  const business = newBusiness();
  const wizard = new CreateClientPage(page);
  let registrations = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/self-onboard/create/client')) registrations += 1;
  });

  await wizard.goto();
  await wizard.next.click();
  await wizard.expectMessages([
    'Name is required.',
    'Surname is required.',
    'Email is required.',
    'Phone Number is required.',
    'Password is required.',
    'Confirm Password is required.',
    'Birthday is required.',
    'Must agree to our terms and conditions.',
  ]);
  await expect(wizard.textbox('Name')).toBeFocused();
  await snapshot(page, '1-create-account-errors');

  await wizard.fillAccount(business, { agree: false });
  await wizard.textbox('Password').fill('short');
  await wizard.textbox('Confirm Password').fill('different');
  await wizard.textbox('Email').fill('not-an-email');
  await wizard.textbox('Phone Number').fill('12345');
  await wizard.next.click();
  await wizard.expectMessages([
    'Password must be at least 8 characters.',
    "Passwords don't match.",
    'Please enter a valid email address.',
    'Phone Number must be a 10-digit phone number',
    'Must agree to our terms and conditions.',
  ]);
  await expect(wizard.heading('Create your account')).toBeVisible();

  await wizard.fillAccount(business);
  await wizard.next.click();
  await expect(wizard.heading('Company details')).toBeVisible();
  await wizard.next.click();
  await wizard.expectMessages([
    'Business name is required.',
    'Registered name is required.',
    'Registered number is required.',
    'Address is required.',
  ]);
  await snapshot(page, '2-company-details-errors');
  await wizard.fillCompanyDetails({ ...business, vatNumber: '' });
  await wizard.next.click();
  await expect(wizard.heading('Company information')).toBeVisible();
  await wizard.next.click();
  await wizard.expectMessages([
    'Business type is required.',
    'Please select products type.',
    'Please select an industry.',
  ]);
  await snapshot(page, '3-company-information-errors');
  await wizard.back.click();
  await expect(wizard.textbox('Business Name')).toHaveValue(business.businessName);

  const logIn = new LogInPage(page);
  await logIn.goto();
  await logIn.signIn.click();
  await expect(logIn.errorFor('Email is required.')).toBeVisible();
  await expect(logIn.errorFor('Password is required.')).toBeVisible();

  // Nothing was registered: that email cannot sign in.
  await logIn.signInWith(business.email, business.password);
  await expectMessageModal(page, 'Something went wrong!', 'Incorrect email address or password.');
  await expect(page).toHaveURL(/\/welcome\/log-in$/);
  expect(registrations).toBe(0);
});
