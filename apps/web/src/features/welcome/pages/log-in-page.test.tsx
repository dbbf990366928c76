import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, sessionStore, type TSession } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { ok, stubApi } from '@/test/stub-api';

const session: TSession = sessionFixture();

/** Answers sign-in with `signIn` and the client record with an active client; records every call. */
const stubServer = (signIn: Response) =>
  stubApi({
    'POST /api/v2/client-user/signin': signIn,
    'GET /api/v2/client': ok(clientFixture()),
  });

const fillAndSubmit = async (rememberMe: boolean) => {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), ' thandi@example.com ');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  if (rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember me?' }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('log-in page', () => {
  it('shows both required messages on an empty submit and sends nothing', async () => {
    const api = stubServer(jsonResponse(200, {}));
    renderApp('/welcome/log-in');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(api.callsTo('POST /api/v2/client-user/signin')).toHaveLength(0);
  });

  it("opens 'Something went wrong!' with the server's message when sign-in fails", async () => {
    stubServer(jsonResponse(401, { success: false, message: 'Incorrect email or password.', content: null }));
    const { router } = renderApp('/welcome/log-in');
    await fillAndSubmit(false);
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
    expect(screen.getByText('Incorrect email or password.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome/log-in');
    expect(sessionStore.get()).toBeNull();
  });

  it('posts the credentials, stores the session for this tab only and opens the console', async () => {
    const api = stubServer(ok(session, 'Signed in'));
    const { router } = renderApp('/welcome/log-in');
    await fillAndSubmit(false);

    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    const [signInCall] = api.callsTo('POST /api/v2/client-user/signin');
    expect(signInCall?.body).toEqual({
      email: 'thandi@example.com',
      password: 'correct horse',
      remember_me: false,
    });
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Thandi' })).toBeTruthy();
  });

  it('also keeps the session in localStorage when Remember me? is ticked', async () => {
    stubServer(ok(session, 'Signed in'));
    const { router } = renderApp('/welcome/log-in');
    await fillAndSubmit(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(session);
  });

  it('goes straight to the console when a session exists', async () => {
    stubServer(jsonResponse(200, {}));
    sessionStore.set(session, false);
    const { router } = renderApp('/welcome/log-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
  });
});
