import type { TClientUser } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { ok, stubApi } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });

const admin = sessionFixture();
const sipho: TClientUser = {
  _id: 'c'.repeat(24),
  user_id: 'c'.repeat(24),
  client_id: admin.user.client_id,
  name: 'Sipho',
  surname: 'Dlamini',
  user_name: 'sipho',
  email: 'sipho@example.com',
  cell_number: '0831234567',
  role: 'AREA_MANAGER',
  status: 'ACTIVE',
  manager_of: ['e'.repeat(24)],
  user_permissions: {},
  get_communication: false,
  agrees_terms_and_conditions: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const stub = () => {
  let required = false;
  return stubApi({
    'GET /api/v2/client': ok(clientFixture({ _id: admin.user.client_id })),
    'GET /api/v2/client/user/list': ok({ user_list: [sipho], count: 1 }),
    'GET /api/v2/client/user': ok({ user_list: [sipho], count: 1 }),
    'GET /api/v2/client/branches': ok({ branch_list: [], count: 0 }),
    'GET /api/users/security-policy': () => ok({ mfa_required: required }),
    'PUT /api/users/security-policy': (body) => {
      required = (body as { mfa_required: boolean }).mfa_required;
      return ok({ mfa_required: required }, 'Sign-in policy saved.');
    },
    [`POST /api/users/${sipho._id}/mfa/reset`]: ok(null, "The user's two-factor sign-in was reset."),
    [`POST /api/users/${sipho._id}/sessions/revoke`]: ok(
      { revoked: 2 },
      'The user was signed out everywhere.',
    ),
  });
};

describe('admin sign-in security', () => {
  const policySwitch = async () => {
    const toggle = (await screen.findByRole('switch', {
      name: /Require two-factor sign-in for every user/,
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    return toggle;
  };

  /** As an admin on the Users page, switches the policy on and answers the question it asks. */
  const askToRequire = async () => {
    sessionStore.set(admin, false);
    const api = stub();
    const user = userEvent.setup();
    renderApp('/console/users');
    const toggle = await policySwitch();
    await user.click(toggle);
    const confirm = await screen.findByRole('dialog', { name: 'Require two-factor sign-in?' });
    return { api, user, toggle, confirm };
  };

  it('requires two-factor for every user from the Users page, after a confirmation', async () => {
    const { api, user, toggle, confirm } = await askToRequire();
    expect(within(confirm).getByText(/nobody can turn it off for themselves/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Require two-factor' }));
    await waitFor(() => expect(api.callsTo('PUT /api/users/security-policy')).toHaveLength(1));
    expect(api.callsTo('PUT /api/users/security-policy')[0]?.body).toEqual({ mfa_required: true });
    expect(await screen.findByText('Required: nobody can turn it off for themselves.')).toBeTruthy();
    expect(toggle.checked).toBe(true);

    // Switching it off asks too.
    await waitFor(() => expect(toggle.disabled).toBe(false));
    await user.click(toggle);
    const off = await screen.findByRole('dialog', { name: 'Stop requiring two-factor sign-in?' });
    await user.click(within(off).getByRole('button', { name: 'Stop requiring' }));
    await waitFor(() => expect(api.callsTo('PUT /api/users/security-policy')).toHaveLength(2));
    expect(api.callsTo('PUT /api/users/security-policy')[1]?.body).toEqual({ mfa_required: false });
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(screen.queryByText('Required: nobody can turn it off for themselves.')).toBeNull();
  });

  it('Cancel leaves the policy as it was and sends nothing', async () => {
    const { api, user, toggle, confirm } = await askToRequire();
    // While it asks, the switch still shows the saved policy.
    expect(toggle.checked).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle.checked).toBe(false);
    expect(api.callsTo('PUT /api/users/security-policy')).toHaveLength(0);
    expect(screen.queryByText('Required: nobody can turn it off for themselves.')).toBeNull();
  });

  it("resets a user's second factor and signs them out everywhere, each after a confirmation", async () => {
    sessionStore.set(admin, false);
    const api = stub();
    const user = userEvent.setup();
    renderApp(`/console/user/${sipho._id}`);
    const section = await screen.findByRole('region', { name: 'Sign-in security' });
    await user.click(within(section).getByRole('button', { name: 'Reset two-factor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText("The user's two-factor sign-in was reset.")).toBeTruthy();
    expect(api.callsTo(`POST /api/users/${sipho._id}/mfa/reset`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(within(section).getByRole('button', { name: 'Sign out everywhere' }));
    const second = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(second).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The user was signed out everywhere.')).toBeTruthy();
    expect(api.callsTo(`POST /api/users/${sipho._id}/sessions/revoke`)).toHaveLength(1);
  });
});
