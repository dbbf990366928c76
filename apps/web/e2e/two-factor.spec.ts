import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ConsoleShell } from './pages/console-shell';
import { LogInPage } from './pages/log-in-page';
import { closeMessageModal, expectMessageModal } from './pages/message-modal';
import {
  enrolIn,
  enterWrongSetupCode,
  SignInSecurityPage,
  TwoFactorStep,
  totpNow,
} from './pages/sign-in-security-page';
import { SignedUpClient } from './pages/signed-up-client';
import { seriousAxeFindings } from './support/axe';
import { snapshot } from './support/screens';

/** A new business on FREEMIUM, its admin signed in. */
const freemiumAdmin = async (page: Page, request: APIRequestContext) => {
  const client = await SignedUpClient.register(page, request);
  await client.signIn();
  await client.choosePlan(request, 'FREEMIUM');
  return client;
};

test('two-factor sign-in: enrolled from the profile menu, then asked for after the password', async ({
  page,
  request,
}) => {
  const client = await freemiumAdmin(page, request);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/dashboard$/);

  const security = new SignInSecurityPage(page);
  await security.openFromProfileMenu();
  await expect(security.sessions.getByText('This device')).toBeVisible();
  const { secret, recoveryCodes } = await security.enrol({ wrongCodeFirst: true });
  expect(new Set(recoveryCodes).size).toBe(10);
  expect(await seriousAxeFindings(page), 'the recovery codes dialog').toEqual([]);
  await snapshot(page, 'two-factor-recovery-codes');
  await security.dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/10 of 10 recovery codes left/)).toBeVisible();
  await snapshot(page, 'two-factor-security-page');

  // Signed out, the password alone is not enough any more.
  await new ConsoleShell(page).logOut();
  const logIn = new LogInPage(page);
  await logIn.expectShown();
  await logIn.signInWith(client.email, client.password);
  const step = new TwoFactorStep(page);
  await expect(step.heading).toBeVisible();
  await expect(page).toHaveURL(/\/welcome\/two-factor$/);
  expect(await seriousAxeFindings(page), 'the two-factor step').toEqual([]);
  await snapshot(page, 'two-factor-sign-in-step');

  // A wrong code is refused with the server's message; the right one enters.
  await step.enter(totpNow(secret) === '000000' ? '111111' : '000000');
  await expectMessageModal(page, 'Something went wrong!', /That code is not valid/);
  await closeMessageModal(page, 'Something went wrong!');
  await step.code.clear();
  await step.enter(totpNow(secret));
  await expect(page).toHaveURL(/\/console\/dashboard$/);

  // A recovery code signs in once.
  await new ConsoleShell(page).logOut();
  await logIn.signInWith(client.email, client.password);
  await step.enter(recoveryCodes[0] as string);
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await security.openFromProfileMenu();
  await expect(page.getByText(/9 of 10 recovery codes left/)).toBeVisible();
});

test('two-factor required by the business: the admin switches it on, and signing in sets it up before the console', async ({
  page,
  request,
}) => {
  const client = await freemiumAdmin(page, request);
  await page.goto('/console/users');
  const requireAll = page.getByRole('switch', { name: /Require two-factor sign-in for every user/ });
  await expect(requireAll).toBeEnabled();
  // The switch asks first: it changes only once confirmed.
  await requireAll.click();
  const confirm = page.getByRole('dialog', { name: 'Require two-factor sign-in?' });
  await confirm.getByRole('button', { name: 'Require two-factor' }).click();
  await expect(confirm).toBeHidden();
  await expect(requireAll).toBeChecked();
  await expect(page.getByText('Required: nobody can turn it off for themselves.')).toBeVisible();

  await new ConsoleShell(page).logOut();
  const logIn = new LogInPage(page);
  await logIn.signInWith(client.email, client.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome\/two-factor$/);
  await expect(page.getByLabel('Setup key')).toBeVisible();
  await enterWrongSetupCode(page.locator('main'), 'Something went wrong!');
  const { secret } = await enrolIn(page.locator('main'));
  expect(await seriousAxeFindings(page), 'enrolment at sign-in').toEqual([]);
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(page).toHaveURL(/\/console\/dashboard$/);

  // Required: it cannot be turned off, and the next sign-in asks for the code.
  const security = new SignInSecurityPage(page);
  await security.openFromProfileMenu();
  await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeDisabled();
  await new ConsoleShell(page).logOut();
  await logIn.signInWith(client.email, client.password);
  await new TwoFactorStep(page).enter(totpNow(secret));
  await expect(page).toHaveURL(/\/console\/dashboard$/);
});

test('new recovery codes: made with an app code from the profile; the old ones stop signing in', async ({
  page,
  request,
}) => {
  const client = await freemiumAdmin(page, request);
  // A phone's width: the setup key wraps and its Copy key button still shows whole.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/console/security');
  const security = new SignInSecurityPage(page);
  const { secret, recoveryCodes: oldCodes } = await security.enrol();
  await security.dialog.getByRole('button', { name: 'Done' }).click();

  const newCodes = await security.makeNewRecoveryCodes(totpNow(secret));
  expect(newCodes).toHaveLength(10);
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
  await expect(security.newCodesDialog.getByRole('button', { name: 'Download codes' })).toBeVisible();
  expect(await seriousAxeFindings(page), 'the new recovery codes dialog').toEqual([]);
  await snapshot(page, 'two-factor-new-recovery-codes');
  await security.newCodesDialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/10 of 10 recovery codes left/)).toBeVisible();

  await new ConsoleShell(page).logOut();
  const logIn = new LogInPage(page);
  await logIn.signInWith(client.email, client.password);
  const step = new TwoFactorStep(page);
  await step.enter(oldCodes[0] as string);
  await expectMessageModal(page, 'Something went wrong!', /That code is not valid/);
  await closeMessageModal(page, 'Something went wrong!');
  await step.code.clear();
  await step.enter(newCodes[0] as string);
  await expect(page).toHaveURL(/\/console\/dashboard$/);
});

test('the sessions list is paged by the server, and signing one out keeps the page', async ({
  page,
  request,
}) => {
  const client = await freemiumAdmin(page, request);
  // Sixteen more sign-ins elsewhere: eighteen live sessions with this browser's and the sign-up's.
  for (let n = 0; n < 16; n += 1) {
    const signIn = await request.post('/api/v2/client-user/signin', {
      data: { email: client.email, password: client.password },
      headers: {
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
    });
    expect(signIn.status()).toBe(200);
  }
  await page.goto('/console/security');
  const security = new SignInSecurityPage(page);
  await expect(security.sessions.locator('tbody tr')).toHaveCount(15);
  // This device heads page 1, though the other sign-ins came later.
  await expect(security.sessions.locator('tbody tr').first()).toContainText('This device');
  const total = Number((await page.getByText(/^1–15 of \d+$/).textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(17);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/console\/security\?page=2$/);
  await expect(security.sessions.locator('tbody tr')).toHaveCount(total - 15);
  await expect(security.sessions.getByText('Firefox on Windows').first()).toBeVisible();
  expect(await seriousAxeFindings(page), 'the sessions list').toEqual([]);
  await snapshot(page, 'sessions-page-2');

  await security.sessions
    .getByRole('button', { name: /^Sign out Firefox on Windows/ })
    .first()
    .click();
  await expect(security.sessions.locator('tbody tr')).toHaveCount(total - 16);
  await expect(page.getByText(`16–${total - 1} of ${total - 1}`)).toBeVisible();
});
