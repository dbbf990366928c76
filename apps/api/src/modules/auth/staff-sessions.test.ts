import { SESSION_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { describeDevice } from './staff-sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs in from a browser: the four tokens of that session. */
const signInFrom = async (who: { email: string; password: string }, userAgent: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/client-user/signin',
    headers: { 'user-agent': userAgent },
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().content as { token: string; client_token: string; media_upload_token: string };
};
const as = (token: string) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const works = async (token: string) => (await as(token)('GET', '/api/v2/client-user/mfa')).statusCode;

describe('a session’s device', () => {
  it('names the browser and system, and is never empty for a client that is not a browser', () => {
    expect(describeDevice(CHROME_MAC)).toBe('Chrome on macOS');
    expect(describeDevice('curl/8.5.0')).toBe('Unknown device');
    expect(describeDevice('python-requests/2.31')).toBe('Unknown device');
    expect(describeDevice(null)).toBe('Unknown device');
  });
});

describe('a user’s own sessions', () => {
  it('lists each sign-in with its device, address and times, marking the current one', async () => {
    const admin = await createClientAndSignIn(t.app);
    const mac = await signInFrom(admin, CHROME_MAC);
    await signInFrom(admin, FIREFOX_WINDOWS);
    const res = await as(mac.client_token)('GET', '/api/v2/client-user/sessions');
    expect(res.statusCode).toBe(200);
    const sessions = res.json().content as { device: string; current: boolean; ip: string }[];
    // The factory's own sign-in, and these two.
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ device: 'Chrome on macOS', ip: '127.0.0.1', user_agent: CHROME_MAC }),
    ]);
    expect(sessions.map((s) => s.device)).toContain('Firefox on Windows');
    expect(sessions[0]).toEqual({
      _id: expect.any(String),
      device: expect.any(String),
      user_agent: expect.anything(),
      ip: expect.any(String),
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      current: expect.any(Boolean),
    });
  });

  it('pages them on the server: page and size, with the count of all and whether more follow', async () => {
    const admin = await createClientAndSignIn(t.app);
    const mac = await signInFrom(admin, CHROME_MAC);
    for (let n = 0; n < 4; n += 1) await signInFrom(admin, FIREFOX_WINDOWS);
    const page = async (query: string) => {
      const res = await as(mac.client_token)('GET', `/api/v2/client-user/sessions?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        content: { _id: string; current: boolean; device: string }[];
        pagination: { count: number; hasMore: boolean };
      };
    };
    const first = await page('page=1&size=4');
    expect(first.content).toHaveLength(4);
    // This device heads page 1 though later sign-ins were used since.
    expect(first.content[0]).toMatchObject({ current: true, device: 'Chrome on macOS' });
    expect(first.pagination).toEqual({ count: 6, hasMore: true });
    const second = await page('page=2&size=4');
    expect(second.content).toHaveLength(2);
    expect(second.pagination).toEqual({ count: 6, hasMore: false });
    // Every session once across the pages.
    const ids = [...first.content, ...second.content].map((session) => session._id);
    expect(new Set(ids).size).toBe(6);
    // Without page and size: the list defaults (page 1, 15).
    expect((await page('')).content).toHaveLength(6);
    const bad = await as(mac.client_token)('GET', '/api/v2/client-user/sessions?size=0');
    expect(bad.statusCode).toBe(400);
  });

  it('signs out one session: every token of it is refused; the others keep working', async () => {
    const admin = await createClientAndSignIn(t.app);
    const mac = await signInFrom(admin, CHROME_MAC);
    const firefox = await signInFrom(admin, FIREFOX_WINDOWS);
    const list = (await as(mac.client_token)('GET', '/api/v2/client-user/sessions')).json().content as {
      _id: string;
      device: string;
    }[];
    const target = list.find((s) => s.device === 'Firefox on Windows');
    const res = await as(mac.client_token)('DELETE', `/api/v2/client-user/sessions/${target?._id}`);
    expect([res.statusCode, res.json().message]).toEqual([200, SESSION_MESSAGES.signedOut]);
    expect(await works(firefox.client_token)).toBe(401);
    const media = await as(firefox.token)('GET', '/api/v2/client-user/mfa');
    expect(media.statusCode).toBe(401);
    expect(await works(mac.client_token)).toBe(200);
    // Already signed out, or someone else's: not found.
    expect(
      (await as(mac.client_token)('DELETE', `/api/v2/client-user/sessions/${target?._id}`)).statusCode,
    ).toBe(404);
    const other = await createClientAndSignIn(t.app);
    const otherList = (await as(other.clientToken)('GET', '/api/v2/client-user/sessions')).json().content;
    expect(
      (await as(mac.client_token)('DELETE', `/api/v2/client-user/sessions/${otherList[0]._id}`)).statusCode,
    ).toBe(404);
    expect(await works(other.clientToken)).toBe(200);
  });

  it('signs out every other session, and signing out ends this one', async () => {
    const admin = await createClientAndSignIn(t.app);
    const mac = await signInFrom(admin, CHROME_MAC);
    const firefox = await signInFrom(admin, FIREFOX_WINDOWS);
    const res = await as(mac.client_token)('POST', '/api/v2/client-user/sessions/revoke-others');
    expect(res.json().content).toEqual({ revoked: 2 });
    expect(await works(firefox.client_token)).toBe(401);
    expect(await works(admin.clientToken)).toBe(401);
    expect(await works(mac.client_token)).toBe(200);
    const list = (await as(mac.client_token)('GET', '/api/v2/client-user/sessions')).json().content;
    expect(list).toHaveLength(1);
    expect((await as(mac.client_token)('POST', '/api/v2/client-user/signout')).statusCode).toBe(200);
    expect(await works(mac.client_token)).toBe(401);
    const audit = await t.ctx.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'auth.sessions_revoked'",
      [admin.userId],
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});

describe('an admin signs a user out everywhere', () => {
  const staffOf = async (admin: SignedIn) => {
    const branch = await createBranch(t.app, admin);
    return createStaffAndSignIn(t.app, admin, { manager_of: [branch._id] });
  };

  it('ends every session of the user; only admins of the same business may', async () => {
    const admin = await createClientAndSignIn(t.app);
    const staff = await staffOf(admin);
    const second = await signInFrom(staff, FIREFOX_WINDOWS);
    expect(
      (await as(staff.clientToken)('POST', `/api/users/${admin.userId}/sessions/revoke`)).statusCode,
    ).toBe(403);
    const other = await createClientAndSignIn(t.app);
    expect(
      (await as(other.clientToken)('POST', `/api/users/${staff.userId}/sessions/revoke`)).statusCode,
    ).toBe(404);

    const res = await as(admin.clientToken)('POST', `/api/users/${staff.userId}/sessions/revoke`);
    expect([res.statusCode, res.json().content]).toEqual([200, { revoked: 2 }]);
    expect(await works(staff.clientToken)).toBe(401);
    expect(await works(second.client_token)).toBe(401);
    expect(await works(admin.clientToken)).toBe(200);
    const audit = await t.ctx.database.query<{ action: string; actor_id: string }>(
      "SELECT action, actor_id FROM audit_log WHERE entity_id = $1 AND action = 'users.sessions_revoked'",
      [staff.userId],
    );
    expect(audit).toEqual([{ action: 'users.sessions_revoked', actor_id: admin.userId }]);
  });
});

describe('a password reset', () => {
  it('ends every earlier session and leaves none listed', async () => {
    const admin = await createClientAndSignIn(t.app);
    const firefox = await signInFrom(admin, FIREFOX_WINDOWS);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/client-user/forgot-password',
      payload: { email: admin.email },
    });
    const [mail] = await t.ctx.database.query<{ link: string }>(
      'SELECT link FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
      [admin.email],
    );
    const token = mail?.link.split('/').at(-1) ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v2/client-user/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await works(firefox.client_token)).toBe(401);
    const fresh = await signInFrom({ email: admin.email, password: 'a brand new password' }, CHROME_MAC);
    const list = (await as(fresh.client_token)('GET', '/api/v2/client-user/sessions')).json().content;
    expect(list).toHaveLength(1);
  });
});

describe('last use', () => {
  it('is written at most once a minute per session, not on every request', async () => {
    const admin = await createClientAndSignIn(t.app);
    const backdate = () =>
      t.ctx.database.query(
        "UPDATE staff_sessions SET last_used_at = now() - interval '5 minutes' WHERE user_id = $1",
        [admin.userId],
      );
    const recent = async () => {
      // The write is fire and forget: give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await t.ctx.database.query<{ recent: boolean }>(
        "SELECT last_used_at > now() - interval '1 minute' AS recent FROM staff_sessions WHERE user_id = $1",
        [admin.userId],
      );
      return row?.recent;
    };
    await backdate();
    expect(await works(admin.clientToken)).toBe(200);
    expect(await recent()).toBe(true);
    // Within the minute no request writes it again.
    await backdate();
    for (let i = 0; i < 5; i += 1) expect(await works(admin.clientToken)).toBe(200);
    expect(await recent()).toBe(false);
  });
});
