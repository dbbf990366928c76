import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fail, ok, stubApi } from '@/test/stub-api';

const openReset = async (isNewAccount: '0' | '1') => {
  const view = renderApp(`/welcome/reset-password/${isNewAccount}/link-token-123`);
  await screen.findByRole('heading', { level: 1, name: 'Reset password' });
  return view;
};

const fill = async (password: string, confirmation: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Enter New Password/), password);
  await user.type(screen.getByLabelText(/^Confirm New Password/), confirmation);
  return user;
};

/** Holds the reset request until `release` is called, so that the 'Please Wait...' modal can be seen. */
const deferred = () => {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

describe('reset password page', () => {
  it("shows 'Email Address Verified' only for a new account's link", async () => {
    stubApi({});
    await openReset('1');
    expect(screen.getByText('Email Address Verified')).toBeTruthy();
  });

  it('keeps Submit disabled until the password is long enough and confirmed', async () => {
    stubApi({});
    await openReset('0');
    expect(screen.queryByText('Email Address Verified')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    const user = await fill('short', 'short');
    expect(screen.getByText('Password must be at least 8 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Enter New Password/), ' enough');
    expect(screen.getByText("Passwords don't match.")).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText(/^Confirm New Password/), ' enough');
    expect(submit).toHaveProperty('disabled', false);
  });

  it("shows 'Please Wait...' while saving, then the server's message, and clears the form", async () => {
    const reply = deferred();
    const api = stubApi({ 'POST /api/v2/client-user/reset-password': () => reply.promise });
    await openReset('0');
    const user = await fill('new password 1', 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('dialog', { name: 'Please Wait...' })).toBeTruthy();
    reply.release(ok(null, 'Your password has been reset. You can now sign in.'));

    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Your password has been reset. You can now sign in.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please Wait...' })).toBeNull());
    expect(screen.getByLabelText(/^Enter New Password/)).toHaveProperty('value', '');
    expect(screen.getByLabelText(/^Confirm New Password/)).toHaveProperty('value', '');
    expect(api.callsTo('POST /api/v2/client-user/reset-password')[0]?.body).toEqual({
      password: 'new password 1',
      token: 'link-token-123',
    });
  });

  it("opens the request-error title with the server's message when the link is spent", async () => {
    stubApi({
      'POST /api/v2/client-user/reset-password': fail(
        400,
        'This password reset link is invalid or has expired.',
      ),
    });
    await openReset('0');
    const user = await fill('new password 1', 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const modal = await screen.findByRole('dialog', { name: 'Something went wrong with your request!' });
    expect(within(modal).getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please Wait...' })).toBeNull());
  });
});
