import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLAN_ID, planDetailsFixture, serveSubscriptions } from '@/features/subscriptions/test-server';
import { renderApp } from '@/test/render-app';
import { ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const picker = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
const choose = async (name: string, option: string) => {
  await user.click(combobox(name));
  await user.click(await screen.findByRole('option', { name: option }));
};
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

const openCreate = async () => {
  const view = renderApp('/console/create-subscription');
  await screen.findByRole('heading', { level: 1, name: 'Create Subscription' });
  return view;
};

describe('subscriptions list', () => {
  it('shows the default columns of the spec', async () => {
    serveSubscriptions();
    renderApp('/console/subscriptions');
    const row = (await screen.findByText('Coffee Club')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Image',
      'Title',
      'Start Date',
      'End Date',
      'Free Trial',
      'Payment Type',
      'Last Redemption Date',
      'Status',
    ]);
    expect(within(row).getByText('True')).toBeTruthy();
    expect(within(row).getByText('PRE_PAYMENT')).toBeTruthy();
    expect(within(row).getByText('2026-02-03')).toBeTruthy();
    expect(within(row).getByText('ACTIVE')).toBeTruthy();
  });
});

describe('create subscription: the conditional rules of spec 1 §5', () => {
  it('asks for categories when it applies to a category', async () => {
    serveSubscriptions();
    await openCreate();
    expect(screen.queryByRole('textbox', { name: /^Categories/ })).toBeNull();
    await choose('Apply To', 'CATEGORY');
    expect(picker('Categories')).toBeTruthy();
    await user.click(save());
    expect(await screen.findByText('categories is required')).toBeTruthy();
    expect(screen.getByText('expires in is required')).toBeTruthy();
    expect(screen.getByText('name is required')).toBeTruthy();
  });

  it('asks for primary products and products when it is compound', async () => {
    serveSubscriptions();
    await openCreate();
    await choose('Apply To', 'COMPOUND');
    await user.click(save());
    expect(await screen.findByText('primary products is required')).toBeTruthy();
    expect(screen.getByText('products is required')).toBeTruthy();
    expect(screen.queryByText('categories is required')).toBeNull();
  });

  it('asks for retry days and count when a failed payment is retried', async () => {
    serveSubscriptions();
    await openCreate();
    await choose('On Payment Failure', 'RETRY');
    await user.click(save());
    expect(await screen.findByText('retry days is required')).toBeTruthy();
    expect(screen.getByText('retry count is required')).toBeTruthy();
    await choose('On Payment Failure', 'PAUSE');
    await waitFor(() => expect(screen.queryByText('retry days is required')).toBeNull());
  });

  it('creates a complete plan and opens its details', async () => {
    const api = serveSubscriptions(
      {},
      {
        'POST /api/subscriptions': (body) =>
          ok(planDetailsFixture({ ...(body as object), _id: PLAN_ID }), 'Subscription saved.'),
      },
    );
    const { router } = await openCreate();
    await user.type(select('Name'), 'Coffee Club');
    await user.type(select('SKU'), 'SUB-COFFEE');
    await user.type(select('Price'), '299');
    await user.type(select('Description'), 'A coffee a day');
    await choose('Period', 'MONTHLY');
    await choose('Type', 'ONGOING');
    await user.type(select('Expires In'), '30');
    await choose('Apply To', 'BASKET');
    await choose('Usage Type', 'SELECTIVE_USAGE');
    await choose('Payment Type', 'POST_PAYMENT');
    await choose('On Payment Failure', 'CANCEL');
    await user.click(save());
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Subscription saved.')).toBeTruthy();
    expect(api.callsTo('POST /api/subscriptions')[0]?.body).toMatchObject({
      name: 'Coffee Club',
      sku: 'SUB-COFFEE',
      price: 299,
      period: 'MONTHLY',
      type: 'ONGOING',
      expires_in: 30,
      apply_to: 'BASKET',
      payment_type: 'POST_PAYMENT',
      on_payment_failure: 'CANCEL',
      status: 'DRAFT',
      categories: [],
      retry_days: null,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/subscription-details/${PLAN_ID}`),
    );
  });
});

describe('subscription details', () => {
  it('shows the analytics and the plan with Save waiting for an edit', async () => {
    serveSubscriptions();
    renderApp(`/console/subscription-details/${PLAN_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Coffee Club' });
    expect(within(await screen.findByRole('group', { name: 'Subscribers' })).getByText('4')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Redemptions' })).getByText('12')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Subscriptions Value' })).getByText('R 1,196.00'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Most Purchased Product' })).getByText('Flat White'),
    ).toBeTruthy();
    expect(select('Name')).toHaveProperty('value', 'Coffee Club');
    expect(save().disabled).toBe(true);
    expect(screen.getByText('No redemptions yet.')).toBeTruthy();
  });
});
