import { TWO_FACTOR_MESSAGES as M, RECOVERY_CODE_COUNT } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  callAs,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { totpCode, wrongCode } from '../../../test/two-factor-helpers';
import { LOCKED_EMAIL_MESSAGE } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EMAIL_FAILURES: '3', RATE_LIMIT_EMAIL_WINDOW_MINUTES: '15' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
const signIn = (who: { email: string; password: string }) =>
  post('/api/v2/client-user/signin', { email: who.email, password: who.password });
const secondStep = (mfaToken: string, code: string) =>
  post('/api/v2/client-user/signin/mfa', { mfa_token: mfaToken, code });
const staffOf = async (admin: SignedIn) => {
  const branch = await createBranch(t.app, admin);
  return createStaffAndSignIn(t.app, admin, { manager_of: [branch._id] });
};
const auditActions = async (userId: string) =>
  (
    await t.ctx.database.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at',
      [userId],
    )
  ).map((row) => row.action);

/** Enrols the signed-in user from their profile: answers the secret and the recovery codes. */
const enrol = async (session: SignedIn) => {
  const setup = await post('/api/v2/client-user/mfa/setup', {}, session.clientToken);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url, qr_code } = setup.json().content;
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Laurel:.+secret=/);
  expect(qr_code).toMatch(/^data:image\/png;base64,/);
  const enabled = await post(
    '/api/v2/client-user/mfa/enable',
    { code: totpCode(secret) },
    session.clientToken,
  );
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().content.recovery_codes as string[] };
};

describe('two-factor enrolment from the profile', () => {
  it('is off until a code from the new secret confirms it; then ten recovery codes, shown once', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    expect((await call('GET', '/api/v2/client-user/mfa')).json().content).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });
    const setup = (await call('POST', '/api/v2/client-user/mfa/setup')).json().content;
    // Not yet on: the password alone still signs in.
    expect((await signIn(admin)).json().content.token).toEqual(expect.any(String));
    // A wrong code is a 400 here (a 401 would end the console session), and counts against the limit. No recovery
    // codes exist yet, so the message does not offer them.
    const wrong = await call('POST', '/api/v2/client-user/mfa/enable', { code: wrongCode(setup.secret) });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, M.invalidAppCode]);
    expect(wrong.json().message).not.toMatch(/recovery/i);
    const enabled = await call('POST', '/api/v2/client-user/mfa/enable', { code: totpCode(setup.secret) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().content.recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await call('GET', '/api/v2/client-user/mfa')).json().content;
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // Stored hashed: no code appears in the database.
    const stored = await t.ctx.database.query<{ code_hash: string }>(
      'SELECT code_hash FROM staff_recovery_codes WHERE user_id = $1',
      [admin.userId],
    );
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => row.code_hash.startsWith('$argon2'))).toBe(true);
    // Setting up again while on is refused.
    expect((await call('POST', '/api/v2/client-user/mfa/setup')).statusCode).toBe(409);
    expect(await auditActions(admin.userId)).toContain('auth.mfa_enabled');
  });

  it('shows the same key again while it waits for its code (a reload), and a new one after 15 minutes', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    const first = (await call('POST', '/api/v2/client-user/mfa/setup')).json().content;
    const again = (await call('POST', '/api/v2/client-user/mfa/setup')).json().content;
    expect(again).toEqual(first);
    // The app scanned the first showing: its code confirms the key shown again.
    await t.ctx.database.query(
      "UPDATE staff_mfa SET updated_at = now() - interval '16 minutes' WHERE user_id = $1",
      [admin.userId],
    );
    const later = (await call('POST', '/api/v2/client-user/mfa/setup')).json().content;
    expect(later.secret).not.toBe(first.secret);
    expect((await call('POST', '/api/v2/client-user/mfa/setup')).json().content.secret).toBe(later.secret);
    const enabled = await call('POST', '/api/v2/client-user/mfa/enable', { code: totpCode(later.secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  it('turns off with a code, not without one', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    const { secret } = await enrol(admin);
    const refused = await call('POST', '/api/v2/client-user/mfa/disable', { code: wrongCode(secret) });
    expect(refused.statusCode).toBe(400);
    const off = await call('POST', '/api/v2/client-user/mfa/disable', { code: totpCode(secret) });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/api/v2/client-user/mfa')).json().content.enabled).toBe(false);
    expect((await signIn(admin)).json().content.token).toEqual(expect.any(String));
    expect(await auditActions(admin.userId)).toContain('auth.mfa_disabled');
  });
});

describe('new recovery codes from the profile', () => {
  it('replaces the ten codes with a current app code: the old ones stop working, the new ones sign in', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    const { secret, recoveryCodes: old } = await enrol(admin);
    const renewed = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: totpCode(secret) });
    expect([renewed.statusCode, renewed.json().message]).toEqual([200, M.recoveryCodesReplaced]);
    const codes = renewed.json().content.recovery_codes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(codes.some((code) => old.includes(code))).toBe(false);
    expect((await call('GET', '/api/v2/client-user/mfa')).json().content.recovery_codes_left).toBe(10);

    const oldCode = await secondStep((await signIn(admin)).json().content.mfa_token, old[0] as string);
    expect([oldCode.statusCode, oldCode.json().message]).toEqual([401, M.invalidCode]);
    const newCode = await secondStep((await signIn(admin)).json().content.mfa_token, codes[0] as string);
    expect(newCode.statusCode).toBe(200);
    expect(await auditActions(admin.userId)).toContain('auth.recovery_codes_regenerated');
  });
});

describe('new recovery codes refused', () => {
  it('takes neither a wrong code nor a recovery code, and counts them against the limit', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    const { secret, recoveryCodes } = await enrol(admin);
    const wrong = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: wrongCode(secret) });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, M.invalidAppCode]);
    const recovery = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: recoveryCodes[1] });
    expect([recovery.statusCode, recovery.json().message]).toEqual([400, M.invalidAppCode]);
    // Still unused, since it was not taken as proof.
    expect((await call('GET', '/api/v2/client-user/mfa')).json().content.recovery_codes_left).toBe(10);
    const third = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: wrongCode(secret) });
    expect(third.statusCode).toBe(400);
    // Three failures (the test's limit): even the right code now waits.
    const locked = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: totpCode(secret) });
    expect([locked.statusCode, locked.json().message]).toEqual([429, M.tooManyCodes]);
    expect(locked.headers['retry-after']).toBeDefined();
    // That limit is the signed-in user's own: signing in is not locked by it.
    expect((await signIn(admin)).json().content.mfa_required).toBe(true);
  });

  it('are not locked by failed sign-ins: whoever has the password cannot lock the owner out of their settings', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    const { secret } = await enrol(admin);
    const mfaToken = (await signIn(admin)).json().content.mfa_token;
    for (let i = 0; i < 3; i += 1)
      expect((await secondStep(mfaToken, wrongCode(secret))).statusCode).toBe(401);
    expect((await signIn(admin)).statusCode).toBe(429);
    const renewed = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: totpCode(secret) });
    expect([renewed.statusCode, renewed.json().message]).toEqual([200, M.recoveryCodesReplaced]);
  });

  it('answers 409 when two-factor is off, and 400 without a code', async () => {
    const admin = await createClientAndSignIn(t.app);
    const call = callAs(t.app, admin);
    const off = await call('POST', '/api/v2/client-user/mfa/recovery-codes', { code: '123456' });
    expect([off.statusCode, off.json().message]).toEqual([409, M.notEnabled]);
    const empty = await call('POST', '/api/v2/client-user/mfa/recovery-codes', {});
    expect([empty.statusCode, empty.json().message]).toEqual([400, M.codeRequired]);
  });
});

describe('sign-in with a second factor', () => {
  it('answers mfa_required, then signs in with the previous window’s code and with the current one, once each', async () => {
    const admin = await createClientAndSignIn(t.app);
    const { secret } = await enrol(admin);
    const first = await signIn(admin);
    expect(first.statusCode).toBe(200);
    const challenge = first.json().content;
    expect(challenge).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(first.body).not.toMatch(/client_token/);

    const previous = await secondStep(challenge.mfa_token, totpCode(secret, -30_000));
    expect(previous.statusCode).toBe(200);
    expect(previous.json().content).toMatchObject({ token: expect.any(String), user: { _id: admin.userId } });

    const current = totpCode(secret);
    const again = (await signIn(admin)).json().content.mfa_token;
    expect((await secondStep(again, current)).statusCode).toBe(200);
    // The same code is never accepted twice: typed again, the user is told to wait for the next one.
    const replay = await secondStep((await signIn(admin)).json().content.mfa_token, current);
    expect([replay.statusCode, replay.json().message]).toEqual([401, M.codeAlreadyUsed]);
    // An older window's code than the one used is simply not valid.
    const older = await secondStep((await signIn(admin)).json().content.mfa_token, totpCode(secret, -30_000));
    expect([older.statusCode, older.json().message]).toEqual([401, M.invalidCode]);
    // A later window's code (a phone clock running ahead) is refused too.
    const ahead = await secondStep((await signIn(admin)).json().content.mfa_token, totpCode(secret, 30_000));
    expect([ahead.statusCode, ahead.json().message]).toEqual([401, M.invalidCode]);
  });

  it('spends the sign-in token with the sign-in: sent again with another good code, or older than it, it is refused', async () => {
    const admin = await createClientAndSignIn(t.app);
    const { secret, recoveryCodes } = await enrol(admin);
    const older = (await signIn(admin)).json().content.mfa_token;
    const mfaToken = (await signIn(admin)).json().content.mfa_token;
    expect((await secondStep(mfaToken, totpCode(secret))).statusCode).toBe(200);

    const replay = await secondStep(mfaToken, recoveryCodes[0] as string);
    expect([replay.statusCode, replay.json().message]).toEqual([401, M.invalidMfaToken]);
    const stale = await secondStep(older, recoveryCodes[1] as string);
    expect([stale.statusCode, stale.json().message]).toEqual([401, M.invalidMfaToken]);
    // Neither refused token used up the recovery code sent with it.
    const left = await callAs(t.app, admin)('GET', '/api/v2/client-user/mfa');
    expect(left.json().content.recovery_codes_left).toBe(10);
    // One session from that password check; a new sign-in still works.
    const sessions = await t.ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_sessions WHERE user_id = $1',
      [admin.userId],
    );
    const fresh = await secondStep(
      (await signIn(admin)).json().content.mfa_token,
      recoveryCodes[2] as string,
    );
    expect(fresh.statusCode).toBe(200);
    const after = await t.ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_sessions WHERE user_id = $1',
      [admin.userId],
    );
    expect(after[0]?.n).toBe((sessions[0]?.n ?? 0) + 1);
  });

  it('signs in once when the same token and code arrive twice at the same time', async () => {
    const admin = await createClientAndSignIn(t.app);
    const { recoveryCodes } = await enrol(admin);
    const mfaToken = (await signIn(admin)).json().content.mfa_token;
    const both = await Promise.all([
      secondStep(mfaToken, recoveryCodes[0] as string),
      secondStep(mfaToken, recoveryCodes[1] as string),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers a wrong code 401 and counts it against the password limit', async () => {
    const admin = await createClientAndSignIn(t.app);
    const { secret } = await enrol(admin);
    const mfaToken = (await signIn(admin)).json().content.mfa_token;
    for (let i = 0; i < 3; i += 1) {
      const wrong = await secondStep(mfaToken, wrongCode(secret));
      expect([wrong.statusCode, wrong.json().message]).toEqual([401, M.invalidCode]);
    }
    const locked = await secondStep(mfaToken, totpCode(secret));
    expect([locked.statusCode, locked.json().message]).toEqual([429, LOCKED_EMAIL_MESSAGE]);
    expect(locked.headers['retry-after']).toBeDefined();
    // The password is locked too: one budget for both.
    expect((await signIn(admin)).statusCode).toBe(429);
    expect(await auditActions(admin.userId)).toContain('auth.mfa_failed');
  });

  it('holds the limit for a burst: of ten wrong codes sent at once, three are checked and the rest answered 429', async () => {
    const admin = await createClientAndSignIn(t.app);
    const { secret } = await enrol(admin);
    const mfaToken = (await signIn(admin)).json().content.mfa_token;
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => secondStep(mfaToken, wrongCode(secret))),
    );
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, ...Array(7).fill(429)]);
    expect((await signIn(admin)).statusCode).toBe(429);
  });

  it('takes each recovery code once', async () => {
    const admin = await createClientAndSignIn(t.app);
    const { recoveryCodes } = await enrol(admin);
    const code = (recoveryCodes[3] as string).toUpperCase().replace('-', ' ');
    const used = await secondStep((await signIn(admin)).json().content.mfa_token, code);
    expect(used.statusCode).toBe(200);
    const reused = await secondStep(
      (await signIn(admin)).json().content.mfa_token,
      recoveryCodes[3] as string,
    );
    expect(reused.statusCode).toBe(401);
    const left = await callAs(t.app, admin)('GET', '/api/v2/client-user/mfa');
    expect(left.json().content.recovery_codes_left).toBe(9);
  });

  it('refuses a made-up or expired mfa token, and a sign-in token in its place', async () => {
    const admin = await createClientAndSignIn(t.app);
    const bad = await secondStep('not-a-token', '123456');
    expect([bad.statusCode, bad.json().message]).toEqual([401, M.invalidMfaToken]);
    expect((await secondStep(admin.clientToken, '123456')).statusCode).toBe(401);
    const empty = await post('/api/v2/client-user/signin/mfa', { mfa_token: 'x', code: '' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('two-factor required by the business', () => {
  it('takes a user without it to enrolment after the password; the enrolment signs them in', async () => {
    const admin = await createClientAndSignIn(t.app);
    const staff = await staffOf(admin);
    const call = callAs(t.app, admin);
    const policy = await call('PUT', '/api/users/security-policy', { mfa_required: true });
    expect(policy.json().content).toEqual({ mfa_required: true });
    expect((await call('GET', '/api/users/security-policy')).json().content).toEqual({ mfa_required: true });
    // Only an admin sets it.
    const byStaff = await callAs(t.app, staff)('PUT', '/api/users/security-policy', { mfa_required: false });
    expect(byStaff.statusCode).toBe(403);

    const answer = (await signIn(staff)).json().content;
    expect(answer).toEqual({
      mfa_required: true,
      mfa_enrolment_required: true,
      mfa_token: expect.any(String),
    });
    // Its token completes no sign-in with a code: the answer says that two-factor must be set up first.
    const asCode = await post('/api/v2/client-user/signin/mfa', {
      mfa_token: answer.mfa_token,
      code: '123456',
    });
    expect([asCode.statusCode, asCode.json().message]).toEqual([401, M.mfaTokenForSetup]);
    const setup = await post('/api/v2/client-user/signin/mfa/setup', { mfa_token: answer.mfa_token });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().content;
    const wrong = await post('/api/v2/client-user/signin/mfa/enrol', {
      mfa_token: answer.mfa_token,
      code: wrongCode(secret),
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, M.invalidAppCode]);
    const enrolled = await post('/api/v2/client-user/signin/mfa/enrol', {
      mfa_token: answer.mfa_token,
      code: totpCode(secret),
    });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().content).toMatchObject({
      token: expect.any(String),
      user: { _id: staff.userId },
      recovery_codes: expect.any(Array),
    });
    // From now on the second factor is asked for, and it cannot be turned off while required.
    const next = (await signIn(staff)).json().content;
    expect(next.mfa_required).toBe(true);
    const staffCall = callAs(t.app, staff);
    const off = await staffCall('POST', '/api/v2/client-user/mfa/disable', { code: totpCode(secret) });
    expect([off.statusCode, off.json().message]).toEqual([409, M.requiredByBusiness]);
    expect((await staffCall('GET', '/api/v2/client-user/mfa')).json().content.required).toBe(true);
  });

  it('never lets a password-only challenge replace an existing factor', async () => {
    const admin = await createClientAndSignIn(t.app);
    await enrol(admin);
    const challenge = (await signIn(admin)).json().content.mfa_token;
    const setup = await post('/api/v2/client-user/signin/mfa/setup', { mfa_token: challenge });
    expect([setup.statusCode, setup.json().message]).toEqual([401, M.mfaTokenForCode]);
  });
});

describe('admin reset of a second factor', () => {
  it('removes it so the user signs in with the password again; audit-logged; admins of this business only', async () => {
    const admin = await createClientAndSignIn(t.app);
    const staff = await staffOf(admin);
    await enrol(staff);
    expect((await signIn(staff)).json().content.mfa_required).toBe(true);

    const byStaff = await callAs(t.app, staff)('POST', `/api/users/${admin.userId}/mfa/reset`);
    expect(byStaff.statusCode).toBe(403);
    const other = await createClientAndSignIn(t.app);
    const crossTenant = await callAs(t.app, other)('POST', `/api/users/${staff.userId}/mfa/reset`);
    expect(crossTenant.statusCode).toBe(404);

    const reset = await callAs(t.app, admin)('POST', `/api/users/${staff.userId}/mfa/reset`);
    expect([reset.statusCode, reset.json().message]).toEqual([200, M.reset]);
    expect((await signIn(staff)).json().content.token).toEqual(expect.any(String));
    expect(await auditActions(staff.userId)).toContain('users.mfa_reset');
  });
});
