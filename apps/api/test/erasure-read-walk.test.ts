import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENT_TYPES } from '@laurel/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, postBasket, postOrder, uniqueOrderId } from '../src/modules/orders/orders.test-support';
import { createProduct, issue, redeem } from '../src/modules/subscriptions/commerce.fixtures';
import { orderEvent, spend } from './economy-helpers';
import { sendAndProcess } from './engine-helpers';
import { addCustomer, bearer, createBranch, eventFor, uniqueCell, uniqueEmail } from './factories';
import { runImport } from './import-helpers';
import { setUpPrivacyProgramme } from './privacy-programme';
import { apiRoutes, tokenFor } from './route-walk';
import { createClientApp, NO_RATE_LIMITS } from './test-app';
import { type Receiver, startReceiver } from './webhook-receiver';

/*
 * After a member is erased, every read of the business still answers: the erasure rewrites stored JSON (event
 * payloads, webhook bodies, spend answers, audit changes), the buyer copies on orders and baskets, import errors and
 * prepared exports, deletes the loyalty record, addresses and cards, and sets the customer ERASED; a read that
 * expects the old shape must not answer 500 (the audit log once did, for the whole business).
 *
 * Run with LOG_LEVEL=error in the environment to see the server's log of a failure.
 */

let setup: Awaited<ReturnType<typeof createClientApp>>;
let receiver: Receiver;
let failing: Receiver;

const letters = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const word = () => {
  const text = letters(9);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
};

type Response = LightMyRequestResponse;
const ok = (res: Response, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body).content;
};
const asKey = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  setup.t.app.inject({ method, url, headers: { 'x-api-key': setup.key }, ...(payload ? { payload } : {}) });
const asUser = (method: 'GET' | 'POST', url: string, payload?: object) =>
  setup.t.app.inject({ method, url, headers: bearer(setup.admin.token), ...(payload ? { payload } : {}) });

/** Real ids of each kind, from the setup. */
const ids = {
  member: '',
  bystander: '',
  branch: '',
  currency: '',
  earnConfig: '',
  statistic: '',
  badge: '',
  segments: [] as string[],
  tracks: [] as string[],
  challenge: '',
  reward: '',
  plan: '',
  product: '',
  category: '',
  endpoints: [] as string[],
  orders: [] as string[],
  imports: [] as string[],
  coupons: [] as string[],
  /** Prepared exports (file ids) per download route, asked for before and after the erasure. */
  files: {} as Record<string, string[]>,
};

/** The member as they were known before the erasure (an integrator may still look them up so). */
const before = { email: '', loyaltyNumber: '' };

const REPORTS = {
  economy: '/api/transactions/economy',
  challenges: '/api/transactions/challenges',
  badges: '/api/transactions/badges',
  'reward-tracks': '/api/transactions/reward-tracks',
  redemptions: '/api/rewards/redemptions',
} as const;
/** Requests an integrator may repeat after the erasure (their stored answers are what the repeat reads). */
const repeats = {
  spend: { id: '', currency: '', amount: 0, reason: '' },
  redemption: { id: '', reward_id: '' },
};
const CUSTOMER_EXPORT = '/api/v2/export/client/loyalty/users';

const addFile = (route: string, fileId: string) => {
  ids.files[route] = [...(ids.files[route] ?? []), fileId];
};

/** Prepares a CSV of each transactions report filtered by the member, and a customer export of everyone. */
const prepareExports = async () => {
  for (const base of Object.values(REPORTS)) {
    // The answer is the file id (spec 3 §7).
    const fileId = ok(await setup.call('POST', `${base}/export`, { filters: { customer_id: ids.member } }));
    addFile(`${base}/files`, fileId);
  }
  addFile(`${CUSTOMER_EXPORT}/files`, ok(await setup.call('POST', CUSTOMER_EXPORT, {})).file_id);
};

beforeAll(async () => {
  setup = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS });
  // The test app's logger is silent whatever its env says: LOG_LEVEL=error in the environment shows a 500's cause.
  if (process.env.LOG_LEVEL) setup.t.ctx.log.level = process.env.LOG_LEVEL;
  const { t, admin, key } = setup;
  receiver = await startReceiver();
  // A second endpoint that fails: its deliveries wait for a retry, with an attempt log.
  failing = await startReceiver([], { statusFor: () => 500 });
  for (const url of [receiver.url, failing.url]) {
    ids.endpoints.push(
      ok(
        await setup.call('POST', '/api/integrations/webhooks', {
          url,
          event_types: [...WEBHOOK_EVENT_TYPES],
        }),
      )._id,
    );
  }

  // The programme: a currency with cashback, XP for a level and a tier track, a badge for logging in, a challenge
  // won by an order, a reward, a subscription plan, a product.
  ids.branch = (await createBranch(t.app, admin, { display_name: `North ${letters(4)}` }))._id;
  const programme = await setUpPrivacyProgramme(setup);
  const { currency } = programme;
  ids.currency = currency._id;
  ids.earnConfig = programme.earnConfig;
  ids.tracks.push(...programme.tracks);
  ids.badge = programme.badge;
  ids.segments = programme.segments;
  ids.challenge = programme.challenge;
  ids.reward = programme.reward;
  ids.plan = programme.plan;
  const category = ok(await setup.call('POST', '/api/product-categories', { name: `Hot ${letters(4)}` }));
  ids.category = category._id;
  ids.product = (await createProduct(t.app, admin, { category_ids: [category._id] }))._id;
  ids.statistic = (ok(await setup.call('GET', '/api/statistics?size=1')) as { _id: string }[])[0]?._id ?? '';
  await t.ctx.engine.drain();

  // The member: added in the console, then edited there (every identifying field), signed up for loyalty.
  const first = { name: word(), surname: word(), email: uniqueEmail(letters(6)), cell: uniqueCell() };
  const now = { name: word(), surname: word(), email: uniqueEmail(letters(6)), cell: uniqueCell() };
  const id = await addCustomer(t.app, admin, {
    name: first.name,
    surname: first.surname,
    email: first.email,
    cell_number: first.cell,
    birthday: '1987-03-14',
  });
  ids.member = id;
  ok(await setup.call('PUT', '/api/v2/update/user', { _id: id, name: now.name }));
  ok(await setup.call('PUT', '/api/v2/update/user', { _id: id, surname: now.surname, email: now.email }));
  ok(await setup.call('PUT', '/api/v2/update/user', { _id: id, cell_number: now.cell }));
  before.email = now.email;
  before.loyaltyNumber = `LOY-${letters(6).toUpperCase()}`;
  ok(
    await asUser('POST', '/api/user/loyalty_sign_up', {
      customer_id: id,
      loyalty_number: before.loyaltyNumber,
      member_card_number: `6${String(Date.now()).slice(-8)}${String(Math.random()).slice(2, 8)}`,
      linked: true,
      member_branch_id: ids.branch,
    }),
  );
  ok(
    await asUser('POST', '/api/v2/add/user/address', {
      user_id: id,
      address: {
        label: 'Home',
        full_address: `12 ${now.surname} Lane, Cape Town`,
        latitude: -33.9,
        longitude: 18.4,
      },
    }),
  );
  ok(
    await asKey('POST', `/api/v1/customers/${id}/payment-methods`, {
      brand: 'VISA',
      last_four: '4242',
      expiry_month: 12,
      expiry_year: 2099,
    }),
  );
  // Orders by the integrator and from the console's session, a basket, a subscription used once.
  ids.orders.push(
    ok(await postOrder(t.app, key, orderBody(id, { method: 'DELIVERY', delivery_fee: 25 })), 201)._id,
  );
  ids.orders.push(
    ok(await postOrder(t.app, admin.clientToken, orderBody(id, { branch_id: ids.branch })), 201)._id,
  );
  ok(
    await postBasket(t.app, key, {
      basket_id: uniqueOrderId('CART'),
      customer: { _id: id },
      type: 'COLLECTION',
      items: [{ sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 }],
    }),
    201,
  );
  ok(await issue(t.app, admin, id, ids.plan));
  ok(await redeem(t.app, key, ids.plan, id), 201);
  // Events the engine processes: a login (badge), an order (cashback, XP, the challenge), one by email whose
  // payload names them, and a bystander's referral naming their email.
  ids.bystander = await addCustomer(t.app, admin, { name: word(), surname: word() });
  await sendAndProcess(t, key, [
    eventFor(id, { type: 'user.logged-in', data: { email: now.email, note: `${now.name} ${now.surname}` } }),
    orderEvent(id, uniqueOrderId('EVT'), [[60, 1]]),
    eventFor('', {
      customer: { email: now.email },
      type: 'user.logged-in',
      data: { customer_name: `${now.name} ${now.surname}`, address: { full_address: 'Somewhere' } },
    }),
    eventFor(ids.bystander, { type: 'referral', data: { referred: now.email } }),
  ]);
  // The wallet: a staff credit and a spend whose reasons name them, a reward redeemed.
  ok(
    await setup.call('POST', `/api/economy/customers/${id}/adjustments`, {
      currency: currency._id,
      direction: 'credit',
      amount: 50,
      reason: `Welcome gift for ${now.name}`,
    }),
  );
  repeats.spend = {
    id: `s-${letters(6)}`,
    currency: currency._id,
    amount: 1,
    reason: `Mug for ${now.name} ${now.surname} (${now.email})`,
  };
  ok(await spend(t.app, key, id, repeats.spend));
  repeats.redemption = { id: `r-${letters(6)}`, reward_id: ids.reward };
  ids.coupons = [
    (
      ok(await asKey('POST', `/api/v1/players/${id}/redemptions`, repeats.redemption), 201) as {
        coupon_code: string;
      }
    ).coupon_code,
  ];

  // An import that changes them (by email), with an error row quoting their email.
  const imported = await runImport(
    setup,
    `email,name,surname,branch\n${now.email},${word()},${now.surname},\n${uniqueEmail()},${word()},${word()},${now.email}\n`,
  );
  expect(imported).toMatchObject({ status: 'completed', updated: 1, failed: 1 });
  ids.imports.push(imported._id);

  // The member's data export, and prepared CSVs: one searching for them (withdrawn by the erasure).
  ok(await setup.call('GET', `/api/customers/${id}/data-export`));
  addFile(
    `${CUSTOMER_EXPORT}/files`,
    ok(await setup.call('POST', CUSTOMER_EXPORT, { search_string: now.email })).file_id,
  );
  await prepareExports();
  await t.ctx.webhooks.drain();
  await t.ctx.engine.drain();

  ok(await setup.call('POST', `/api/customers/${id}/erase`));
  await t.ctx.engine.drain();
  await t.ctx.webhooks.drain();
  await prepareExports();
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await failing?.close();
  await setup?.t.close();
});

type Failure = { method: string; url: string; status: number; body: string };
const failures: Failure[] = [];
const call = async (request: InjectOptions) => {
  const res = await setup.t.app.inject(request);
  if (res.statusCode >= 500)
    failures.push({
      method: String(request.method),
      url: String(request.url),
      status: res.statusCode,
      body: res.body.slice(0, 500),
    });
  return res;
};
const report = (list: Failure[]) =>
  list.map(({ method, url, status, body }) => `${method} ${url} -> ${status} ${body}`).join('\n');

/** Staff routes, whose user_id is a console user's. */
const STAFF_ROUTES = new Set(['/api/v2/client/user/list', '/api/v2/client/user']);

/**
 * The ids a route's path parameters take: the erased member's where the parameter names a customer, else a real
 * id of its kind from the setup (each, where there are several). Every GET route with a path parameter is listed
 * (none is skipped); one that is not (a route added later) is skipped by the walk and fails the test by name.
 * Query-only inputs the walk does not invent: /api/v2/google/placeiddetails gets no place_id (400, no customer in it).
 */
const pathIds = (): Record<string, string[]> => ({
  '/api/branches/:id': [ids.branch],
  '/api/v1/customers/:id': [ids.member],
  '/api/customers/imports/:id': ids.imports,
  '/api/customers/imports/:id/errors': ids.imports,
  '/api/customers/:id/data-export': [ids.member],
  '/api/integrations/webhooks/:id/deliveries': ids.endpoints,
  '/api/statistics/:id': [ids.statistic],
  '/api/badges/:id': [ids.badge],
  '/api/segments/:id/players': ids.segments,
  '/api/reward-tracks/:id': ids.tracks,
  '/api/challenges/:id': [ids.challenge],
  '/api/economy/currencies/:id': [ids.currency],
  '/api/economy/earn-configs/:id': [ids.earnConfig],
  '/api/economy/customers/:customer_id/wallets': [ids.member],
  '/api/economy/customers/:customer_id/transactions': [ids.member],
  '/api/v1/players/:customer_id': [ids.member],
  '/api/v1/players/:customer_id/transactions': [ids.member],
  '/api/v1/players/:customer_id/rewards': [ids.member],
  '/api/products/:id': [ids.product],
  '/api/product-categories/:id': [ids.category],
  '/api/subscriptions/:id': [ids.plan],
  '/api/subscriptions/:id/analytics': [ids.plan],
  '/api/subscriptions/:id/redemptions': [ids.plan],
  '/api/subscriptions/:id/subscribers': [ids.plan],
  '/api/orders/:id': ids.orders,
  '/api/rewards/:id': [ids.reward],
  '/api/customers/:customer_id/redemptions': [ids.member],
  '/api/v1/coupons/:code': ids.coupons,
});

/** The query fields of a route's contract. */
const queryKeys = (route: { endpoint?: { query?: unknown } }) =>
  Object.keys((route.endpoint?.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/**
 * The query strings to try on a route: none; the member named in every field that names a customer; searches for
 * the erased member by their pseudonym and (event log, deliveries) by their id; each prepared export.
 */
const queriesFor = (url: string, keys: string[]) => {
  if (keys.includes('file_id')) return (ids.files[url] ?? []).map((fileId) => `?file_id=${fileId}`);
  if (url === '/api/v1/customers')
    return [`?email=${encodeURIComponent(before.email)}`, `?loyalty_number=${before.loyaltyNumber}`];
  const params = new URLSearchParams();
  if (keys.includes('customer_id')) params.set('customer_id', ids.member);
  if (keys.includes('user_id'))
    params.set('user_id', STAFF_ROUTES.has(url) ? setup.admin.userId : ids.member);
  if (keys.includes('_id')) params.set('_id', url === '/api/v2/client' ? setup.admin.clientId : ids.member);
  if (keys.includes('size')) params.set('size', '100');
  const queries = [''];
  if (params.size > 0) queries.push(`?${params}`);
  if (keys.includes('search_string')) {
    for (const search of ['Erased', ids.member]) {
      const searching = new URLSearchParams(params);
      searching.set('search_string', search);
      queries.push(`?${searching}`);
    }
  }
  return queries;
};

describe('after a member with a rich history is erased', () => {
  it('no GET route of the API answers 5xx, as the admin or with the API key', async () => {
    failures.length = 0;
    const routes = apiRoutes(setup.t.app).filter((route) => route.method === 'GET');
    const known = pathIds();
    const unfilled: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const fills = route.url.includes('/:') ? known[route.url] : [''];
      if (!fills || (route.url.includes('/:') && (fills.length === 0 || fills.some((id) => !id)))) {
        unfilled.push(route.url);
        continue;
      }
      // Integration routes take the console's token and the API key alike: both are tried.
      const credentials =
        route.token === 'integration' || route.token === 'apiKey'
          ? [bearer(tokenFor(route, setup.admin)), { 'x-api-key': setup.key }]
          : route.token === 'none'
            ? [{}]
            : [bearer(tokenFor(route, setup.admin))];
      for (const id of fills) {
        const path = route.url.replace(/:(\w+)/g, id);
        for (const query of queriesFor(route.url, queryKeys(route))) {
          for (const headers of credentials) {
            await call({ method: 'GET', url: `${path}${query}`, headers });
            calls += 1;
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(routes.length);
    expect(unfilled, 'GET routes whose path parameters the walk cannot fill: add them to pathIds').toEqual(
      [],
    );
    expect(failures, report(failures)).toEqual([]);
  });

  it('the reads a user opens about the erased member answer, and show them erased', async () => {
    failures.length = 0;
    const id = ids.member;
    const get = (url: string) => call({ method: 'GET', url, headers: bearer(setup.admin.clientToken) });
    const answers: Record<string, Response> = {};
    const read = async (url: string) => {
      answers[url] = await get(url);
      return answers[url];
    };

    const profile = await read(`/api/v2/get/user?_id=${id}`);
    if (profile.statusCode === 200)
      expect(profile.json().content).toMatchObject({ _id: id, status: 'ERASED' });
    await read(`/api/economy/customers/${id}/wallets`);
    await read(`/api/economy/customers/${id}/transactions?page=1&size=50`);
    await read(`/api/economy/customers/${id}/transactions?wallets_only=true`);
    await read(`/api/customers/${id}/redemptions`);
    await read(`/api/v2/user/subscriptions?user_id=${id}`);
    await read(`/api/v2/user/order/list?user_id=${id}`);
    await read(`/api/v2/user/basket/list?user_id=${id}`);
    await read(`/api/v2/user/list/order/summary?user_id=${id}`);
    await read(`/api/v2/user/lifetime/analitycs?user_id=${id}`);
    await read(`/api/integrations/events?search_string=${id}&size=100`);
    await read('/api/v2/order/list?size=100');
    for (const order of ids.orders) await read(`/api/orders/${order}`);
    await read('/api/audit-log?size=100');
    await read('/api/audit-log?entity=customer&size=100');
    for (const endpoint of ids.endpoints) {
      await read(`/api/integrations/webhooks/${endpoint}/deliveries?size=100`);
      await read(`/api/integrations/webhooks/${endpoint}/deliveries?search_string=${id}`);
    }
    for (const base of Object.values(REPORTS)) {
      await read(`${base}?customer_id=${id}&size=100`);
      await read(`${base}/summary?customer_id=${id}`);
      await read(`${base}?size=100`);
      // The CSV flow: asked for now, then downloaded.
      const ready = await call({
        method: 'POST',
        url: `${base}/export`,
        headers: bearer(setup.admin.clientToken),
        payload: { filters: { customer_id: id } },
      });
      answers[`POST ${base}/export`] = ready;
      if (ready.statusCode === 200) await read(`${base}/files?file_id=${ready.json().content}`);
    }
    for (const [credential, headers] of [
      ['key', { 'x-api-key': setup.key }],
      ['session', bearer(setup.admin.clientToken)],
    ] as const) {
      for (const url of [
        `/api/v1/customers/${id}`,
        `/api/v1/players/${id}`,
        `/api/v1/players/${id}/transactions`,
        `/api/v1/players/${id}/rewards`,
      ]) {
        answers[`${url} (${credential})`] = await call({ method: 'GET', url, headers });
      }
    }
    answers.loyalty = await call({
      method: 'GET',
      url: `/api/v2/get/loyalty?customer_id=${id}`,
      headers: bearer(setup.admin.token),
    });
    answers.addresses = await call({
      method: 'GET',
      url: `/api/v2/address/list?user_id=${id}`,
      headers: bearer(setup.admin.token),
    });

    // What else reads what the erasure rewrote: an integrator's repeated spend and redemption (their stored
    // answers), and a resend of a delivery about the member (its scrubbed body).
    const replayed = {
      spend: await call({
        method: 'POST',
        url: `/api/v1/players/${id}/spend`,
        headers: { 'x-api-key': setup.key },
        payload: repeats.spend,
      }),
      redemption: await call({
        method: 'POST',
        url: `/api/v1/players/${id}/redemptions`,
        headers: { 'x-api-key': setup.key },
        payload: repeats.redemption,
      }),
    };
    const deliveries = ok(
      await get(`/api/integrations/webhooks/${ids.endpoints[0]}/deliveries?search_string=${id}`),
    ) as { _id: string; customer_id: string | null }[];
    const delivery = deliveries.find((row) => row.customer_id === id);
    expect(delivery).toBeDefined();
    answers.resend = await call({
      method: 'POST',
      url: `/api/integrations/webhook-deliveries/${delivery?._id}/resend`,
      headers: bearer(setup.admin.clientToken),
    });

    expect(failures, report(failures)).toEqual([]);
    for (const [what, res] of Object.entries(replayed))
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
    // Each of these is a page the console opens about a member it lists: all answer.
    const refused = Object.entries(answers)
      .filter(([, res]) => res.statusCode !== 200)
      .map(([url, res]) => `${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
    expect(refused).toEqual([]);
    // The audit log lists the erasure.
    const audit = answers['/api/audit-log?entity=customer&size=100']?.json().content as {
      action: string;
      entity_id: string;
    }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'customer.erased', entity_id: id }));
  });
});
