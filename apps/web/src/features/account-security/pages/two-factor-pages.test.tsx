import { TWO_FACTOR_MESSAGES } from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { signInOnStarter } from '@/test/sign-in';
import { fail, ok, okPage, stubApi } from '@/test/stub-api';

const session = sessionFixture();
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url:
    'otpauth://totp/Laurel:thandi%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Laurel',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const MFA_OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };

const signInWithPassword = async () => {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'thandi@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
};

describe('the sign-in second step', () => {
  it('asks for the code after the password, then stores the session and opens the console', async () => {
    const api = stubApi({
      'POST /api/v2/client-user/signin': ok({ mfa_required: true, mfa_token: 'mfa-1' }),
      'POST /api/v2/client-user/signin/mfa': (body) =>
        (body as { code: string }).code === '123456' ? ok(session) : fail(401, 'That code is not valid.'),
      'GET /api/v2/client': ok(clientFixture()),
    });
    const { router } = renderApp('/welcome/log-in');
    const user = await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(sessionStore.get()).toBeNull();

    // Checked before it is sent.
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/v2/client-user/signin/mfa')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: /Authentication code/ }));
    await user.type(screen.getByRole('textbox', { name: /Authentication code/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    expect(api.callsTo('POST /api/v2/client-user/signin/mfa')[0]?.body).toEqual({
      mfa_token: 'mfa-1',
      code: '123456',
    });
    expect(sessionStore.get()?.token).toBe(session.token);
  });

  it('takes a user whose business requires it through enrolment, shows the recovery codes, then enters', async () => {
    const api = stubApi({
      'POST /api/v2/client-user/signin': ok({
        mfa_required: true,
        mfa_enrolment_required: true,
        mfa_token: 'mfa-2',
      }),
      'POST /api/v2/client-user/signin/mfa/setup': ok(SETUP),
      'POST /api/v2/client-user/signin/mfa/enrol': ok({ ...session, recovery_codes: CODES }),
      'GET /api/v2/client': ok(clientFixture()),
    });
    const { router } = renderApp('/welcome/log-in');
    const user = await signInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(
      (await screen.findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src'),
    ).toBe(SETUP.qr_code);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByRole('textbox', { name: /Code from your app/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeTruthy();
    // Not signed in until the codes have been seen.
    expect(sessionStore.get()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to the console' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    expect(api.callsTo('POST /api/v2/client-user/signin/mfa/enrol')[0]?.body).toEqual({
      mfa_token: 'mfa-2',
      code: '654321',
    });
    expect(sessionStore.get()).not.toHaveProperty('recovery_codes');
  });

  it('takes a recovery code, letters and all, in the code field', async () => {
    const api = stubApi({
      'POST /api/v2/client-user/signin': ok({ mfa_required: true, mfa_token: 'mfa-3' }),
      'POST /api/v2/client-user/signin/mfa': ok(session),
      'GET /api/v2/client': ok(clientFixture()),
    });
    const { router } = renderApp('/welcome/log-in');
    const user = await signInWithPassword();
    const field = await screen.findByRole('textbox', { name: /Authentication code/ });
    expect(field.getAttribute('inputmode')).toBe('text');
    await user.type(field, 'abcd1-efgh1');
    expect((field as HTMLInputElement).value).toBe('abcd1-efgh1');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/dashboard'));
    expect(api.callsTo('POST /api/v2/client-user/signin/mfa')[0]?.body).toEqual({
      mfa_token: 'mfa-3',
      code: 'abcd1-efgh1',
    });
  });

  it('sends a visit without a pending sign-in back to log-in', async () => {
    stubApi({});
    const { router } = renderApp('/welcome/two-factor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
  });
});

describe('Sign-in security page', () => {
  it('sets two-factor up in a dialog and lists the sessions, signing out another', async () => {
    const { clientReplies } = signInOnStarter();
    let enabled = false;
    const api = stubApi({
      ...clientReplies,
      'GET /api/v2/client-user/mfa': () =>
        ok({
          enabled,
          enabled_at: enabled ? '2026-11-28T10:00:00.000Z' : null,
          recovery_codes_left: enabled ? 10 : 0,
          required: false,
        }),
      'POST /api/v2/client-user/mfa/setup': ok(SETUP),
      'POST /api/v2/client-user/mfa/enable': () => {
        enabled = true;
        return ok({ recovery_codes: CODES });
      },
      'GET /api/v2/client-user/sessions': ok([
        {
          _id: 'a'.repeat(24),
          device: 'Chrome on macOS',
          user_agent: 'Mozilla/5.0',
          ip: '10.0.0.1',
          created_at: '2026-11-28T09:00:00.000Z',
          last_used_at: '2026-11-28T10:00:00.000Z',
          current: true,
        },
        {
          _id: 'b'.repeat(24),
          device: 'Firefox on Windows',
          user_agent: 'Mozilla/5.0',
          ip: '10.0.0.2',
          created_at: '2026-11-27T09:00:00.000Z',
          last_used_at: '2026-11-27T10:00:00.000Z',
          current: false,
        },
      ]),
      [`DELETE /api/v2/client-user/sessions/${'b'.repeat(24)}`]: ok(null, 'Signed out.'),
    });
    const user = userEvent.setup();
    renderApp('/console/security');
    expect(await screen.findByRole('heading', { name: 'Sign-in security' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(await within(dialog).findByLabelText('Setup key')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Code from your app/ }), '111222');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await within(dialog).findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    // The codes are shown once: a reflexive Escape must not lose them, only Done closes the dialog.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Set up two-factor sign-in' })).toBe(dialog);
    expect(within(dialog).getByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Set up two-factor sign-in' })).toBeNull();
    expect(api.callsTo('POST /api/v2/client-user/mfa/enable')[0]?.body).toEqual({ code: '111222' });

    const table = screen.getByRole('table', { name: 'Sessions' });
    // The marker keeps its words on a phone: its chip never shrinks below them nor cuts them to 'THIS …'.
    const marker = within(table).getByText('This device');
    const chip = marker.closest<HTMLElement>('.mantine-Badge-root');
    expect(chip?.style.maxWidth).toBe('none');
    expect(marker.style.overflow).toBe('visible');
    await user.click(within(table).getByRole('button', { name: /Sign out Firefox on Windows/ }));
    await waitFor(() =>
      expect(api.callsTo(`DELETE /api/v2/client-user/sessions/${'b'.repeat(24)}`)).toHaveLength(1),
    );
  });
});

describe('the code field of setting up', () => {
  it('takes digits only, at most six, and says why a letter did not appear', async () => {
    const { clientReplies } = signInOnStarter();
    const api = stubApi({
      ...clientReplies,
      'GET /api/v2/client-user/mfa': ok(MFA_OFF),
      'POST /api/v2/client-user/mfa/setup': ok(SETUP),
      'POST /api/v2/client-user/mfa/enable': ok({ recovery_codes: CODES }),
      'GET /api/v2/client-user/sessions': ok([]),
    });
    const user = userEvent.setup();
    renderApp('/console/security');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' }));
    await dialog.findByLabelText('Setup key');
    const field = dialog.getByRole('textbox', { name: /Code from your app/ }) as HTMLInputElement;
    expect(field.getAttribute('inputmode')).toBe('numeric');
    await user.type(field, '12a');
    expect(field.value).toBe('12');
    expect(dialog.getByText(/digits only/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // The next digit is taken and the message goes; a pasted code keeps its digits, spaces dropped, six at most.
    await user.type(field, '3');
    expect(field.value).toBe('123');
    expect(dialog.queryByText(/digits only/)).toBeNull();
    await user.clear(field);
    await user.click(field);
    await user.paste('654 3219');
    expect(field.value).toBe('654321');
    expect(dialog.queryByText(/digits only/)).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await dialog.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(api.callsTo('POST /api/v2/client-user/mfa/enable')[0]?.body).toEqual({ code: '654321' });
  });
});

describe('new recovery codes', () => {
  it('asks for an app code, shows the ten new codes once, and refreshes the count', async () => {
    const { clientReplies } = signInOnStarter();
    const NEW = Array.from({ length: 10 }, (_, i) => `newcd${i}-codes${i}`);
    let left = 3;
    const api = stubApi({
      ...clientReplies,
      'GET /api/v2/client-user/mfa': () =>
        ok({
          enabled: true,
          enabled_at: '2026-11-28T10:00:00.000Z',
          recovery_codes_left: left,
          required: false,
        }),
      'POST /api/v2/client-user/mfa/recovery-codes': (body) => {
        if ((body as { code: string }).code !== '222333')
          return fail(400, TWO_FACTOR_MESSAGES.invalidAppCode);
        left = 10;
        return ok({ recovery_codes: NEW }, TWO_FACTOR_MESSAGES.recoveryCodesReplaced);
      },
      'GET /api/v2/client-user/sessions': ok([]),
    });
    const user = userEvent.setup();
    renderApp('/console/security');
    expect(await screen.findByText(/3 of 10 recovery codes left/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code from your app/ }), '111000');
    await user.click(within(dialog).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.invalidAppCode)).toBeTruthy();
    expect(within(dialog).queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    const failed = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Code from your app/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Code from your app/ }), '222333');
    await user.click(within(dialog).getByRole('button', { name: 'Make new recovery codes' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW);
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'New recovery codes' })).toBe(dialog);
    expect(within(dialog).getByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(api.callsTo('POST /api/v2/client-user/mfa/recovery-codes').at(-1)?.body).toEqual({
      code: '222333',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/10 of 10 recovery codes left/)).toBeTruthy();
  });
});

describe('the sessions list', () => {
  it('is paged by the server: page and size asked for, the count shown, the next page on request', async () => {
    const { clientReplies } = signInOnStarter();
    const sessions = Array.from({ length: 17 }, (_, n) => ({
      _id: String(n + 1).padStart(24, '0'),
      device: n === 0 ? 'Chrome on macOS' : `Firefox on Windows ${n}`,
      user_agent: 'Mozilla/5.0',
      ip: `10.0.0.${n + 1}`,
      created_at: '2026-11-28T09:00:00.000Z',
      last_used_at: '2026-11-28T10:00:00.000Z',
      current: n === 0,
    }));
    const api = stubApi({
      ...clientReplies,
      'GET /api/v2/client-user/mfa': ok(MFA_OFF),
      'GET /api/v2/client-user/sessions': () =>
        okPage(sessions, api.callsTo('GET /api/v2/client-user/sessions').at(-1)?.url),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/console/security');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(16));
    expect(api.callsTo('GET /api/v2/client-user/sessions')[0]?.url).toBe(
      '/api/v2/client-user/sessions?page=1&size=15',
    );
    expect(screen.getByText('1–15 of 17')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Firefox on Windows 16')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
  });
});
