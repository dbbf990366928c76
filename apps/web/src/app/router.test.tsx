import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore, type TSession } from '@/api/session-store';
import { sessionFixture } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

const session: TSession = sessionFixture();

const serve = (content: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { success: true, message: '', content })),
  );

describe('route tree', () => {
  it.each(['/', '/welcome', '/console', '/console/badges', '/no-such-page'])(
    'without a session, %s leads to log-in',
    async (path) => {
      serve({});
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    },
  );

  it('opens the terms and conditions without a session and shows the text from the server', async () => {
    serve({ content: 'These are the terms.' });
    renderApp('/terms-and-conditions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(await screen.findByText('These are the terms.')).toBeTruthy();
  });

  it('opens the privacy policy without a session, saying it still needs to be written', async () => {
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText(/still needs to be written/)).toBeTruthy();
    // One link answers to 'Back to sign in' (Playwright matches names by substring): the logo is 'Laurel home'.
    expect(screen.getAllByRole('link', { name: /back to sign in/i })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Laurel home' })).toBeTruthy();
  });

  it('shows the not-found page for an unknown console path when signed in', async () => {
    sessionStore.set(session, false);
    serve({ _id: session.user.client_id, status: 'ACTIVE' });
    renderApp('/console/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it.each([
    ['/console/profile', `/console/user/${session.user._id}`],
    ['/console/billings', '/console/settings/account'],
    ['/console/packages', '/console/settings/account'],
    ['/console/basket/6b0e14a98f5b864f29bfe0ce', '/console/baskets'],
  ])("serves spec 1's route constant %s (it leads to %s)", async (path, to) => {
    sessionStore.set(session, false);
    serve({ _id: session.user.client_id, status: 'ACTIVE' });
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each(['/welcome/sign-up', '/sign-up'])('%s opens the sign-up of a new business', async (path) => {
    serve({});
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/create-client'));
  });
});
