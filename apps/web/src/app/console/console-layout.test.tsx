import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, sessionStore, type TSession } from '@/api/session-store';
import { jsonResponse, renderApp } from '@/test/render-app';

const session: TSession = {
  token: 'user-jwt',
  client_token: 'client-jwt',
  media_upload_token: 'media-jwt',
  payment_engine_token: 'payment-jwt',
  user: {
    _id: 'a'.repeat(24),
    name: 'Thandi',
    surname: 'Nkosi',
    email: 'thandi@example.com',
    client_id: 'c'.repeat(24),
  },
};

const serve = (respond: (url: string, init: RequestInit) => Response) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    respond(String(input), init ?? {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('console shell', () => {
  it('sends a visitor without a session to log-in', async () => {
    serve(() => jsonResponse(200, {}));
    const { router } = renderApp('/console');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
  });

  it('loads the client with the client token, then greets the user on the dashboard', async () => {
    sessionStore.set(session, true);
    const fetchMock = serve(() =>
      jsonResponse(200, {
        success: true,
        message: '',
        content: { _id: session.user.client_id, status: 'ACTIVE' },
      }),
    );
    const { router } = renderApp('/console');
    expect(await screen.findByRole('heading', { name: 'Welcome, Thandi' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/dashboard');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v2/client?_id=${session.user.client_id}`);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer client-jwt');
  });

  it('sends a client awaiting subscription payment to plan selection', async () => {
    sessionStore.set(session, false);
    serve(() =>
      jsonResponse(200, {
        success: true,
        message: '',
        content: { _id: 'c', status: 'AWAITING_SUBSCRIPTION_PAYMENT' },
      }),
    );
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

  it('ends the session and returns to log-in on a 401', async () => {
    sessionStore.set(session, true);
    serve(() => jsonResponse(401, { success: false, message: 'Your session has expired.', content: null }));
    const { router } = renderApp('/console/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('Log Out clears the session and returns to the welcome area', async () => {
    sessionStore.set(session, true);
    serve(() => jsonResponse(200, { success: true, message: '', content: { _id: 'c', status: 'ACTIVE' } }));
    const { router } = renderApp('/console/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Profile menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
    expect(sessionStore.get()).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
