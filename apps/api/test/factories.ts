import { randomBytes } from 'node:crypto';
import type { TCreateClientRequest, TPlan } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';

export const uniqueEmail = (prefix = 'owner') => `${prefix}.${randomBytes(5).toString('hex')}@example.com`;

/** A complete, valid self-onboarding body; override any part. */
export const clientRegistration = (
  overrides: { client_user?: Partial<TCreateClientRequest['client_user']> } & Partial<
    Omit<TCreateClientRequest, 'client_user'>
  > = {},
): TCreateClientRequest => ({
  alias: 'Bean There Coffee',
  name: 'Bean There Coffee (Pty) Ltd',
  id_number: '2019/123456/07',
  vat_number: '4123456789',
  domain: 'localhost',
  type: 'ENTITY',
  address: {
    full_address: '12 Long Street, Cape Town, 8001, South Africa',
    coordinates: { lat: -33.92, lng: 18.42 },
  },
  offering: {
    experience: 'I sell in store',
    product_types: ['Food and beverages'],
    offering: 'Coffee and pastries',
    industry: 'Coffee and cafés',
  },
  ...overrides,
  client_user: {
    name: 'Thandi',
    surname: 'Mokoena',
    email: uniqueEmail(),
    password: 'correct horse battery',
    cell_country_code: '+27',
    cell_number: '0821234567',
    birthday: '1990-04-12',
    get_communication: true,
    agrees_terms_and_conditions: true,
    ...overrides.client_user,
  },
});

export type SignedIn = {
  clientId: string;
  userId: string;
  email: string;
  password: string;
  token: string;
  clientToken: string;
  mediaToken: string;
  paymentToken: string;
};

export const signIn = async (app: FastifyInstance, email: string, password: string, rememberMe = false) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/client-user/signin',
    payload: { email, password, remember_me: rememberMe },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const content = res.json().content;
  return {
    clientId: content.user.client_id as string,
    userId: content.user._id as string,
    email,
    password,
    token: content.token as string,
    clientToken: content.client_token as string,
    mediaToken: content.media_upload_token as string,
    paymentToken: content.payment_engine_token as string,
  } satisfies SignedIn;
};

/** Registers a business through the API and signs its admin in; with a plan, also subscribes. */
export const createClientAndSignIn = async (
  app: FastifyInstance,
  options: { plan?: TPlan; registration?: TCreateClientRequest } = {},
): Promise<SignedIn> => {
  const body = options.registration ?? clientRegistration();
  const res = await app.inject({ method: 'POST', url: '/api/v2/self-onboard/create/client', payload: body });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const session = await signIn(app, body.client_user.email, body.client_user.password);
  if (options.plan) await postAs(app, session, '/api/billing/plan', { plan: options.plan }, 'plan');
  return session;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as the session's console user. */
export const callAs =
  (app: FastifyInstance, session: SignedIn) => (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(session.clientToken), ...(payload ? { payload } : {}) });
export type CallAs = ReturnType<typeof callAs>;

/** POSTs `payload` as the session's console user and answers the content; anything but 200 throws, naming `what`. */
export const postAs = async <T = unknown>(
  app: FastifyInstance,
  session: SignedIn,
  url: string,
  payload: object,
  what: string,
) => {
  const res = await callAs(app, session)('POST', url, payload);
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json().content as T;
};

/** A valid branch body (franchise off, so no banking details needed). */
export const branchBody = (overrides: Record<string, unknown> = {}) => ({
  display_name: `Branch ${randomBytes(3).toString('hex')}`,
  franchise: false,
  vat_registered: false,
  email: 'branch@example.com',
  contact_number: '0215551234',
  address: { full_address: '1 Main Road, Sea Point, Cape Town', coordinates: { lat: -33.91, lng: 18.38 } },
  delivery_settings: {
    delivery: true,
    delivery_fee_type: 'FLAT-FEE',
    max_delivery_radius: 5,
    delivery_fee: 25,
  },
  ...overrides,
});

export const createBranch = (
  app: FastifyInstance,
  admin: SignedIn,
  overrides: Record<string, unknown> = {},
) =>
  postAs<{ _id: string; display_name: string }>(app, admin, '/api/branches', branchBody(overrides), 'branch');

/** Adds a console user as the admin and signs them in. */
export const createStaffAndSignIn = async (
  app: FastifyInstance,
  admin: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn> => {
  const email = uniqueEmail('staff');
  const password = 'staff password 1';
  await postAs(
    app,
    admin,
    '/api/v2/create/client/user',
    {
      name: 'Sipho',
      surname: 'Dlamini',
      user_name: email,
      cell_number: '0831234567',
      email,
      password,
      role: 'AREA_MANAGER',
      status: 'ACTIVE',
      manager_of: [],
      user_permissions: {},
      ...overrides,
    },
    'staff',
  );
  return signIn(app, email, password);
};

let cellCounter = 0;
/** A unique valid South African cell number, e.g. 0821000001. */
export const uniqueCell = () => {
  cellCounter += 1;
  const tail = String((Date.now() % 1_000_000) * 100 + (cellCounter % 100))
    .padStart(8, '0')
    .slice(-8);
  return `08${tail}`;
};

export const addCustomer = async (
  app: FastifyInstance,
  session: SignedIn,
  overrides: Record<string, unknown> = {},
) => {
  const payload = {
    name: 'Ayanda',
    surname: 'Nkosi',
    email: uniqueEmail('customer'),
    cell_number: uniqueCell(),
    ...overrides,
  };
  return (await postAs<{ _id: string }>(app, session, '/api/user/sign_up', payload, 'customer'))._id;
};

/** A live API key of the session's client. */
export const createApiKey = (app: FastifyInstance, session: SignedIn, name = 'till') =>
  postAs<{ _id: string; key: string }>(app, session, '/api/integrations/api-keys', { name }, 'api key');

let eventCounter = 0;
/** A valid event for a customer; override any part. */
export const eventFor = (customerId: string, overrides: Record<string, unknown> = {}) => {
  eventCounter += 1;
  return {
    id: `evt-${randomBytes(6).toString('hex')}-${eventCounter}`,
    type: 'user.logged-in',
    customer: { _id: customerId },
    occurred_at: new Date().toISOString(),
    data: {},
    ...overrides,
  };
};

/** Posts events with an API key; one event or a batch. */
export const postEvents = (app: FastifyInstance, key: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: { 'x-api-key': key },
    payload: body as object,
  });

/** Suspends a customer as the console does (PUT /api/v2/suspend/user); anything but 200 throws. */
export const suspendCustomer = async (app: FastifyInstance, session: SignedIn, customerId: string) => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v2/suspend/user',
    headers: bearer(session.clientToken),
    payload: { _id: customerId },
  });
  if (res.statusCode !== 200) throw new Error(`suspend failed: ${res.statusCode} ${res.body}`);
};
