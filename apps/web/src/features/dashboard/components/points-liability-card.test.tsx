import type { TPointsLiability, TSessionUser } from '@laurel/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { ok } from '@/test/stub-api';
import { DASHBOARD_TEXTS } from '../dashboard-format';
import { serveDashboard } from '../test-server';

const LIABILITY = 'GET /api/economy/liability';
const liability: TPointsLiability[] = [
  { currency: { _id: '7'.repeat(24), name: 'Bean Coins', code: 'BC' }, outstanding: 12500.5, holders: 340 },
  { currency: { _id: '8'.repeat(24), name: 'Stars', code: 'STR' }, outstanding: 0, holders: 1 },
];

const serve = (plan: 'STARTER' | 'GROWTH', user: Partial<TSessionUser> = {}) =>
  serveDashboard(user, {
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

describe('the dashboard’s points liability', { timeout: 30_000 }, () => {
  it('shows what each currency’s balances still hold and how many members hold them', async () => {
    serve('GROWTH');
    await openDashboard();
    const card = await screen.findByRole('group', { name: DASHBOARD_TEXTS.liabilityTitle });
    await waitFor(() => expect(card.textContent).toContain('12,500.50BC'));
    expect(card.textContent).toContain('Bean Coins, held by 340 members');
    expect(card.textContent).toContain('0.00STR');
    expect(card.textContent).toContain('Stars, held by 1 member');
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
