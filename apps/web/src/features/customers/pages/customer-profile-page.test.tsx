import type { TLoyalty, TPaymentMethod } from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_ID, customerFixture, SEA_POINT, serveCustomers } from '@/features/customers/test-server';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup({ delay: null });

const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;

const openProfile = async (path = PROFILE) => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Ann Smith' });
  return view;
};

const loyaltyFixture = (overrides: Partial<TLoyalty> = {}): TLoyalty => ({
  _id: 'a1'.repeat(12),
  loyalty_number: 'L-0001',
  card: { number: '123456789012345', linked: true },
  member_date: '2025-03-01',
  customer_id: CUSTOMER_ID,
  member_branch_id: SEA_POINT,
  user: { name: 'Ann', surname: 'Smith' },
  ...overrides,
});

describe('customer profile: the id rule', () => {
  it('loads nothing for an id that is not 24 hexadecimal characters, and logs a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = serveCustomers();
    const { router } = renderApp('/console/customers/customer-profile/not-an-id');
    const back = await screen.findByRole('button', { name: 'Back to Customers' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("'not-an-id'")));
    expect(api.callsTo('GET /api/v2/get/user')).toHaveLength(0);
    expect(api.callsTo('GET /api/v2/get/loyalty')).toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/customers'));
  });

  it('loads the customer for a 24-character hexadecimal id', async () => {
    const api = serveCustomers();
    await openProfile();
    expect(api.callsTo('GET /api/v2/get/user')[0]?.url).toContain(`_id=${CUSTOMER_ID}`);
    expect(screen.getByText('Member since 2025-03-01')).toBeTruthy();
    expect(screen.getByText('Sea Point')).toBeTruthy();
  });
});

describe('customer profile: what it shows', () => {
  it('offers loyalty set-up only when there is no loyalty record', async () => {
    serveCustomers();
    await openProfile();
    expect(await screen.findByRole('button', { name: 'set up loyalty' })).toBeTruthy();
  });

  it('shows loyalty details instead when the customer has them', async () => {
    serveCustomers({}, { 'GET /api/v2/get/loyalty': () => ok(loyaltyFixture()) });
    await openProfile();
    const box = await screen.findByRole('region', { name: 'Loyalty Details' });
    expect(within(box).getByText('L-0001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'set up loyalty' })).toBeNull();
  });

  it("shows the client's external ID in the personal information when it has one", async () => {
    serveCustomers(
      {},
      { 'GET /api/v2/get/user': () => ok(customerFixture({ external_id: 'shop-user-88123' })) },
    );
    await openProfile();
    const box = await screen.findByRole('region', { name: 'Personal Information' });
    expect(within(box).getByText('External ID')).toBeTruthy();
    expect(within(box).getByText('shop-user-88123')).toBeTruthy();
  });

  it('shows no external ID for a customer added in the console', async () => {
    serveCustomers();
    await openProfile();
    await screen.findByRole('region', { name: 'Personal Information' });
    expect(screen.queryByText('External ID')).toBeNull();
  });

  it('shows the tiles as zeros, empty progressions and tables, and the analytics', async () => {
    serveCustomers(
      {},
      {
        'GET /api/v2/user/lifetime/analitycs': () => ok({ lifetime_spent: 1234.5, order_count: 3 }),
        'GET /api/v2/user/purchase/date/analitycs': () =>
          ok({
            last_purchase_date: '2025-04-02T09:00:00.000Z',
            first_purchase_date: '2025-03-01T09:00:00.000Z',
          }),
        'GET /api/v2/user/average/analitycs': () => fail(400, 'No orders to average.'),
      },
    );
    await openProfile();
    // Each tile loads its own figure (the wallet's balances, DESIGN §9).
    for (const label of [
      'Wallet Balance',
      'Challenges Participated',
      'Challenges Completed',
      'Badges Earned',
    ])
      expect(await within(screen.getByRole('group', { name: label })).findByText('0')).toBeTruthy();
    expect(screen.getByText('No tier progression has been set up yet.')).toBeTruthy();
    expect(screen.getByText('No level progression has been set up yet.')).toBeTruthy();
    expect(await screen.findByText('R 1,234.50')).toBeTruthy();
    expect(await screen.findByText('2025-04-02')).toBeTruthy();
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong fetching average analytics!',
    });
    expect(within(failure).getByText('No orders to average.')).toBeTruthy();
    expect(screen.getAllByText('This table is empty.')).toHaveLength(3);
  });

  it('shows only the commerce tables the user may view, asking the API for no other', async () => {
    const flags = (read: boolean) => ({ read, create: false, update: false, delete: false });
    const api = serveCustomers({
      role: 'BRANCH_MANAGER',
      manager_of: [SEA_POINT],
      user_permissions: { CUSTOMERS: flags(true), ORDERS: flags(true), BASKETS: flags(false) },
    });
    await openProfile();
    expect(await screen.findByRole('region', { name: 'Orders' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Baskets' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
    expect(api.callsTo('GET /api/v2/user/basket/list')).toHaveLength(0);
    expect(api.callsTo('GET /api/v2/user/subscriptions')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says in place that a customer could not be loaded, with no modal over it', async () => {
    serveCustomers(
      {},
      {
        'GET /api/v2/get/user': () => fail(404, 'The customer could not be found.'),
        'GET /api/v2/get/loyalty': () => fail(404, 'The customer could not be found.'),
      },
    );
    renderApp(PROFILE);
    expect(await screen.findByText('This customer could not be loaded')).toBeTruthy();
    expect(screen.getByText('The customer could not be found.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no progression bars to a user who may not view reward tracks, rather than "not set up"', async () => {
    const flags = (read: boolean) => ({ read, create: false, update: false, delete: false });
    serveCustomers(
      { role: 'BRANCH_MANAGER', manager_of: [SEA_POINT], user_permissions: { CUSTOMERS: flags(true) } },
      {
        'GET /api/v2/client': () =>
          ok(clientFixture({ clientSubscription: { name: 'GROWTH', status: 'ACTIVE' } })),
      },
    );
    await openProfile();
    await screen.findByRole('region', { name: 'Wallet History' });
    expect(screen.queryByText('Tier Progression')).toBeNull();
    expect(screen.queryByText('No tier progression has been set up yet.')).toBeNull();
  });

  it("counts the player's challenges participated and completed and the badges earned", async () => {
    const challenge = (status: string, started_at: string | null) => ({
      challenge_id: `${status}${started_at ? 's' : 'n'}`,
      title: 'Spend R200',
      status,
      started_at,
      completed_at: status === 'completed' ? '2025-04-02T09:00:00.000Z' : null,
      objectives: [],
    });
    serveCustomers(
      {},
      {
        [`GET /api/v1/players/${CUSTOMER_ID}`]: () =>
          ok({
            customer_id: CUSTOMER_ID,
            statistics: {},
            updated_at: null,
            challenges: [
              challenge('completed', '2025-04-01T09:00:00.000Z'),
              challenge('active', '2025-04-01T09:00:00.000Z'),
              challenge('active', null),
            ],
            badges: [{ quantity: 2 }, { quantity: 1 }],
          }),
      },
    );
    await openProfile();
    const tile = (label: string) => within(screen.getByRole('group', { name: label }));
    expect(await tile('Challenges Participated').findByText('2')).toBeTruthy();
    expect(await tile('Challenges Completed').findByText('1')).toBeTruthy();
    expect(await tile('Badges Earned').findByText('3')).toBeTruthy();
  });

  it('shows cards masked, Visa with its own icon, or the empty text', async () => {
    const card = (overrides: Partial<TPaymentMethod>): TPaymentMethod => ({
      _id: 'ca'.repeat(12),
      card_number: '4242',
      card_type: 'VISA',
      last_four: '4242',
      expiry_month: 8,
      expiry_year: 2030,
      created_at: '2025-03-01T10:00:00.000Z',
      ...overrides,
    });
    serveCustomers(
      {},
      {
        'GET /api/v2/customer/card/list': () =>
          ok([card({}), card({ _id: 'cb'.repeat(12), card_type: 'MASTERCARD', last_four: '5555' })]),
      },
    );
    await openProfile();
    const box = screen.getByRole('region', { name: 'Payment Methods' });
    expect(await within(box).findByText('•••• 4242')).toBeTruthy();
    expect(within(box).getByText('•••• 5555')).toBeTruthy();
    expect(within(box).getAllByLabelText('Visa')).toHaveLength(1);
  });

  it("says 'No payment method added as yet!' without cards", async () => {
    serveCustomers();
    await openProfile();
    expect(await screen.findByText('No payment method added as yet!')).toBeTruthy();
  });
});

describe('customer profile: personal information', () => {
  it('refuses a date of birth today or later, then saves and shows the server message', async () => {
    const api = serveCustomers(
      {},
      {
        'PUT /api/v2/update/user': (body) =>
          ok(
            customerFixture({ ...(body as object), updated_at: '2025-05-01T00:00:00.000Z' }),
            'Customer updated.',
          ),
      },
    );
    await openProfile();
    const box = screen.getByRole('region', { name: 'Personal Information' });
    await user.click(within(box).getByRole('button', { name: 'Edit personal information' }));
    const dob = within(box).getByRole('textbox', { name: 'Date of Birth' });
    await user.clear(dob);
    await user.type(dob, '2999-01-01');
    await user.tab();
    expect(await within(box).findByText('Date in the future not allowed.')).toBeTruthy();
    const save = within(box).getByRole('button', { name: 'Save personal information' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.clear(dob);
    await user.type(dob, '1991-06-15');
    await user.tab();
    const name = within(box).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Anne');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await user.click(save);
    const success = await screen.findByRole('dialog', { name: 'Success...' });
    expect(within(success).getByText('Customer updated.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v2/update/user')[0]?.body).toMatchObject({
      _id: CUSTOMER_ID,
      name: 'Anne',
      birthday: '1991-06-15',
      cell_number: '0821234567',
    });
    expect(within(box).queryByRole('button', { name: 'Save personal information' })).toBeNull();
  });

  it('cancel reloads the customer and returns to view mode', async () => {
    const api = serveCustomers();
    await openProfile();
    const box = screen.getByRole('region', { name: 'Personal Information' });
    await user.click(within(box).getByRole('button', { name: 'Edit personal information' }));
    const loads = api.callsTo('GET /api/v2/get/user').length;
    await user.click(within(box).getByRole('button', { name: 'Cancel editing personal information' }));
    await waitFor(() => expect(api.callsTo('GET /api/v2/get/user').length).toBe(loads + 1));
    expect(within(box).getByRole('button', { name: 'Edit personal information' })).toBeTruthy();
  });
});

describe('customer profile: loyalty', () => {
  it('enables Save of the sign-up only when valid and sends the customer and the branch', async () => {
    const api = serveCustomers(
      {
        role: 'AREA_MANAGER',
        manager_of: [SEA_POINT],
        user_permissions: { CUSTOMERS: { read: true, create: true, update: true, delete: false } },
      },
      { 'POST /api/user/loyalty_sign_up': () => ok(loyaltyFixture(), 'Signed up.') },
    );
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'set up loyalty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loyalty Sign-up' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Loyalty Number/ }), 'L-0001');
    await user.type(within(dialog).getByRole('textbox', { name: /^Card Number/ }), '12345678901234');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /^Card Number/ }), '5');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Link to Physical Card/ }));
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(save);
    await screen.findByRole('dialog', { name: 'Success...' });
    expect(api.callsTo('POST /api/user/loyalty_sign_up')[0]?.body).toMatchObject({
      customer_id: CUSTOMER_ID,
      loyalty_number: 'L-0001',
      member_card_number: '123456789012345',
      linked: true,
      member_branch_id: SEA_POINT,
      cell_number: '+27821234567',
    });
    expect(api.callsTo('POST /api/user/loyalty_sign_up')[0]?.headers.get('Authorization')).toBe(
      'Bearer user-jwt',
    );
  });

  it('says a member enrolled by loyalty number alone has no card yet', async () => {
    serveCustomers(
      {},
      { 'GET /api/v2/get/loyalty': () => ok(loyaltyFixture({ card: { number: '', linked: false } })) },
    );
    await openProfile();
    const box = await screen.findByRole('region', { name: 'Loyalty Details' });
    expect(await within(box).findByText('No card yet')).toBeTruthy();
    expect(within(box).getByText('Not linked')).toBeTruthy();
  });

  it('a failed loyalty update shows the request-error title and stays in edit mode', async () => {
    serveCustomers(
      {},
      {
        'GET /api/v2/get/loyalty': () => ok(loyaltyFixture()),
        'PUT /api/v2/update/loyalty': () => fail(409, 'A customer with this loyalty number already exists.'),
      },
    );
    await openProfile();
    const box = await screen.findByRole('region', { name: 'Loyalty Details' });
    await user.click(within(box).getByRole('button', { name: 'Edit loyalty details' }));
    // The edit mode's fields load on Edit.
    const number = await within(box).findByRole('textbox', { name: /^Loyalty Number/ });
    await user.clear(number);
    await user.type(number, 'L-0002');
    await user.click(within(box).getByRole('button', { name: 'Save loyalty details' }));
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong with your request!' });
    expect(within(modal).getByText('A customer with this loyalty number already exists.')).toBeTruthy();
    expect(within(box).getByRole('button', { name: 'Save loyalty details' })).toBeTruthy();
  });
});

describe('customer profile: new address', () => {
  const predictions = [
    { description: 'Stellenbosch, Western Cape, South Africa', place_id: 'za-stellenbosch' },
    { description: 'Stellenbosch Central, Stellenbosch, South Africa', place_id: 'za-stellenbosch-central' },
  ];
  const details = {
    place_id: 'za-stellenbosch',
    formatted_address: 'Stellenbosch, 7600, Western Cape, South Africa',
    geometry: { location: { lat: -33.9321, lng: 18.8602 } },
    address_components: [
      { types: ['locality'], long_name: 'Stellenbosch', short_name: 'Stellenbosch' },
      { types: ['administrative_area_level_1'], long_name: 'Western Cape', short_name: 'WC' },
      { types: ['country'], long_name: 'South Africa', short_name: 'ZA' },
    ],
  };

  const openNewAddress = async () => {
    await user.click(await screen.findByRole('button', { name: 'Add Address' }));
    return screen.findByRole('dialog', { name: 'New Address' });
  };

  it('refuses typed text that was not picked from the predictions, and a missing label', async () => {
    const api = serveCustomers(
      {},
      {
        'GET /api/v2/google/autocomplete': () => ok(predictions),
        'POST /api/v2/add/user/address': () => ok({}),
      },
    );
    await openProfile();
    const dialog = await openNewAddress();
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'Stellenbosch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText(
        'Please select an address. When you searched, please click on a prediction to select it.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Label is required for your new address.')).toBeTruthy();
    expect(api.callsTo('POST /api/v2/add/user/address')).toHaveLength(0);
  });

  it('searches after a pause, takes the clicked prediction with its coordinates and saves', async () => {
    const api = serveCustomers(
      {},
      {
        'GET /api/v2/google/autocomplete': () => ok(predictions),
        'GET /api/v2/google/placeiddetails': () => ok(details),
        'POST /api/v2/add/user/address': () => ok({}, 'Address added successfully.'),
      },
    );
    await openProfile();
    const dialog = await openNewAddress();
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'Stellen');
    expect(api.callsTo('GET /api/v2/google/autocomplete')).toHaveLength(0);
    await user.click(await screen.findByRole('option', { name: 'Stellenbosch, Western Cape, South Africa' }));
    // One search for what was typed once typing paused, with no token.
    const searches = api.callsTo('GET /api/v2/google/autocomplete');
    expect(searches).toHaveLength(1);
    expect(searches[0]?.url).toContain('input=Stellen');
    expect(searches[0]?.headers.get('Authorization')).toBeNull();
    await within(dialog).findByText('Stellenbosch · Western Cape · South Africa');
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Home');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v2/add/user/address')).toHaveLength(1));
    expect(api.callsTo('POST /api/v2/add/user/address')[0]?.body).toEqual({
      user_id: CUSTOMER_ID,
      address: {
        label: 'Home',
        full_address: 'Stellenbosch, 7600, Western Cape, South Africa',
        latitude: -33.9321,
        longitude: 18.8602,
        default: false,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Address' })).toBeNull());
  });
});
