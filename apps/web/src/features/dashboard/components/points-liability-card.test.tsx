import type { TPointsLiability, TSessionUser } from '@laurel/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { ok } from '@/test/stub-api';
import { DASHBOARD_TEXTS } from '../dashboard-format';
import { EAST, NORTH, SOUTH, serveDashboard } from '../test-server';

const LIABILITY = 'GET /api/economy/liability';
const LIABILITY_URL = '/api/economy/liability';
const liability: TPointsLiability[] = [
  { currency: { _id: '7'.repeat(24), name: 'Bean Coins', code: 'BC' }, outstanding: 12500.5, holders: 340 },
  { currency: { _id: '8'.repeat(24), name: 'Stars', code: 'STR' }, outstanding: 0, holders: 1 },
];

const user = userEvent.setup({ delay: null });

const serve = (
  plan: 'STARTER' | 'GROWTH',
  sessionUser: Partial<TSessionUser> = {},
  branches: (typeof NORTH)[] = [NORTH, SOUTH],
) =>
  serveDashboard(sessionUser, {
    branches,
    replies: {
      'GET /api/v2/client': () => ok(clientFixture({ clientSubscription: { name: plan, status: 'ACTIVE' } })),
      [LIABILITY]: () => ok(liability),
    },
  });

const openDashboard = async () => {
  renderApp('/console/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Thandi' });
  await screen.findByRole('group', { name: 'Daily Active Users' });
};

describe('the dashboard’s points liability', () => {
  it('shows what each currency’s balances still hold and how many members hold them', async () => {
    serve('GROWTH');
    await openDashboard();
    const card = await screen.findByRole('group', { name: DASHBOARD_TEXTS.liabilityTitle });
    await waitFor(() => expect(card.textContent).toContain('12,500.50BC'));
    expect(card.textContent).toContain('Bean Coins, held by 340 members');
    expect(card.textContent).toContain('0.00STR');
    expect(card.textContent).toContain('Stars, held by 1 member');
  });

  it('follows the Branch filter: the chosen branch’s members only, every branch again for All branches', async () => {
    const api = serve('GROWTH');
    await openDashboard();
    await waitFor(() => expect(api.callsTo(LIABILITY).map((call) => call.url)).toEqual([LIABILITY_URL]));
    const branch = screen.getByRole('combobox', { name: 'Branch' });
    await waitFor(() => expect((branch as HTMLSelectElement).options).toHaveLength(3));
    await user.selectOptions(branch, 'South');
    await waitFor(() =>
      expect(api.callsTo(LIABILITY).at(-1)?.url).toBe(`${LIABILITY_URL}?branch_id=${SOUTH._id}`),
    );
    await user.selectOptions(branch, 'All branches');
    // Answered from the cache: no new request, the card for every branch again.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveProperty('value', ''));
    expect(api.callsTo(LIABILITY).map((call) => call.url)).toEqual([
      LIABILITY_URL,
      `${LIABILITY_URL}?branch_id=${SOUTH._id}`,
    ]);
  });

  it('asks for a manager’s branch, never for every branch', async () => {
    const api = serve(
      'GROWTH',
      {
        role: 'BRANCH_MANAGER',
        manager_of: [NORTH._id, EAST._id],
        user_permissions: { ECONOMICS: { read: true, create: false, update: false, delete: false } },
      },
      [NORTH, EAST],
    );
    await openDashboard();
    await screen.findByRole('group', { name: DASHBOARD_TEXTS.liabilityTitle });
    await waitFor(() =>
      expect(api.callsTo(LIABILITY).map((call) => call.url)).toEqual([
        `${LIABILITY_URL}?branch_id=${NORTH._id}`,
      ]),
    );
  });

  it('is not there outside a plan with the economy', async () => {
    const starter = serve('STARTER');
    await openDashboard();
    expect(screen.queryByRole('group', { name: DASHBOARD_TEXTS.liabilityTitle })).toBeNull();
    expect(starter.callsTo(LIABILITY)).toHaveLength(0);
  });

  it('is not there for a user without the economy view permission', async () => {
    const api = serve('GROWTH', {
      role: 'BRANCH_MANAGER',
      user_permissions: { CUSTOMERS: { read: true, create: false, update: false, delete: false } },
    });
    await openDashboard();
    expect(screen.queryByRole('group', { name: DASHBOARD_TEXTS.liabilityTitle })).toBeNull();
    expect(api.callsTo(LIABILITY)).toHaveLength(0);
  });
});
