import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { renderApp } from '@/test/render-app';
import { signInOnStarter } from '@/test/sign-in';
import { fail, ok, stubApi } from '@/test/stub-api';

const CUSTOMERS_READ = { CUSTOMERS: { read: true, create: false, update: false, delete: false } };

/** A branch manager with Customers read, as the server has them now: `permissions` can change under the test. */
const manager = () => {
  const { session, clientReplies } = signInOnStarter({
    role: 'BRANCH_MANAGER',
    user_permissions: CUSTOMERS_READ,
  });
  const server = { permissions: CUSTOMERS_READ as Record<string, unknown>, revokeOnRefusal: false };
  const record = () => ({
    _id: session.user._id,
    user_id: session.user._id,
    client_id: session.user.client_id,
    name: session.user.name,
    surname: session.user.surname,
    user_name: 'thandi',
    email: session.user.email,
    cell_number: session.user.cell_number,
    role: session.user.role,
    status: session.user.status,
    manager_of: session.user.manager_of,
    user_permissions: server.permissions,
    get_communication: false,
    agrees_terms_and_conditions: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const api = stubApi({
    ...clientReplies,
    'GET /api/v2/client/user': () => ok({ user_list: [record()], count: 1 }),
    'GET /api/v2/client/loyalty/users': () => {
      // An admin's change that reached the server just before this request.
      if (server.revokeOnRefusal) server.permissions = {};
      return fail(403, 'You do not have permission to do this.');
    },
  });
  return { session, server, api };
};

const sidebar = () => screen.findByRole('navigation', { name: 'Main' });

describe('live permissions', () => {
  it('a revoked area leaves the sidebar when the window regains focus, still signed in', async () => {
    const { server } = manager();
    renderApp('/console/dashboard');
    expect(await within(await sidebar()).findByRole('link', { name: 'Customers' })).toBeTruthy();

    server.permissions = {};
    fireEvent.focus(window);
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Customers' }),
      ).toBeNull(),
    );
    expect(sessionStore.get()?.user.user_permissions).toEqual({});
    expect(sessionStore.get()?.token).toBe('user-jwt');
  });

  it('a 403 from a page re-reads the permissions: revoked between navigation and request, the page says so', async () => {
    const { server, api } = manager();
    server.revokeOnRefusal = true;
    renderApp('/console/customers');
    await waitFor(() => expect(api.callsTo('GET /api/v2/client/loyalty/users').length).toBeGreaterThan(0));
    await waitFor(() => expect(sessionStore.get()?.user.user_permissions).toEqual({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to this page' })).toBeTruthy();
  });

  it('on navigation the permissions are re-read: a page revoked meanwhile says so instead of loading', async () => {
    const { server, api } = manager();
    const { router } = renderApp('/console/dashboard');
    expect(await within(await sidebar()).findByRole('link', { name: 'Customers' })).toBeTruthy();
    const before = api.callsTo('GET /api/v2/client/user').length;

    server.permissions = {};
    await router.navigate('/console/customers');
    await waitFor(() => expect(sessionStore.get()?.user.user_permissions).toEqual({}));
    expect(api.callsTo('GET /api/v2/client/user').length).toBeGreaterThan(before);
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to this page' })).toBeTruthy();
  });
});
