import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, clientRegistration, createClientAndSignIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EMAIL_FAILURES: '3', RATE_LIMIT_EMAIL_WINDOW_MINUTES: '15' } });
});
afterAll(() => t.close());

const signIn = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v2/client-user/signin', payload: payload as object });
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/client-user/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v2/client-user/reset-password', payload: { token, password } });
const registered = async () => {
  const body = clientRegistration();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/self-onboard/create/client',
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return { email: body.client_user.email, password: body.client_user.password };
};
const latestLink = async (email: string) => {
  const rows = await t.ctx.database.query<{ link: string }>(
    'SELECT link FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
    [email],
  );
  return rows[0]?.link ?? '';
};
const tokenOf = (link: string) => link.split('/').at(-1) ?? '';

describe('POST /api/v2/client-user/signin', () => {
  it('returns four tokens with distinct audiences and the session user', async () => {
    const { email, password } = await registered();
    const res = await signIn({ email: email.toUpperCase(), password, remember_me: true });
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    const audiences = ['token', 'client_token', 'media_upload_token', 'payment_engine_token'].map(
      (key) => decodeJwt(content[key]).aud,
    );
    expect(new Set(audiences).size).toBe(4);
    expect(content.user).toMatchObject({ email, role: 'ADMIN', status: 'ACTIVE', remember_me: true });
    expect(content.user.user_permissions.CUSTOMERS).toEqual({
      read: true,
      create: true,
      update: true,
      delete: true,
    });
    expect(res.body).not.toMatch(/argon2|password_hash/);
  });

  it('a remembered session lasts 30 days, a tab session 12 hours', async () => {
    const { email, password } = await registered();
    const long = decodeJwt((await signIn({ email, password, remember_me: true })).json().content.token);
    const short = decodeJwt((await signIn({ email, password, remember_me: false })).json().content.token);
    expect((long.exp ?? 0) - (long.iat ?? 0)).toBe(30 * 24 * 3600);
    expect((short.exp ?? 0) - (short.iat ?? 0)).toBe(12 * 3600);
  });

  it.each([
    [{ password: 'x' }, 'Email is required.'],
    [{ email: '', password: 'x' }, 'Email is required.'],
    [{ email: 'a@b.co' }, 'Password is required.'],
    [{ email: 'a@b.co', password: '' }, 'Password is required.'],
  ])('%j -> 400 %s', async (payload, message) => {
    const res = await signIn(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('a wrong password and an unknown email get the same 401', async () => {
    const { email } = await registered();
    const wrong = await signIn({ email, password: 'wrong password' });
    const unknown = await signIn({ email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Incorrect email address or password.');
  });

  it('holds the limit for a burst of wrong passwords sent at once, and a right one gives back its attempt', async () => {
    const { email, password } = await registered();
    expect((await signIn({ email, password })).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn({ email, password: `bad-${i}` })),
    );
    expect(burst.map((res) => res.statusCode).sort()).toEqual([401, 401, 401, ...Array(5).fill(429)]);
    const rows = await t.ctx.database.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM auth_attempts WHERE key = 'signin:' || $1",
      [email],
    );
    expect(rows[0]?.n).toBe('3');
  });

  it('locks an email after the allowed failures (429 + Retry-After), even for the right password', async () => {
    const { email, password } = await registered();
    for (let i = 0; i < 3; i++) expect((await signIn({ email, password: `bad-${i}` })).statusCode).toBe(401);
    const locked = await signIn({ email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      'Too many failed sign-in attempts for this email address. Please try again later.',
    );
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // More attempts while locked do not extend the lock: still at most one window from the first failure.
    await signIn({ email, password: 'bad-again' });
    const rows = await t.ctx.database.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM auth_attempts WHERE key = 'signin:' || $1",
      [email],
    );
    expect(rows[0]?.n).toBe('3');
    // When the window has passed, the owner signs in.
    await t.ctx.database.query(
      "UPDATE auth_attempts SET at = at - interval '16 minutes' WHERE key = 'signin:' || $1",
      [email],
    );
    expect((await signIn({ email, password })).statusCode).toBe(200);
  });

  it('an inactive user cannot sign in, and their tokens stop working', async () => {
    const session = await createClientAndSignIn(t.app);
    await t.ctx.database.query("UPDATE client_users SET status = 'INACTIVE' WHERE id = $1", [session.userId]);
    const res = await signIn({ email: session.email, password: session.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is inactive. Please contact your administrator.');
    const client = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${session.clientId}`,
      headers: bearer(session.clientToken),
    });
    expect(client.statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const { email } = await registered();
    const known = await forgot(email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(
      'If an account exists for this email address, a reset link has been sent.',
    );
    expect(await latestLink(email)).toMatch(/\/welcome\/reset-password\/0\//);
    expect(await latestLink('nobody-here@example.com')).toBe('');
  });

  it('the link sets a new password once; the old password and old sessions stop working', async () => {
    const session = await createClientAndSignIn(t.app);
    await forgot(session.email);
    const token = tokenOf(await latestLink(session.email));
    const stored = await t.ctx.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_tokens',
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const done = await reset(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your password has been reset. You can now sign in.');
    expect((await signIn({ email: session.email, password: 'a brand new password' })).statusCode).toBe(200);
    expect((await signIn({ email: session.email, password: session.password })).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${session.clientId}`,
      headers: bearer(session.clientToken),
    });
    expect(old.statusCode).toBe(401);

    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This password reset link is invalid or has expired.');
  });

  it('an expired link is refused', async () => {
    const { email } = await registered();
    await forgot(email);
    const token = tokenOf(await latestLink(email));
    await t.ctx.database.query("UPDATE password_tokens SET expires_at = now() - interval '1 second'");
    expect((await reset(token, 'a brand new password')).statusCode).toBe(400);
  });

  it('the new-account verification link verifies the email', async () => {
    const { email } = await registered();
    const link = await latestLink(email);
    expect(link).toMatch(/\/welcome\/reset-password\/1\//);
    expect((await reset(tokenOf(link), 'verified password 1')).statusCode).toBe(200);
    const rows = await t.ctx.database.query<{ email_verified_at: string | null }>(
      'SELECT email_verified_at FROM client_users WHERE email = $1',
      [email],
    );
    expect(rows[0]?.email_verified_at).not.toBeNull();
  });

  it.each([
    [{ token: 'x', password: '' }, 'Password is required.'],
    [{ token: 'x', password: 'short' }, 'Password must be at least 8 characters.'],
    [{ password: 'long enough password' }, 'The reset link is incomplete.'],
  ])('%j -> 400 %s', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/client-user/reset-password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('limits reset requests per email', async () => {
    const { email } = await registered();
    for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(200);
    const limited = await forgot(email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
