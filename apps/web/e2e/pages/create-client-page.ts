import { expect, type Locator, type Page } from '@playwright/test';

export type TNewBusiness = {
  name: string;
  surname: string;
  email: string;
  password: string;
  cellNumber: string;
  birthday: string;
  businessName: string;
  registeredName: string;
  registeredNumber: string;
  vatNumber?: string;
  /** Typed into the address search; `addressPrediction` names the prediction then chosen. */
  address: string;
  addressPrediction: RegExp;
  businessType: string;
  sells: string[];
  industry: string;
};

/** A business nobody has registered yet: a unique email per call. */
export const newBusiness = (overrides: Partial<TNewBusiness> = {}): TNewBusiness => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name: 'Thandi',
    surname: 'Nkosi',
    email: `owner-${unique}@example.com`,
    password: 'correct horse battery',
    cellNumber: '0821234567',
    birthday: '1990-05-14',
    businessName: 'Bean There',
    registeredName: 'Bean There Coffee (Pty) Ltd',
    registeredNumber: '2020/123456/07',
    vatNumber: '4123456789',
    // The offline gazetteer (the default places provider) knows places, not streets.
    address: 'Cape Town',
    addressPrediction: /^Cape Town/,
    businessType: 'I sell in store',
    sells: ['Food and beverages', 'Services'],
    industry: 'Coffee and cafés',
    ...overrides,
  };
};

/** The create-client wizard (spec 1 §2.8). */
export class CreateClientPage {
  readonly page: Page;
  readonly next: Locator;
  readonly back: Locator;

  constructor(page: Page) {
    this.page = page;
    this.next = page.getByRole('button', { name: 'Next' });
    this.back = page.getByRole('button', { name: 'Back' });
  }

  heading(title: string) {
    return this.page.getByRole('heading', { level: 1, name: title });
  }

  textbox(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  async goto() {
    await this.page.goto('/welcome/create-client');
    await expect(this.heading('Create your account')).toBeVisible();
  }

  message(text: string) {
    return this.page.getByText(text, { exact: true });
  }

  async expectMessages(texts: string[]) {
    for (const text of texts) await expect(this.message(text)).toBeVisible();
  }

  async fillAccount(business: TNewBusiness, { agree = true } = {}) {
    await this.textbox('Name').fill(business.name);
    await this.textbox('Surname').fill(business.surname);
    await this.textbox('Email').fill(business.email);
    await this.textbox('Password').fill(business.password);
    await this.textbox('Confirm Password').fill(business.password);
    await this.textbox('Phone Number').fill(business.cellNumber);
    await this.textbox('Birthday').fill(business.birthday);
    await this.textbox('Birthday').press('Escape');
    await this.page.getByRole('checkbox', { name: 'Keep me informed about new features and offers' }).check();
    if (agree) await this.agreeToTerms();
  }

  /** Ticking the box opens the terms; 'I agree' keeps it ticked. */
  async agreeToTerms() {
    await this.page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
    const dialog = this.page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(dialog.getByLabel('Terms and conditions text')).toBeVisible();
    await dialog.getByRole('button', { name: 'I agree' }).click();
    await expect(dialog).toBeHidden();
  }

  async fillCompanyDetails(business: TNewBusiness) {
    await this.textbox('Business Name').fill(business.businessName);
    await this.textbox('Registered Name').fill(business.registeredName);
    await this.textbox('Registered Number').fill(business.registeredNumber);
    if (business.vatNumber) await this.textbox('VAT Number (optional)').fill(business.vatNumber);
    await this.chooseAddress(business.address, business.addressPrediction);
  }

  /** The same place search as a customer's address: typing, then a prediction clicked. */
  async chooseAddress(search: string, prediction: RegExp) {
    const box = this.textbox('Business Address');
    await box.fill('');
    await box.pressSequentially(search, { delay: 20 });
    const option = this.page.getByRole('option', { name: prediction }).first();
    const chosen = (await option.textContent()) ?? '';
    await option.click();
    await expect(box).toHaveValue(chosen);
  }

  async fillCompanyInformation(business: TNewBusiness) {
    await this.page.getByRole('radio', { name: business.businessType, exact: true }).click();
    for (const product of business.sells)
      await this.page.getByRole('checkbox', { name: product, exact: true }).click();
    await this.page.getByRole('combobox', { name: 'Select Industry' }).click();
    await this.page.getByRole('option', { name: business.industry }).click();
  }

  /** Every step filled and the last 'Next' pressed: the business is registered and signed in. */
  async signUp(business: TNewBusiness) {
    await this.goto();
    await this.fillAccount(business);
    await this.next.click();
    await expect(this.heading('Company details')).toBeVisible();
    await this.fillCompanyDetails(business);
    await this.next.click();
    await expect(this.heading('Company information')).toBeVisible();
    await this.fillCompanyInformation(business);
    await this.next.click();
  }
}
