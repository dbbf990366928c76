import { API_SUCCESS_MESSAGES, SUBSCRIPTION_API_MESSAGES } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_ID, serveCustomers } from '@/features/customers/test-server';
import { customerSubscriptionFixture, PLAN_ID, planFixture } from '@/features/subscriptions/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;

/** The customers area's answers plus the subscriptions ones; the customer holds `held` subscriptions. */
const serve = (
  user: Parameters<typeof serveCustomers>[0] = {},
  issue = () => ok(customerSubscriptionFixture(), API_SUCCESS_MESSAGES.subscriptionIssued),
) => {
  let held = 0;
  const api = serveCustomers(user, {
    'GET /api/v2/user/subscriptions': () =>
      ok({ subscription_list: held ? [customerSubscriptionFixture()] : [], count: held }),
    'GET /api/v2/client/subscription/list': () => ok({ subscription_list: [planFixture()], count: 1 }),
    'POST /api/product/issue_subscription': () => {
      const answer = issue();
      if (answer.ok) held += 1;
      return answer;
    },
  });
  return api;
};

const subscriptionsBox = async () => {
  renderApp(PROFILE);
  await screen.findByRole('heading', { level: 1, name: 'Ann Smith' });
  // The profile's tables load just after its first paint.
  return screen.findByRole('region', { name: 'Subscriptions' });
};

describe('customer profile: subscriptions', () => {
  it('issues a subscription from the dialog, closes it and reloads the list', async () => {
    const api = serve();
    const box = await subscriptionsBox();
    expect(await within(box).findByText('This table is empty.')).toBeTruthy();
    for (const title of [
      'Image',
      'Title',
      'Start Date',
      'End Date',
      'Free Trial',
      'Payment Type',
      'Last Redemption Date',
      'Status',
    ])
      expect(within(box).getByRole('columnheader', { name: title })).toBeTruthy();

    await user.click(within(box).getByRole('button', { name: 'Issue Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue Subscription' });
    const input = within(dialog).getByPlaceholderText('Select a subscription...');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Issue' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: /Coffee Club/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

    const success = await screen.findByRole('dialog', { name: 'Success...' });
    expect(within(success).getByText(API_SUCCESS_MESSAGES.subscriptionIssued)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Issue Subscription' })).toBeNull());
    expect(api.callsTo('POST /api/product/issue_subscription')[0]?.body).toEqual({
      user_id: CUSTOMER_ID,
      subscription_id: PLAN_ID,
    });
    const row = (await within(box).findByText('Coffee Club')).closest('tr') as HTMLElement;
    expect(within(row).getByText('True')).toBeTruthy();
    expect(within(row).getByText('2026-02-01')).toBeTruthy();
    expect(within(row).getByText('TRIAL')).toBeTruthy();
    expect(api.callsTo('GET /api/v2/user/subscriptions').length).toBeGreaterThanOrEqual(2);
  });

  it("leaves the dialog's 'Issue' the only button named like it while the dialog is open", async () => {
    serve();
    const box = await subscriptionsBox();
    await user.click(within(box).getByRole('button', { name: 'Issue Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue Subscription' });
    // Playwright's getByRole('button', { name: 'Issue' }) matches any name containing it, in any case.
    expect(screen.getAllByRole('button', { name: /issue/i })).toEqual([
      within(dialog).getByRole('button', { name: 'Issue' }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Issue Subscription' })).toBeNull());
    expect(within(box).getByRole('button', { name: 'Issue Subscription' })).toBeTruthy();
  });

  it("keeps the dialog open under the spec's title when issuing fails", async () => {
    serve({}, () => fail(409, SUBSCRIPTION_API_MESSAGES.alreadyHeld));
    const box = await subscriptionsBox();
    await user.click(within(box).getByRole('button', { name: 'Issue Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue Subscription' });
    await user.click(within(dialog).getByPlaceholderText('Select a subscription...'));
    await user.click(await screen.findByRole('option', { name: /Coffee Club/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong when issuing a subscription.',
    });
    expect(within(failure).getByText(SUBSCRIPTION_API_MESSAGES.alreadyHeld)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Issue Subscription' })).toBeTruthy();
  });

  it('offers Issue Subscription only with the SUBSCRIPTIONS create flag', async () => {
    serve({
      role: 'BRANCH_MANAGER',
      manager_of: ['d'.repeat(24)],
      user_permissions: {
        CUSTOMERS: { read: true, create: false, update: false, delete: false },
        SUBSCRIPTIONS: { read: true, create: false, update: false, delete: false },
      },
    });
    const box = await subscriptionsBox();
    await within(box).findByText('This table is empty.');
    expect(within(box).queryByRole('button', { name: 'Issue Subscription' })).toBeNull();
  });
});
