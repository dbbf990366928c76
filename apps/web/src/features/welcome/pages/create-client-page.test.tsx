import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { billingFixture, clientFixture, sessionFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok, stubApi } from '@/test/stub-api';

const session = sessionFixture();

const TERMS = 'These are the terms of Laurel.';

const stubServer = (
  createClient = ok({ _id: 'b'.repeat(24), integration_settings: { payment_engine_id: 'cus_1' } }),
) =>
  stubApi({
    'GET /api/v2/terms-and-conditions': ok({ content: TERMS }),
    'POST /api/v2/self-onboard/create/client': createClient,
    'POST /api/v2/client-user/signin': ok(session, 'Signed in'),
    'GET /api/v2/client': ok(clientFixture({ status: 'AWAITING_SUBSCRIPTION_PAYMENT' })),
    'GET /api/billing': ok(billingFixture()),
    'GET /api/v2/google/autocomplete': ok([
      { description: '1 Long Street, Cape Town, 8001, South Africa', place_id: 'gn:long-street' },
    ]),
    'GET /api/v2/google/placeiddetails': ok({
      place_id: 'gn:long-street',
      formatted_address: '1 Long Street, Cape Town, 8001, South Africa',
      geometry: { location: { lat: -33.9189, lng: 18.4233 } },
      address_components: [],
    }),
  });

/** The first render waits for the welcome area's lazy chunk. */
const openWizard = async () => {
  const view = renderApp('/welcome/create-client');
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return view;
};

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

const fillAccount = async (user: UserEvent) => {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Thandi');
  await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Nkosi');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'thandi@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'correct horse');
  await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '0821234567');
  await user.type(screen.getByRole('textbox', { name: 'Birthday' }), '1990-05-14');
  await user.click(screen.getByRole('checkbox', { name: 'Keep me informed about new features and offers' }));
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
  const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  expect(await within(terms).findByText(TERMS)).toBeTruthy();
  await user.click(within(terms).getByRole('button', { name: 'I agree' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

const fillCompanyDetails = async (user: UserEvent) => {
  await user.type(screen.getByRole('textbox', { name: 'Business Name' }), 'Bean There');
  await user.type(screen.getByRole('textbox', { name: 'Registered Name' }), 'Bean There Coffee (Pty) Ltd');
  await user.type(screen.getByRole('textbox', { name: 'Registered Number' }), '2020/123456/07');
  await user.type(screen.getByRole('textbox', { name: 'Business Address' }), '1 Long Str');
  // The same place search as a customer's address: a prediction must be chosen.
  await user.click(
    await screen.findByRole('option', { name: '1 Long Street, Cape Town, 8001, South Africa' }),
  );
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Business Address' })).toHaveProperty(
      'value',
      '1 Long Street, Cape Town, 8001, South Africa',
    ),
  );
};

const fillCompanyInformation = async (user: UserEvent) => {
  await user.click(screen.getByRole('radio', { name: 'I sell in store' }));
  await user.click(screen.getByRole('checkbox', { name: 'Food and beverages' }));
  await user.click(screen.getByRole('checkbox', { name: 'Services' }));
  await user.click(screen.getByPlaceholderText('Choose your industry'));
  // The select's code loads on that first press: on a loaded machine its options take a while.
  await user.click(await screen.findByRole('option', { name: 'Coffee and cafés' }, { timeout: 10_000 }));
};

const expectTexts = (texts: string[]) => {
  for (const text of texts) expect(screen.getByText(text)).toBeTruthy();
};

describe('create-client wizard: validation', () => {
  it('shows the five steps and starts at Create your account', async () => {
    stubServer();
    await openWizard();
    for (const title of [
      'Test Stripe',
      'Create Account',
      'Company Details',
      'Company Information',
      'Payment Plan',
    ])
      expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/welcome/log-in');
  });

  it("refuses each step's 'Next' with its messages until it is valid, and sends nothing", async () => {
    const api = stubServer();
    await openWizard();
    const user = userEvent.setup();

    await next(user);
    // The steps' checks load on first use: the messages follow as soon as they arrive.
    await screen.findByText('Name is required.');
    expectTexts([
      'Name is required.',
      'Surname is required.',
      'Email is required.',
      'Phone Number is required.',
      'Password is required.',
      'Confirm Password is required.',
      'Birthday is required.',
      'Must agree to our terms and conditions.',
    ]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBe(document.activeElement));

    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'shorter');
    expectTexts(['Password must be at least 8 characters.', "Passwords don't match."]);

    await user.clear(screen.getByLabelText(/^Password/));
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await fillAccount(user);
    await next(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Company details' })).toBeTruthy();
    await next(user);
    expectTexts([
      'Business name is required.',
      'Registered name is required.',
      'Registered number is required.',
      'Address is required.',
    ]);
    await fillCompanyDetails(user);
    await next(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Company information' })).toBeTruthy();
    await next(user);
    expectTexts(['Business type is required.', 'Please select products type.', 'Please select an industry.']);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Company details' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Business Name' })).toHaveProperty('value', 'Bean There');

    expect(api.callsTo('POST /api/v2/self-onboard/create/client')).toHaveLength(0);
    expect(api.callsTo('POST /api/v2/client-user/signin')).toHaveLength(0);
  });

  it('unticks the terms box when the terms are declined', async () => {
    stubServer();
    await openWizard();
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: 'I agree to the terms and conditions' });
    await user.click(box);
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await user.click(within(terms).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(box).toHaveProperty('checked', false));
  });
});

describe('create-client wizard: registration', () => {
  it('registers with every field, signs in with the same credentials and lands on the plan page', async () => {
    const api = stubServer();
    const { router } = await openWizard();
    const user = userEvent.setup();
    await fillAccount(user);
    await next(user);
    await fillCompanyDetails(user);
    await user.type(screen.getByRole('textbox', { name: 'VAT Number (optional)' }), '4123456789');
    await next(user);
    await fillCompanyInformation(user);
    await next(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/select-subscription'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please select your subscription' }),
    ).toBeTruthy();

    const [registration] = api.callsTo('POST /api/v2/self-onboard/create/client');
    expect(registration?.headers.has('Authorization')).toBe(false);
    expect(registration?.body).toEqual({
      alias: 'Bean There',
      name: 'Bean There Coffee (Pty) Ltd',
      id_number: '2020/123456/07',
      vat_number: '4123456789',
      domain: window.location.host,
      type: 'ENTITY',
      // The browser's zone: the business's days begin there from the start.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      address: {
        full_address: '1 Long Street, Cape Town, 8001, South Africa',
        coordinates: { lat: -33.9189, lng: 18.4233 },
      },
      client_user: {
        name: 'Thandi',
        surname: 'Nkosi',
        email: 'thandi@example.com',
        password: 'correct horse',
        cell_number: '0821234567',
        birthday: '1990-05-14',
        get_communication: true,
        agrees_terms_and_conditions: true,
      },
      offering: {
        experience: 'I sell in store',
        product_types: ['Food and beverages', 'Services'],
        industry: 'Coffee and cafés',
      },
    });
    expect(api.callsTo('POST /api/v2/client-user/signin').map((call) => call.body)).toEqual([
      { email: 'thandi@example.com', password: 'correct horse', remember_me: false },
    ]);
    expect(sessionStore.get()).toEqual(session);
  });

  it("waits for a chosen address's details when 'Next' is pressed before they arrive", async () => {
    let answerDetails = () => {};
    const details = new Promise<void>((resolve) => {
      answerDetails = resolve;
    });
    stubApi({
      'GET /api/v2/terms-and-conditions': ok({ content: TERMS }),
      'GET /api/v2/google/autocomplete': ok([
        { description: '1 Long Street, Cape Town, 8001, South Africa', place_id: 'gn:long-street' },
      ]),
      'GET /api/v2/google/placeiddetails': () =>
        details.then(() =>
          ok({
            place_id: 'gn:long-street',
            formatted_address: '1 Long Street, Cape Town, 8001, South Africa',
            geometry: { location: { lat: -33.9189, lng: 18.4233 } },
            address_components: [],
          }),
        ),
    });
    await openWizard();
    const user = userEvent.setup();
    await fillAccount(user);
    await next(user);
    await fillCompanyDetails(user);
    await next(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Company details' })).toBeTruthy();
    answerDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Company information' })).toBeTruthy();
  });

  it("opens 'Oops!' with the server's message when the email is taken, and stays on the step", async () => {
    const api = stubServer(fail(409, 'An account with this email address already exists.'));
    const { router } = await openWizard();
    const user = userEvent.setup();
    await fillAccount(user);
    await next(user);
    await fillCompanyDetails(user);
    await next(user);
    await fillCompanyInformation(user);
    await next(user);

    const oops = await screen.findByRole('dialog', { name: 'Oops!' });
    expect(within(oops).getByText('An account with this email address already exists.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please Wait...' })).toBeNull());
    expect(router.state.location.pathname).toBe('/welcome/create-client');
    expect(screen.getByRole('heading', { level: 1, name: 'Company information' })).toBeTruthy();
    expect(api.callsTo('POST /api/v2/client-user/signin')).toHaveLength(0);
    expect(sessionStore.get()).toBeNull();
  });
});

describe('create-client wizard: signed in', () => {
  it("shows the Payment Plan step to a signed-in visitor, whose 'Back' returns to company details", async () => {
    sessionStore.set(session, false);
    stubServer();
    renderApp('/welcome/create-client');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please select your subscription' }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Choose Growth' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Company details' })).toBeTruthy();
  });
});
