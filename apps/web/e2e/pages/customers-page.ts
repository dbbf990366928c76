import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { SignedUpClient } from './signed-up-client';

const PASSWORD = 'Correct-Horse-42';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A cell number nobody else in the run has: 08 then 8 random digits. */
export const uniqueCellNumber = () => `08${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

type TPlan = Parameters<SignedUpClient['choosePlan']>[1];

/** A branch added through the API with a client token (`POST /api/branches`); returns its id. */
export const addBranch = async (request: APIRequestContext, clientToken: string, displayName: string) => {
  const branch = await request.post('/api/branches', {
    // Delivery is on by default (FLAT-FEE), which then needs a radius and fee; this branch does not deliver.
    data: {
      display_name: displayName,
      franchise: false,
      vat_registered: false,
      delivery_settings: { delivery: false },
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(branch.status(), await branch.text()).toBe(200);
  return ((await branch.json()) as { content: { _id: string } }).content._id;
};

/**
 * A business on the BUSINESS plan (or the one asked for) with one branch, 'Sea Point' (or the one named), whose
 * admin is signed in through the log-in page. Everything but the sign-in is set up through the API.
 */
export class CustomersBusiness {
  private constructor(
    readonly client: SignedUpClient,
    readonly clientToken: string,
    readonly branchId: string,
  ) {}

  static async create(
    page: Page,
    request: APIRequestContext,
    { plan = 'BUSINESS', branch = 'Sea Point' }: { plan?: TPlan; branch?: string } = {},
  ) {
    const client = await SignedUpClient.register(page, request);
    await client.signIn();
    await client.choosePlan(request, plan);
    const { client_token } = await client.session();
    const branchId = await addBranch(request, client_token, branch);
    return new CustomersBusiness(client, client_token, branchId);
  }

  private get auth() {
    return { Authorization: `Bearer ${this.clientToken}` };
  }

  /** Adds a customer through the API, to the first branch unless another is given; returns its id. */
  async addCustomer(
    request: APIRequestContext,
    customer: { name: string; surname: string; email?: string; branchId?: string },
  ) {
    const response = await request.post('/api/user/sign_up', {
      data: {
        name: customer.name,
        surname: customer.surname,
        email: customer.email ?? `${customer.name.toLowerCase()}-${unique()}@example.co.za`,
        cell_number: uniqueCellNumber(),
        member_branch_id: customer.branchId ?? this.branchId,
      },
      headers: this.auth,
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { content: { _id: string } }).content._id;
  }

  /** An area manager of 'Sea Point' with every customers flag; returns the credentials. */
  async addAreaManager(request: APIRequestContext) {
    const email = `area-${unique()}@beanthere.co.za`;
    const response = await request.post('/api/v2/create/client/user', {
      data: {
        name: 'Sipho',
        surname: 'Dlamini',
        user_name: `sipho-${unique()}`,
        cell_number: uniqueCellNumber(),
        email,
        password: PASSWORD,
        role: 'AREA_MANAGER',
        status: 'ACTIVE',
        manager_of: [this.branchId],
        user_permissions: { CUSTOMERS: { read: true, create: true, update: true, delete: true } },
      },
      headers: this.auth,
    });
    expect(response.status(), await response.text()).toBe(200);
    return { email, password: PASSWORD };
  }
}

/** The Add Customer dialog. */
export class AddCustomerDialog {
  readonly root: Locator;
  readonly name: Locator;
  readonly surname: Locator;
  readonly email: Locator;
  readonly cellNumber: Locator;
  readonly memberCardNumber: Locator;
  readonly branch: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Add Customer' });
    this.name = this.root.getByRole('textbox', { name: /^Name/ });
    this.surname = this.root.getByRole('textbox', { name: /^Surname/ });
    this.email = this.root.getByRole('textbox', { name: /^Email/ });
    this.cellNumber = this.root.getByRole('textbox', { name: /^Cell Number/ });
    this.memberCardNumber = this.root.getByRole('textbox', { name: /^Member Card Number/ });
    this.branch = this.root.getByRole('combobox', { name: /^Branch/ });
    this.save = this.root.getByRole('button', { name: 'Save' });
  }

  async chooseBranch(name: string) {
    await this.branch.click();
    await this.page.getByRole('option', { name }).click();
    await expect(this.branch).toHaveValue(name);
  }

  communication(label: 'SMS' | 'E-mail' | 'WhatsApp') {
    return this.root.getByRole('checkbox', { name: label, exact: true });
  }
}

/** `/console/customers`. */
export class CustomersListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly addCustomer: Locator;
  readonly exportCsv: Locator;
  readonly columns: Locator;
  readonly table: Locator;
  readonly addDialog: AddCustomerDialog;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Customers' });
    this.search = page.getByRole('textbox', { name: 'Search customers' });
    this.status = page.getByRole('combobox', { name: 'Status' });
    this.addCustomer = page.getByRole('button', { name: 'Add Customer' });
    this.exportCsv = page.getByRole('button', { name: 'Export CSV' });
    this.columns = page.getByRole('button', { name: 'Choose columns' });
    this.table = page.getByRole('table');
    this.addDialog = new AddCustomerDialog(page);
  }

  async goto() {
    await this.page.goto('/console/customers');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Customers');
  }

  row(text: string) {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  columnHeader(title: string) {
    return this.table.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });
  }

  async toggleColumn(title: string) {
    await this.columns.click();
    await this.page.getByRole('checkbox', { name: title, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** Confirms Block or Unblock of a customer and closes the success message. */
  async blockOrUnblock(action: 'Block' | 'Unblock', fullName: string) {
    // The row's action is named 'Block/Unblock' (spec 1 §2.9); its tooltip says which one it is.
    // Name and surname sit in cells of their own.
    const [name = '', ...surname] = fullName.split(' ');
    await this.row(name)
      .filter({ hasText: surname.join(' ') })
      .getByRole('button', { name: 'Block/Unblock', exact: true })
      .click();
    const confirm = this.page.getByRole('dialog', { name: `${action} customer?` });
    await confirm.getByRole('button', { name: 'Yes, Continue' }).click();
    return this.page.getByRole('dialog', { name: 'Success...' });
  }
}
