import { CURRENCY_SYMBOLS, FEATURE_AREAS, PERMISSION_ACTIONS } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  clientRegistration,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { versionAt } from '../../engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v2/self-onboard/create/client', payload: payload as object });
const countRows = async (table: string) =>
  Number((await t.ctx.database.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0]?.n);

describe('POST /api/v2/self-onboard/create/client', () => {
  it('creates the client awaiting payment, its admin with every permission, and a verification mail', async () => {
    const body = clientRegistration();
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const content = res.json().content;
    expect(content._id).toMatch(/^[0-9a-f]{24}$/);
    expect(content.integration_settings.payment_engine_id).toMatch(/^lrl_cus_/);

    const session = await signIn(t.app, body.client_user.email, body.client_user.password);
    expect(session.clientId).toBe(content._id);
    const client = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${content._id}`,
      headers: bearer(session.clientToken),
    });
    expect(client.statusCode).toBe(200);
    expect(client.json().content).toMatchObject({
      _id: content._id,
      alias: 'Bean There Coffee',
      status: 'AWAITING_SUBSCRIPTION_PAYMENT',
      currency_symbol: 'R',
      clientSubscription: { name: null, status: null },
      users: [{ user_id: session.userId, manager_of: [] }],
    });

    const [mail] = await t.ctx.database.query<{ link: string; to_address: string }>(
      'SELECT link, to_address FROM mail_outbox WHERE to_address = $1',
      [body.client_user.email],
    );
    expect(mail?.link).toMatch(/^http:\/\/localhost:8080\/welcome\/reset-password\/1\/[\w-]{40,}$/);
  });

  it('takes the time zone the console sends (the browser’s); one the server does not know leaves UTC', async () => {
    const zoneOf = async (time_zone: string | undefined) => {
      const body = { ...clientRegistration(), ...(time_zone ? { time_zone } : {}) };
      const res = await register(body);
      expect(res.statusCode, res.body).toBe(200);
      const session = await signIn(t.app, body.client_user.email, body.client_user.password);
      const client = await t.app.inject({
        method: 'GET',
        url: `/api/v2/client?_id=${session.clientId}`,
        headers: bearer(session.clientToken),
      });
      return client.json().content.time_zone;
    };
    expect(await zoneOf('Africa/Johannesburg')).toBe('Africa/Johannesburg');
    expect(await zoneOf('Mars/Olympus_Mons')).toBe('UTC');
    expect(await zoneOf(undefined)).toBe('UTC');
  });

  it('an owner at an address with a long top-level domain (.coffee) can register and sign in', async () => {
    const email = `owner.${Date.now()}@brew.coffee`;
    expect((await register(clientRegistration({ client_user: { email } }))).statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v2/client-user/signin',
      payload: { email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('refuses a second registration with the same email (any case) with 409 and creates nothing', async () => {
    const body = clientRegistration();
    expect((await register(body)).statusCode).toBe(200);
    const before = await countRows('clients');
    const again = await register(
      clientRegistration({ client_user: { email: body.client_user.email.toUpperCase() } }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'An account with this email address already exists.',
      content: null,
    });
    expect(await countRows('clients')).toBe(before);
  });

  it('two simultaneous registrations with one email: exactly one wins', async () => {
    const body = clientRegistration();
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('registration validation: every message, nothing created', () => {
  const cases: [string, (b: ReturnType<typeof clientRegistration>) => unknown, string][] = [
    ['name', (b) => ({ ...b, client_user: { ...b.client_user, name: '' } }), 'Name is required.'],
    ['surname', (b) => ({ ...b, client_user: { ...b.client_user, surname: '  ' } }), 'Surname is required.'],
    ['email', (b) => ({ ...b, client_user: { ...b.client_user, email: undefined } }), 'Email is required.'],
    [
      'email format',
      (b) => ({ ...b, client_user: { ...b.client_user, email: 'not-an-email' } }),
      'Please enter a valid email address.',
    ],
    [
      'phone',
      (b) => ({ ...b, client_user: { ...b.client_user, cell_number: '' } }),
      'Phone Number is required.',
    ],
    ['password', (b) => ({ ...b, client_user: { ...b.client_user, password: '' } }), 'Password is required.'],
    [
      'short password',
      (b) => ({ ...b, client_user: { ...b.client_user, password: 'short' } }),
      'Password must be at least 8 characters.',
    ],
    ['birthday', (b) => ({ ...b, client_user: { ...b.client_user, birthday: '' } }), 'Birthday is required.'],
    [
      'terms',
      (b) => ({ ...b, client_user: { ...b.client_user, agrees_terms_and_conditions: false } }),
      'Must agree to our terms and conditions.',
    ],
    ['business name', (b) => ({ ...b, alias: '' }), 'Business name is required.'],
    ['registered name', (b) => ({ ...b, name: undefined }), 'Registered name is required.'],
    ['registered number', (b) => ({ ...b, id_number: '' }), 'Registered number is required.'],
    ['address', (b) => ({ ...b, address: { full_address: '' } }), 'Address is required.'],
    ['industry', (b) => ({ ...b, offering: { ...b.offering, industry: '' } }), 'Please select an industry.'],
    [
      'business type',
      (b) => ({ ...b, offering: { ...b.offering, experience: '' } }),
      'Business type is required.',
    ],
    [
      'products',
      (b) => ({ ...b, offering: { ...b.offering, product_types: [] } }),
      'Please select products type.',
    ],
  ];

  it.each(cases)('%s', async (_name, mutate, message) => {
    const before = await countRows('clients');
    const res = await register(mutate(clientRegistration()));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toBe(message);
    expect(res.json().content.errors).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
    expect(await countRows('clients')).toBe(before);
  });

  it('an empty body lists every required field', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const messages = res.json().content.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Business name is required.',
        'Registered name is required.',
        'Address is required.',
      ]),
    );
  });
});

describe('GET /api/v2/client', () => {
  it('needs a client token: none -> 401, a user token -> 401, another client id -> 404', async () => {
    const a = await createClientAndSignIn(t.app);
    const b = await createClientAndSignIn(t.app);
    const url = `/api/v2/client?_id=${a.clientId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(a.token) })).statusCode).toBe(401);
    const other = await t.app.inject({ method: 'GET', url, headers: bearer(b.clientToken) });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(a.clientId);
    const forged = await t.app.inject({ method: 'GET', url, headers: bearer(`${a.clientToken}x`) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your session is invalid or has expired. Please sign in again.');
  });

  it('never returns a password hash or secret', async () => {
    const a = await createClientAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${a.clientId}`,
      headers: bearer(a.clientToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/argon2|password|secret/i);
  });
});

describe('PUT /api/v2/add/client/integration', () => {
  const save = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v2/add/client/integration',
      headers: bearer(token),
      payload: payload as object,
    });

  it('saves the notification settings and the client record shows them', async () => {
    const a = await createClientAndSignIn(t.app);
    const res = await save(a.clientToken, {
      type: 'NOTIFICATION',
      data: { enabled: true, returns_email_address: 'returns@beanthere.co.za' },
    });
    expect(res.statusCode).toBe(200);
    const client = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${a.clientId}`,
      headers: bearer(a.clientToken),
    });
    expect(client.json().content.integration_settings.configurations).toEqual([
      { type: 'NOTIFICATION', data: { enabled: true, returns_email_address: 'returns@beanthere.co.za' } },
    ]);
    await save(a.clientToken, { type: 'NOTIFICATION', data: { enabled: false } });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${a.clientId}`,
      headers: bearer(a.clientToken),
    });
    expect(after.json().content.integration_settings.configurations).toHaveLength(1);
    expect(after.json().content.integration_settings.configurations[0].data.enabled).toBe(false);
  });

  it.each([
    [{ type: 'NOTIFICATION', data: {} }, 'Email Notifications is required.'],
    [
      { type: 'NOTIFICATION', data: { enabled: true } },
      'Email Address is required when email notifications are on.',
    ],
    [
      { type: 'NOTIFICATION', data: { enabled: true, returns_email_address: 'nope' } },
      'Email Address must be a valid email address',
    ],
  ])('%j -> 400 %s', async (payload, message) => {
    const a = await createClientAndSignIn(t.app);
    const res = await save(a.clientToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('PUT /api/client/regional-settings', () => {
  const save = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/client/regional-settings',
      headers: bearer(token),
      payload: payload as object,
    });
  const clientRecord = async (session: SignedIn) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/client?_id=${session.clientId}`,
        headers: bearer(session.clientToken),
      })
    ).json().content;
  const auditEntries = (clientId: string) =>
    t.ctx.database.query<{ actor_id: string; summary: string; changes: unknown }>(
      "SELECT actor_id, summary, changes FROM audit_log WHERE client_id = $1 AND action = 'settings.regional_saved'",
      [clientId],
    );

  describe('success', () => {
    it('an admin saves both; the client record shows them and the audit log says what changed', async () => {
      const a = await createClientAndSignIn(t.app);
      expect(await clientRecord(a)).toMatchObject({ time_zone: 'UTC', currency_symbol: 'R' });
      const res = await save(a.clientToken, { time_zone: 'Africa/Johannesburg', currency_symbol: '€' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Regional settings saved.',
        content: { time_zone: 'Africa/Johannesburg', currency_symbol: '€' },
      });
      expect(await clientRecord(a)).toMatchObject({ time_zone: 'Africa/Johannesburg', currency_symbol: '€' });
      const entries = await auditEntries(a.clientId);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor_id: a.userId,
        summary: 'Saved regional settings: time zone Africa/Johannesburg, currency symbol €',
        changes: {
          time_zone: { from: 'UTC', to: 'Africa/Johannesburg' },
          currency_symbol: { from: 'R', to: '€' },
        },
      });
    });

    it('takes UTC and every one of the 22 currency symbols', async () => {
      const a = await createClientAndSignIn(t.app);
      for (const symbol of CURRENCY_SYMBOLS) {
        const res = await save(a.clientToken, { time_zone: 'UTC', currency_symbol: symbol });
        expect(res.statusCode, `${symbol}: ${res.body}`).toBe(200);
      }
      expect(CURRENCY_SYMBOLS).toHaveLength(22);
      expect(await clientRecord(a)).toMatchObject({ time_zone: 'UTC', currency_symbol: 'N$' });
    });

    it("takes another IANA name of a listed zone, as some browsers list it ('Europe/Kyiv' for 'Europe/Kiev')", async () => {
      const a = await createClientAndSignIn(t.app);
      const res = await save(a.clientToken, { time_zone: 'Europe/Kyiv', currency_symbol: '₴' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await clientRecord(a)).toMatchObject({ time_zone: 'Europe/Kyiv', currency_symbol: '₴' });
    });

    it("a new zone keeps each interval statistic's current version: no day is repeated or skipped", async () => {
      const a = await createClientAndSignIn(t.app, { plan: 'STARTER' });
      // 25 hours apart, neither with daylight saving: whether their local days differ by one or two depends on
      // the hour, so an epoch that began at the other kind of hour than now would shift the day count.
      const [west, east] = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'];
      expect((await save(a.clientToken, { time_zone: west, currency_symbol: 'R' })).statusCode).toBe(200);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/statistics',
        headers: bearer(a.clientToken),
        payload: { name: 'dailyVisits', aggregation_method: 'Sum', reset_interval: 'Day' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().content._id as string;
      const now = new Date();
      const epochStart = new Date(now.getTime() - 3 * 86_400_000);
      epochStart.setUTCHours(now.getUTCHours() === 10 ? 23 : 10, 30, 0, 0);
      await t.ctx.database.query('UPDATE statistics SET epoch_start = $1, epoch_version = 5 WHERE id = $2', [
        epochStart.toISOString(),
        id,
      ]);
      const version = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/statistics/${id}`,
            headers: bearer(a.clientToken),
          })
        ).json().content.version as number;
      const before = await version();
      const anchored = { resetInterval: 'Day' as const, epochVersion: 5, epochStart };
      expect(before).toBe(versionAt(anchored, now, west));
      // What the east zone would make of the old epoch: another day than the current one.
      expect(versionAt(anchored, now, east)).not.toBe(before);

      expect((await save(a.clientToken, { time_zone: east, currency_symbol: 'R' })).statusCode).toBe(200);
      expect(await version()).toBe(before);
    });
  });

  describe('failure', () => {
    it('a user who is not an admin gets 403, even with every flag', async () => {
      const a = await createClientAndSignIn(t.app);
      const branch = await createBranch(t.app, a);
      const everyFlag = Object.fromEntries(
        FEATURE_AREAS.map((area) => [
          area,
          Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, true])),
        ]),
      );
      const staff = await createStaffAndSignIn(t.app, a, {
        manager_of: [branch._id],
        user_permissions: everyFlag,
      });
      const res = await save(staff.clientToken, { time_zone: 'Africa/Johannesburg', currency_symbol: '$' });
      expect(res.statusCode).toBe(403);
      expect(await clientRecord(a)).toMatchObject({ time_zone: 'UTC', currency_symbol: 'R' });
    });

    it.each([
      [
        { time_zone: 'Mars/Olympus_Mons', currency_symbol: 'R' },
        'time_zone',
        'Choose a time zone from the list',
      ],
      [{ time_zone: '', currency_symbol: 'R' }, 'time_zone', 'Choose a time zone from the list'],
      [
        { time_zone: 'africa/johannesburg', currency_symbol: 'R' },
        'time_zone',
        'Choose a time zone from the list',
      ],
      [{ time_zone: 'EST', currency_symbol: 'R' }, 'time_zone', 'Choose a time zone from the list'],
      [{ time_zone: 'Etc/GMT-3', currency_symbol: 'R' }, 'time_zone', 'Choose a time zone from the list'],
      [{ time_zone: 2, currency_symbol: 'R' }, 'time_zone', 'Choose a time zone from the list'],
      [{ currency_symbol: 'R' }, 'time_zone', 'Choose a time zone from the list'],
      [
        { time_zone: 'Africa/Johannesburg', currency_symbol: 'ZAR' },
        'currency_symbol',
        'Choose a currency symbol from the list',
      ],
      [
        { time_zone: 'Africa/Johannesburg', currency_symbol: 'CHF' },
        'currency_symbol',
        'Choose a currency symbol from the list',
      ],
      [{ time_zone: 'Africa/Johannesburg' }, 'currency_symbol', 'Choose a currency symbol from the list'],
    ])('%j -> 400 naming %s, nothing changes', async (payload, field, message) => {
      const a = await createClientAndSignIn(t.app);
      const res = await save(a.clientToken, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message,
        content: { errors: [{ field, message }] },
      });
      expect(await clientRecord(a)).toMatchObject({ time_zone: 'UTC', currency_symbol: 'R' });
      expect(await auditEntries(a.clientId)).toEqual([]);
    });

    it('both wrong: both messages, the time zone first', async () => {
      const a = await createClientAndSignIn(t.app);
      const res = await save(a.clientToken, { time_zone: 'Nowhere', currency_symbol: '¤' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose a time zone from the list');
      expect(res.json().content.errors).toEqual([
        { field: 'time_zone', message: 'Choose a time zone from the list' },
        { field: 'currency_symbol', message: 'Choose a currency symbol from the list' },
      ]);
    });
  });
});

describe('GET /api/v2/terms-and-conditions', () => {
  it('returns the stored text without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/terms-and-conditions' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.content).toContain('Laurel Terms and Conditions');
  });
});

describe('security headers', () => {
  it('sets CSP with frame-ancestors, nosniff and a referrer policy on every response', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
