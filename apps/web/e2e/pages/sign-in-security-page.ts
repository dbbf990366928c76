import { expect, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { closeMessageModal, expectMessageModal } from './message-modal';

/** The code an authenticator app shows for a base32 secret now (RFC 6238: SHA-1, 6 digits, 30 s). */
export const totpNow = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

/** `/console/security`: two-factor sign-in and the sessions, reached from the profile menu. */
export class SignInSecurityPage {
  readonly heading: Locator;
  readonly setUp: Locator;
  readonly dialog: Locator;
  readonly sessions: Locator;
  readonly newCodesDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign-in security' });
    this.setUp = page.getByRole('button', { name: 'Set up two-factor sign-in' });
    this.dialog = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    this.sessions = page.getByRole('table', { name: 'Sessions' });
    this.newCodesDialog = page.getByRole('dialog', { name: 'New recovery codes' });
  }

  async openFromProfileMenu() {
    await this.page.getByRole('button', { name: /^Profile menu/ }).click();
    await this.page.getByRole('menuitem', { name: 'Sign-in security' }).click();
    await expect(this.page).toHaveURL(/\/console\/security$/);
    await expect(this.heading).toBeVisible();
  }

  /** Turns two-factor on from this page's dialog (a wrong code first, if asked); answers the secret and the codes. */
  async enrol({ wrongCodeFirst = false }: { wrongCodeFirst?: boolean } = {}) {
    await this.setUp.click();
    if (wrongCodeFirst) {
      await expect(this.dialog.getByLabel('Setup key')).toBeVisible();
      await enterWrongSetupCode(this.dialog, 'Something went wrong!');
    }
    return enrolIn(this.dialog);
  }

  /** Replaces the recovery codes with an app code; answers the new ones shown. */
  async makeNewRecoveryCodes(code: string) {
    await this.page.getByRole('button', { name: 'New recovery codes' }).click();
    await this.newCodesDialog.getByRole('textbox', { name: 'Code from your app' }).fill(code);
    await this.newCodesDialog.getByRole('button', { name: 'Make new recovery codes' }).click();
    const list = this.newCodesDialog.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    return list.getByRole('listitem').allTextContents();
  }
}

/** The button shows its whole label (nothing clipped) and sits clear of the key, inside the page's width. */
const expectWholeBeside = async (button: Locator, key: Locator) => {
  await expect(button).toBeVisible();
  const clipped = await button.evaluate((element) =>
    [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1),
  );
  expect(clipped, 'the Copy key button is cut off').toBe(false);
  const [buttonBox, keyBox] = [await button.boundingBox(), await key.boundingBox()];
  const viewport = button.page().viewportSize();
  expect(buttonBox && keyBox && viewport).toBeTruthy();
  if (!buttonBox || !keyBox || !viewport) return;
  expect(buttonBox.x).toBeGreaterThanOrEqual(keyBox.x + keyBox.width);
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(viewport.width);
};

/**
 * Types a wrong code into the setup form of `scope`: the failure names only the app (recovery codes do not exist
 * yet at setup). Answers the modal's message.
 */
export const enterWrongSetupCode = async (scope: Locator, title: string) => {
  const page = scope.page();
  const secret = ((await scope.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  const field = scope.getByRole('textbox', { name: 'Code from your app' });
  await field.fill(totpNow(secret) === '000000' ? '111111' : '000000');
  await scope.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const modal = await expectMessageModal(
    page,
    title,
    'That code is not valid. Enter the current code from your authenticator app.',
  );
  await expect(modal.getByText(/recovery/i)).toHaveCount(0);
  await closeMessageModal(page, title);
  await field.clear();
};

/**
 * Sets two-factor up in `scope` (the dialog, or the sign-in's enrolment page) as a person with an authenticator app
 * would: reads the setup key shown, types the app's code, and answers the secret and the recovery codes shown.
 */
export const enrolIn = async (scope: Locator) => {
  const key = scope.getByLabel('Setup key');
  await expect(key).toBeVisible();
  await expect(scope.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectWholeBeside(scope.getByRole('button', { name: 'Copy key' }), key);
  // What the person would type into their app: the key as shown, spaces and all.
  const secret = ((await key.textContent()) ?? '').replace(/\s+/g, '');
  await scope.getByRole('textbox', { name: 'Code from your app' }).fill(totpNow(secret));
  await scope.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = scope.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  return { secret, recoveryCodes };
};

/** `/welcome/two-factor`: the sign-in's second step. */
export class TwoFactorStep {
  readonly heading: Locator;
  readonly code: Locator;
  readonly verify: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' });
    this.code = page.getByRole('textbox', { name: 'Authentication code' });
    this.verify = page.getByRole('button', { name: 'Verify' });
  }

  async enter(code: string) {
    await expect(this.heading).toBeVisible();
    await this.code.fill(code);
    await this.verify.click();
  }
}
