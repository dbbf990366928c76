import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, clientRegistration, createClientAndSignIn, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

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
