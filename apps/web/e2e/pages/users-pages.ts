import { expect, type Locator, type Page } from '@playwright/test';

/** `/console/users`: the client's console users (admins only). */
export class UsersListPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly search: Locator;
  readonly addUser: Locator;
  readonly table: Locator;
  readonly forbidden: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Users' });
    this.search = page.getByRole('textbox', { name: 'Search users' });
    this.addUser = page.getByRole('button', { name: 'Add User' });
    this.table = page.getByRole('table');
    this.forbidden = page.getByText('You do not possess permissions to perform this action.');
  }

  async goto() {
    await this.page.goto('/console/users');
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/users(\?.*)?$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Users');
  }

  row(text: string) {
    return this.table.getByRole('row').filter({ hasText: text });
  }
}

export type TNewUser = {
  name: string;
  surname: string;
  userName: string;
  cellNumber: string;
  email: string;
  password: string;
};

/** `/console/user/{userId?}`: 'Add User', 'Edit User', and a user's own 'My Account'. */
export class UserPage {
  readonly page: Page;
  readonly form: Locator;
  readonly name: Locator;
  readonly surname: Locator;
  readonly userName: Locator;
  readonly cellNumber: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly accountType: Locator;
  readonly status: Locator;
  readonly branches: Locator;
  readonly permissions: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly backToUsers: Locator;

  constructor(page: Page) {
    this.page = page;
    this.form = page.getByRole('form');
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.surname = this.form.getByRole('textbox', { name: 'Surname', exact: true });
    this.userName = this.form.getByRole('textbox', { name: 'User Name', exact: true });
    this.cellNumber = this.form.getByRole('textbox', { name: 'Cell Number', exact: true });
    this.email = this.form.getByRole('textbox', { name: 'Email', exact: true });
    this.password = this.form.getByRole('textbox', { name: 'Password', exact: true });
    this.accountType = this.form.getByRole('combobox', { name: 'Account Type' });
    this.status = this.form.getByRole('combobox', { name: 'Status' });
    this.branches = this.form.getByRole('combobox', { name: 'Branches' });
    this.permissions = this.form.getByRole('table', { name: 'Permissions' });
    this.save = this.form.getByRole('button', { name: 'Save' });
    this.cancel = this.form.getByRole('button', { name: 'Cancel' });
    this.backToUsers = page.getByRole('button', { name: 'Back to Users' });
  }

  heading(title: 'Add User' | 'Edit User') {
    return this.page.getByRole('heading', { level: 1, name: title });
  }

  async expectShown(title: 'Add User' | 'Edit User') {
    await expect(this.heading(title)).toBeVisible();
    await expect(this.page).toHaveTitle(title);
  }

  /** A box of the permission grid, e.g. permission('Customers', 'View'). */
  permission(area: string, action: 'View' | 'Add' | 'Edit' | 'Delete') {
    return this.form.getByRole('checkbox', { name: `${area}: ${action}` });
  }

  async choose(field: Locator, option: string) {
    await field.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    // A multi-select keeps its list open; Escape closes it.
    await this.page.keyboard.press('Escape');
  }

  async fillPersonal(user: TNewUser) {
    await this.name.fill(user.name);
    await this.surname.fill(user.surname);
    await this.userName.fill(user.userName);
    await this.cellNumber.fill(user.cellNumber);
    await this.email.fill(user.email);
    await this.password.fill(user.password);
  }
}
