import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, sessionStore, type TSession } from '@/api/session-store';
import { SIDEBAR_COLLAPSED_KEY } from '@/app/console/console-layout';
import { installSessionExpiry } from '@/app/console/session-expiry';
import { billingFixture, clientFixture, sessionFixture } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

const session: TSession = sessionFixture({ client_id: 'c'.repeat(24) });
const client = clientFixture({ _id: session.user.client_id });

const ok = (content: unknown) => jsonResponse(200, { success: true, message: '', content });

const branding: { slogan: string; logo_url: null; image_url: null; bugs_url: string | null } = {
  slogan: 'Reward every visit.',
  logo_url: null,
  image_url: null,
  bugs_url: null,
};

/** Answers every request with `respond`, except the host's branding, which the profile menu and welcome area read. */
const serve = (respond: (url: string, init: RequestInit) => Response) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/branding' ? ok(branding) : respond(String(input), init ?? {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

let uninstall: (() => void) | undefined;
afterEach(() => {
  branding.bugs_url = null;
  uninstall?.();
  uninstall = undefined;
});

/** The app as main.tsx starts it: a 401 of a signed-in request ends the session. */
const renderConsole = (path: string) => {
  const view = renderApp(path);
  uninstall = installSessionExpiry(view.queryClient, view.router);
  return view;
};

describe('console shell', () => {
  it('sends a visitor without a session to log-in', async () => {
    serve(() => jsonResponse(200, {}));
    const { router } = renderApp('/console');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
  });

  it('loads the client with the client token, then greets the user on the dashboard', async () => {
    sessionStore.set(session, true);
    const fetchMock = serve(() => ok(client));
    const { router } = renderApp('/console');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Thandi' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/dashboard');
    expect(document.title).toBe('Dashboard');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v2/client?_id=${session.user.client_id}`);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer client-jwt');
  });

  it('shows an admin every area built so far, with Users and Settings at the foot', async () => {
    sessionStore.set(session, false);
    serve(() => ok(client));
    renderApp('/console/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Customers',
      'Orders',
      'Baskets',
      'Subscriptions',
      'Products',
      'Users',
      'Settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/console/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/console/users');
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/console/settings',
    );
  });

  it("names only the sidebar's entry 'Dashboard': the logo link is 'Laurel home'", async () => {
    sessionStore.set(session, false);
    serve(() => ok(client));
    renderApp('/console/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    // Playwright's getByRole('link', { name: 'Dashboard' }) matches any name containing it, in any case.
    expect(screen.getAllByRole('link', { name: /dashboard/i })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Laurel home' }).getAttribute('href')).toBe('/console/dashboard');
  });

  it('makes each group a button a keyboard reaches, which says whether it is open', async () => {
    sessionStore.set(session, false);
    const business = clientFixture({ ...client, clientSubscription: { name: 'BUSINESS', status: 'ACTIVE' } });
    // The Users page with its list answered as the API does: a wrongly shaped answer opened an error modal, which
    // took the focus (and the Enter) from the sidebar whenever it came first.
    serve((url) =>
      url.startsWith('/api/v2/client?')
        ? ok(business)
        : url.startsWith('/api/v2/client/user/list')
          ? ok({ user_list: [], count: 0 })
          : ok([]),
    );
    renderApp('/console/users');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // Read again at each step: the sidebar re-renders as the client and the layout settle, and a busy machine's test
    // could otherwise press Enter on a button no longer in the page.
    const economy = () => within(nav).getByRole('button', { name: 'Economy' });
    await within(nav).findByRole('button', { name: 'Economy' });
    await screen.findByRole('heading', { name: 'Users' });
    expect(economy().getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByRole('link', { name: 'Wallet' })).toBeNull();
    const keys = userEvent.setup();
    economy().focus();
    expect(document.activeElement).toBe(economy());
    // A native button: the browser turns Enter on it into a click.
    await keys.click(economy());
    await waitFor(() => expect(economy().getAttribute('aria-expanded')).toBe('true'));
    expect(await within(nav).findByRole('link', { name: 'Wallet' })).toBeTruthy();
  });

  it('shows a manager the areas they may view that have pages, and no Users or Settings', async () => {
    const view = { read: true, create: false, update: false, delete: false };
    sessionStore.set(
      sessionFixture({
        client_id: client._id,
        role: 'AREA_MANAGER',
        user_permissions: { CUSTOMERS: view, BADGES: view },
      }),
      false,
    );
    serve(() => ok(client));
    renderApp('/console/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // Badges has no pages in this build yet.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Customers']);
  });

  it('shows a manager without any View flag only the Dashboard', async () => {
    sessionStore.set(sessionFixture({ client_id: client._id, role: 'BRANCH_MANAGER' }), false);
    serve(() => ok(client));
    renderApp('/console/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard']);
  });

  it('collapses the sidebar to icons with tooltips on request, and remembers it', async () => {
    sessionStore.set(session, false);
    serve(() => ok(client));
    renderApp('/console/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const users = within(nav).getByRole('link', { name: 'Users' });
    expect(users.textContent).toBe('');
    await user.hover(users);
    expect(await screen.findByRole('tooltip', { name: 'Users' })).toBeTruthy();
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(within(nav).getByRole('link', { name: 'Users' }).textContent).toBe('Users');
  });

  it("offers 'My Account' for the user's own page and 'Bugs & Feedback' when the host has a feedback page", async () => {
    sessionStore.set(session, false);
    serve(() => ok(client));
    branding.bugs_url = 'https://feedback.example.com/laurel';
    const { router } = renderApp('/console/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Profile menu/ }));
    const bugs = await screen.findByRole('menuitem', { name: 'Bugs & Feedback' });
    expect(bugs.getAttribute('href')).toBe('https://feedback.example.com/laurel');
    expect(bugs.getAttribute('target')).toBe('_blank');
    await user.click(screen.getByRole('menuitem', { name: 'My Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/user/${session.user._id}`));
  });

  it("hides 'Bugs & Feedback' when the host has no feedback page", async () => {
    sessionStore.set(session, false);
    serve(() => ok(client));
    renderApp('/console/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Profile menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'My Account' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Bugs & Feedback' })).toBeNull();
  });

  it('hides Settings from anyone but an admin', async () => {
    sessionStore.set(sessionFixture({ client_id: client._id, role: 'BRANCH_MANAGER' }), false);
    serve(() => ok(client));
    renderApp('/console/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it('sends a client awaiting subscription payment to plan selection', async () => {
    sessionStore.set(session, false);
    serve(() => ok({ ...client, status: 'AWAITING_SUBSCRIPTION_PAYMENT', clientSubscription: {} }));
    const { router } = renderApp('/console/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/select-subscription'));
  });

  it("shows 'Something went wrong!' when the client cannot be loaded", async () => {
    sessionStore.set(session, false);
    serve(() => new Response('Bad gateway', { status: 502 }));
    renderApp('/console/dashboard');
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.getByText('Client was given an error response')).toBeTruthy();
  });

  it('Log Out clears the session and returns to the welcome area', async () => {
    sessionStore.set(session, true);
    // Account Settings reads the plans as well as the client record.
    serve((url) =>
      url.startsWith('/api/billing')
        ? ok(billingFixture({ current: client.clientSubscription }))
        : ok(client),
    );
    const { router } = renderApp('/console/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
    // Whoever signs in next starts on the dashboard, not on the page this user left.
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.state).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('an expired, revoked or tampered token', () => {
  const expired = () =>
    jsonResponse(401, {
      success: false,
      message: 'Your session is invalid or has expired. Please sign in again.',
      content: null,
    });

  it('ends the session, returns to log-in and says why, once', async () => {
    sessionStore.set(session, true);
    serve(expired);
    const { router } = renderConsole('/console/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
    const notice = await screen.findByRole('dialog', { name: 'Signed out' });
    expect(within(notice).getByText('Your session has expired. Please sign in again.')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(router.state.location.state).toEqual({ from: '/console/dashboard' });
  });

  it('still lets a failed sign-in say what went wrong after the notice is closed', async () => {
    sessionStore.set(session, false);
    serve((url) =>
      url.includes('/signin')
        ? jsonResponse(401, {
            success: false,
            message: 'Incorrect email address or password.',
            content: null,
          })
        : expired(),
    );
    renderConsole('/console/dashboard');
    const user = userEvent.setup();
    const notice = await screen.findByRole('dialog', { name: 'Signed out' });
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'thandi@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect email address or password.')).toBeTruthy();
  });
});
