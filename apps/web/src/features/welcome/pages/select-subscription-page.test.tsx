import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, sessionStore } from '@/api/session-store';
import { billingFixture, clientFixture, sessionFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok, stubApi } from '@/test/stub-api';

const session = sessionFixture();

const openPlans = async () => {
  const view = renderApp('/welcome/select-subscription');
  await screen.findByRole('heading', { level: 1, name: 'Please select your subscription' });
  return view;
};

describe('payment-plan page', () => {
  it('sends a visitor without a session to log-in', async () => {
    stubApi({});
    const { router } = renderApp('/welcome/select-subscription');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
  });

  it('lists the four plans with price, description and readable features, the current one marked', async () => {
    sessionStore.set(session, false);
    const api = stubApi({
      'GET /api/billing': ok(
        billingFixture({
          plans: billingFixture().plans.map((plan) => ({ ...plan, current: plan.plan === 'STARTER' })),
        }),
      ),
    });
    await openPlans();
    expect(screen.getByText('Choose the subscription that best suits your business.')).toBeTruthy();

    const cards = await screen.findAllByRole('region');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Freemium',
      'Starter',
      'Growth',
      'Business',
    ]);
    const growth = screen.getByRole('region', { name: 'Growth' });
    expect(within(growth).getByText('R 1,499.00')).toBeTruthy();
    expect(within(growth).getByText('per month')).toBeTruthy();
    expect(within(growth).getByText('Everything in Starter, plus:')).toBeTruthy();
    expect(within(growth).getByText('Reward tracks')).toBeTruthy();
    expect(within(growth).getByText('Challenges')).toBeTruthy();
    expect(within(growth).queryByText('Badges')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Freemium' })).getByText('Dashboard')).toBeTruthy();

    const starter = screen.getByRole('region', { name: 'Starter' });
    expect(within(starter).getByText('Current plan', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(starter).getByRole('button', { name: 'Starter is your current plan' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(api.callsTo('GET /api/billing')[0]?.headers.get('Authorization')).toBe('Bearer client-jwt');
  });

  it('activates the chosen plan with the client token, then opens the dashboard', async () => {
    sessionStore.set(session, false);
    let status: 'AWAITING_SUBSCRIPTION_PAYMENT' | 'ACTIVE' = 'AWAITING_SUBSCRIPTION_PAYMENT';
    const api = stubApi({
      'GET /api/billing': ok(billingFixture()),
      'POST /api/billing/plan': () => {
        status = 'ACTIVE';
        return ok({ name: 'GROWTH', status: 'ACTIVE' });
      },
      'GET /api/v2/client': () => ok(clientFixture({ status })),
    });
    const { router } = await openPlans();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Choose Growth' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    const [choice] = api.callsTo('POST /api/billing/plan');
    expect(choice?.body).toEqual({ plan: 'GROWTH' });
    expect(choice?.headers.get('Authorization')).toBe('Bearer client-jwt');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Thandi' })).toBeTruthy();
  });

  it("shows 'Something went wrong!' with the server's message when the choice fails", async () => {
    sessionStore.set(session, false);
    stubApi({
      'GET /api/billing': ok(billingFixture()),
      'POST /api/billing/plan': fail(409, 'Plans are managed through Stripe for this installation.'),
    });
    const { router } = await openPlans();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(modal).getByText('Plans are managed through Stripe for this installation.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome/select-subscription');
  });

  it("embeds Stripe's pricing table instead of the plan cards when the provider is Stripe", async () => {
    sessionStore.set(session, false);
    stubApi({
      'GET /api/billing': ok(
        billingFixture({
          provider: 'stripe',
          stripe: {
            pricing_table_id: 'prctbl_123',
            publishable_key: 'pk_test_123',
            customer_session_client_secret: 'cuss_secret_123',
          },
        }),
      ),
    });
    const { container } = await openPlans();
    await waitFor(() => expect(container.ownerDocument.querySelector('stripe-pricing-table')).not.toBeNull());
    const table = container.ownerDocument.querySelector('stripe-pricing-table');
    expect(table?.getAttribute('pricing-table-id')).toBe('prctbl_123');
    expect(table?.getAttribute('publishable-key')).toBe('pk_test_123');
    expect(table?.getAttribute('customer-session-client-secret')).toBe('cuss_secret_123');
    expect(table?.getAttribute('client-reference-id')).toBe('cus_test');
    expect(
      document.head.querySelector('script[src="https://js.stripe.com/v3/pricing-table.js"]'),
    ).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
  });

  it('Log out ends the session on the server and here, and opens log-in', async () => {
    sessionStore.set(session, true);
    const api = stubApi({
      'GET /api/billing': ok(billingFixture()),
      'POST /api/v2/client-user/signout': ok({}),
    });
    const { router } = await openPlans();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
    expect(api.callsTo('POST /api/v2/client-user/signout')).toHaveLength(1);
    expect(sessionStore.get()).toBeNull();
    // Preferences (column choices, sidebar) may stay; nothing of the session may.
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
