import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_ID,
  customerFixture,
  GREEN_POINT,
  listItem,
  SEA_POINT,
  serveCustomers,
} from '@/features/customers/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup({ delay: null });

const ALL_FLAGS = { CUSTOMERS: { read: true, create: true, update: true, delete: true } };

const openCustomers = async (path = '/console/customers') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Customers' });
  await screen.findByText('ann@example.co.za');
  return view;
};

const openAddCustomer = async () => {
  await user.click(screen.getByRole('button', { name: 'Add Customer' }));
  return screen.findByRole('dialog', { name: 'Add Customer' });
};

const fillRequired = async (dialog: HTMLElement, cell = '0831234567') => {
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Ben');
  await user.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Jones');
  await user.type(within(dialog).getByRole('textbox', { name: /^Cell Number/ }), cell);
};

describe('customers list', () => {
  it('shows the columns, money with the client symbol, and opens a profile on row click', async () => {
    serveCustomers();
    const { router } = await openCustomers();
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Surname',
      'Number',
      'Email',
      'Last Transacted',
      'Total Value',
      'Status',
      'Block/Unblock',
    ]);
    expect(screen.getByText('R 120.00')).toBeTruthy();
    expect(screen.getByText('0821234567')).toBeTruthy();
    expect(screen.getByText('1 customer')).toBeTruthy();
    await user.click(screen.getByText('Smith'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/customers/customer-profile/${CUSTOMER_ID}`),
    );
  });

  it("says '10,000+' when the server stopped counting", async () => {
    serveCustomers(
      {},
      {
        'GET /api/v2/client/loyalty/users': () =>
          ok({ user_list: [listItem(customerFixture())], count: 10_000, count_capped: true }),
      },
    );
    await openCustomers();
    expect(screen.getByText('10,000+ customers')).toBeTruthy();
  });

  it("says '1,000+' when a search's smaller count stopped", async () => {
    serveCustomers(
      {},
      {
        'GET /api/v2/client/loyalty/users': () =>
          ok({ user_list: [listItem(customerFixture())], count: 1_001, count_capped: true }),
      },
    );
    await openCustomers('/console/customers?search_string=ann');
    expect(screen.getByText('1,000+ customers')).toBeTruthy();
    expect(screen.getByText(/of 1,000\+$/)).toBeTruthy();
  });

  it('shows a whole email, which may break after its @ only (the table fits beside its pinned column)', async () => {
    serveCustomers(
      {},
      {
        'GET /api/v2/client/loyalty/users': () =>
          ok({
            user_list: [listItem(customerFixture({ email: 'nomsa.botha.35@mail.example.co.za' }))],
            count: 1,
            count_capped: false,
          }),
      },
    );
    renderApp('/console/customers');
    const cell = await screen.findByText('nomsa.botha.35@mail.example.co.za');
    expect(cell.tagName).toBe('TD');
    expect(cell.innerHTML).toBe('nomsa.botha.35@<wbr>mail.example.co.za');
    // The chip reads in full; nothing is cut.
    expect(within(cell.closest('tr') as HTMLElement).getByText('ACTIVE')).toBeTruthy();
  });

  it('puts the filters on a row of their own above the buttons, the two dates together', async () => {
    serveCustomers({ user_permissions: ALL_FLAGS });
    await openCustomers();
    const search = screen.getByRole('textbox', { name: 'Search customers' });
    const from = screen.getByLabelText('Joined from');
    const to = screen.getByLabelText('Joined to');
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    // Every filter comes before the first button, so they never share a row.
    for (const field of [search, from, to])
      expect(field.compareDocumentPosition(exportButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const datePair = from.closest('.mantine-Group-root');
    expect(datePair).toBe(to.closest('.mantine-Group-root'));
    expect(datePair?.contains(search)).toBe(false);
  });

  it('marks a "Joined to" before "Joined from" and leaves it out of the request', async () => {
    const api = serveCustomers();
    await openCustomers('/console/customers?start_date=2025-03-01&end_date=2025-02-01');
    expect(await screen.findByText('Earlier than Joined from')).toBeTruthy();
    const last = api.callsTo('GET /api/v2/client/loyalty/users').at(-1);
    expect(last?.url).toContain('start_date=2025-03-01');
    expect(last?.url).not.toContain('end_date');
  });

  it('sends the status filter and search to the server', async () => {
    const api = serveCustomers();
    await openCustomers('/console/customers?status=SUSPENDED&search=ann&start_date=2025-01-01');
    const last = api.callsTo('GET /api/v2/client/loyalty/users').at(-1);
    expect(last?.url).toContain('status=SUSPENDED');
    expect(last?.url).toContain('search_string=ann');
    expect(last?.url).toContain('start_date=2025-01-01');
    expect(last?.url).toContain('size=10');
  });
});

describe('customers list: search by external ID', () => {
  it("sends the typed external ID to the server's search and lists the customer it finds", async () => {
    const found = customerFixture({
      _id: 'f'.repeat(24),
      name: 'Zodwa',
      surname: 'Khumalo',
      email: 'zodwa@example.co.za',
    });
    const searched = () =>
      api.callsTo('GET /api/v2/client/loyalty/users').at(-1)?.url.includes('search_string=shop-user-88123');
    const api = serveCustomers(
      {},
      {
        'GET /api/v2/client/loyalty/users': () =>
          searched()
            ? ok({ user_list: [listItem(found)], count: 1, count_capped: false })
            : ok({ user_list: [listItem(customerFixture())], count: 1, count_capped: false }),
      },
    );
    await openCustomers();
    expect(screen.getByRole('textbox', { name: 'Search customers' }).getAttribute('placeholder')).toContain(
      'external ID',
    );
    await user.type(screen.getByRole('textbox', { name: 'Search customers' }), 'shop-user-88123');
    expect(await screen.findByText('zodwa@example.co.za')).toBeTruthy();
    expect(screen.queryByText('ann@example.co.za')).toBeNull();
    expect(api.callsTo('GET /api/v2/client/loyalty/users').at(-1)?.url).toContain(
      'search_string=shop-user-88123',
    );
  });
});

describe('Block/Unblock', () => {
  it('without CUSTOMERS.delete says so and sends nothing', async () => {
    const api = serveCustomers({
      role: 'BRANCH_MANAGER',
      manager_of: [SEA_POINT],
      user_permissions: { CUSTOMERS: { read: true, create: true, update: true, delete: false } },
    });
    await openCustomers();
    await user.click(screen.getByRole('button', { name: 'Block/Unblock' }));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when suspending Ann Smith.',
    });
    expect(within(modal).getByText('You do not possess permissions to suspend customers.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v2/suspend/user')).toHaveLength(0);
  });

  it('suspends after the confirm, shows the server message and reloads the list', async () => {
    const api = serveCustomers(
      {},
      {
        'PUT /api/v2/suspend/user': () => ok(customerFixture({ status: 'SUSPENDED' }), 'Customer suspended.'),
      },
    );
    await openCustomers();
    const loads = api.callsTo('GET /api/v2/client/loyalty/users').length;
    await user.click(screen.getByRole('button', { name: 'Block/Unblock' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block customer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Success...' });
    expect(within(success).getByText('Customer suspended.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v2/suspend/user')[0]?.body).toEqual({ _id: CUSTOMER_ID });
    await waitFor(() =>
      expect(api.callsTo('GET /api/v2/client/loyalty/users').length).toBeGreaterThan(loads),
    );
  });

  it('activates a suspended customer and names them in the failure title', async () => {
    const suspended = customerFixture({ status: 'SUSPENDED' });
    serveCustomers(
      {},
      {
        'GET /api/v2/client/loyalty/users': () =>
          ok({ user_list: [listItem(suspended)], count: 1, count_capped: false }),
        'PUT /api/v2/unsuspend/user': () => fail(409, 'This customer is not suspended.'),
      },
    );
    await openCustomers();
    await user.click(screen.getByRole('button', { name: 'Block/Unblock' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unblock customer?' })).getByRole('button', {
        name: 'Yes, Continue',
      }),
    );
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when activating Ann Smith.',
    });
    expect(within(modal).getByText('This customer is not suspended.')).toBeTruthy();
  });
});

describe('Block/Unblock for an erased member', () => {
  it('is not offered: an erasure cannot be blocked or undone', async () => {
    const erased = customerFixture({
      _id: 'c-erased',
      name: 'Erased',
      surname: 'customer',
      email: null,
      cell_number: null,
      status: 'ERASED',
    });
    serveCustomers(
      {},
      {
        'GET /api/v2/client/loyalty/users': () =>
          ok({ user_list: [listItem(customerFixture()), listItem(erased)], count: 2, count_capped: false }),
      },
    );
    await openCustomers();
    const erasedRow = (await screen.findByText('ERASED')).closest('tr') as HTMLElement;
    expect(within(erasedRow).queryByRole('button', { name: 'Block/Unblock' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Block/Unblock' })).toHaveLength(1);
  });
});

describe('Add Customer', () => {
  it('enables Save only for a name, surname and valid 10-character cell number', async () => {
    serveCustomers();
    await openCustomers();
    const dialog = await openAddCustomer();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await fillRequired(dialog, '0531234567');
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Invalid phone number')).toBeTruthy();
    const cell = within(dialog).getByRole('textbox', { name: /^Cell Number/ });
    await user.clear(cell);
    await user.type(cell, '0831234567');
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(within(dialog).queryByText('Invalid phone number')).toBeNull();
  });

  it("finds each field by its label alone: 'Email' names only the email field, not a communication method", async () => {
    serveCustomers();
    await openCustomers();
    const dialog = await openAddCustomer();
    // As a journey finds it: a case-insensitive part of the label.
    const email = within(dialog).getAllByLabelText('Email', { exact: false });
    expect(email).toHaveLength(1);
    expect(email[0]?.getAttribute('type')).toBe('email');
    for (const method of ['SMS', 'E-mail', 'WhatsApp'])
      expect(within(dialog).getByRole('checkbox', { name: method })).toBeTruthy();
  });

  it('admin: the branch is optional; the guest email is sent for an empty email', async () => {
    const api = serveCustomers(
      {},
      { 'POST /api/user/sign_up': () => ok({ _id: 'f'.repeat(24) }, 'Customer added successfully.') },
    );
    await openCustomers();
    const dialog = await openAddCustomer();
    const branch = within(dialog).getByRole('combobox', { name: /^Branch/ });
    expect(branch.hasAttribute('required')).toBe(false);
    await fillRequired(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('dialog', { name: 'Success...' });
    expect(within(success).getByText('Customer added successfully.')).toBeTruthy();
    const body = api.callsTo('POST /api/user/sign_up')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Ben',
      surname: 'Jones',
      cell_number: '0831234567',
      email: 'guest@laurel.app',
      gender: 'N/A',
    });
    expect(body).not.toHaveProperty('member_branch_id');
    expect(body).not.toHaveProperty('member_card_number');
  });

  it("area manager: only their branches, and without one 'Branch is required!'", async () => {
    const api = serveCustomers({
      role: 'AREA_MANAGER',
      manager_of: [SEA_POINT, GREEN_POINT],
      user_permissions: ALL_FLAGS,
    });
    await openCustomers();
    const dialog = await openAddCustomer();
    const branch = within(dialog).getByRole('combobox', { name: /^Branch/ });
    expect(branch.hasAttribute('required')).toBe(true);
    await fillRequired(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Branch is required!' });
    expect(within(modal).getByText('Please select a branch')).toBeTruthy();
    expect(api.callsTo('POST /api/user/sign_up')).toHaveLength(0);
    const branchCall = api.callsTo('GET /api/v2/client/branches')[0];
    expect(branchCall?.url).toContain(`branch_id_list=${SEA_POINT}`);
    expect(branchCall?.url).toContain(`branch_id_list=${GREEN_POINT}`);
  });

  it('branch manager: no branch selector; the first managed branch is used', async () => {
    const api = serveCustomers(
      { role: 'BRANCH_MANAGER', manager_of: [GREEN_POINT, SEA_POINT], user_permissions: ALL_FLAGS },
      { 'POST /api/user/sign_up': () => ok({ _id: 'f'.repeat(24) }, 'Customer added successfully.') },
    );
    await openCustomers();
    const dialog = await openAddCustomer();
    expect(within(dialog).queryByRole('combobox', { name: /^Branch/ })).toBeNull();
    await fillRequired(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Success...' });
    expect(api.callsTo('POST /api/user/sign_up')[0]?.body).toMatchObject({ member_branch_id: GREEN_POINT });
  });

  it('shows the server message under the spec title when adding fails', async () => {
    serveCustomers(
      {},
      { 'POST /api/user/sign_up': () => fail(409, 'A customer with this cell number already exists.') },
    );
    await openCustomers();
    const dialog = await openAddCustomer();
    await fillRequired(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong when adding a customer!' });
    expect(within(modal).getByText('A customer with this cell number already exists.')).toBeTruthy();
  });
});
