import path from 'node:path';
import {
  API_ERROR_MESSAGES,
  areasGranting,
  FEATURE_AREAS,
  PERMISSION_ACTIONS,
  type TFeatureArea,
  type TPermission,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge } from '../../../test/challenge-helpers';
import { createCurrency } from '../../../test/economy-helpers';
import { createSegment } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import {
  apiRoutes,
  malformedMultipartRequests,
  multipartRoutes,
  requestFor,
  storedState,
  tokenFor,
  wrongTokenFor,
} from '../../../test/route-walk';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type SessionTokenKind, SIGN_IN_FIELDS } from './tokens';

/** Routes anyone may call. A new public route must be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/branding',
  'GET /api/v2/terms-and-conditions',
  'GET /api/v2/google/autocomplete',
  'GET /api/v2/google/placeiddetails',
  'POST /api/v2/client-user/signin',
  'POST /api/v2/client-user/signin/mfa',
  'POST /api/v2/client-user/signin/mfa/setup',
  'POST /api/v2/client-user/signin/mfa/enrol',
  'POST /api/v2/client-user/forgot-password',
  'POST /api/v2/client-user/reset-password',
  'POST /api/v2/self-onboard/create/client',
  'POST /api/billing/stripe/webhook',
].sort();

const RANDOM_ID = 'f'.repeat(24);
/** Every flag but the given ones (`AREA:action`). */
const allFlags = (...except: string[]) =>
  Object.fromEntries(
    FEATURE_AREAS.map((area) => [
      area,
      Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, !except.includes(`${area}:${action}`)])),
    ]),
  );

let t: TestApp;
let admin: SignedIn;
let branchId: string;

beforeAll(async () => {
  // Every refused request counts against the address's rate limit: the walk refuses hundreds from one.
  t = await createTestApp({
    env: { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_TOKEN_PER_MINUTE: '1000000' },
  });
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  branchId = (await createBranch(t.app, admin))._id;
});
afterAll(() => t.close());

/** The user without a route's flag: routes open to other areas too are refused only without those areas' flags. */
const withoutKey = (route: { permission?: string; endpoint?: { openTo?: readonly string[] } }) =>
  `without:${route.permission}:${[...(route.endpoint?.openTo ?? [])].sort().join(',')}`;

/** An area manager of the test's branch with these flags. */
const staff = (permissions: Record<string, unknown>) =>
  createStaffAndSignIn(t.app, admin, { manager_of: [branchId], user_permissions: permissions });

const denied = [401, 402, 403];

describe('every API route declares a permission, and the server enforces it', () => {
  it('the public routes are exactly the intended ones', () => {
    const publicRoutes = apiRoutes(t.app)
      .filter((route) => route.permission === 'PUBLIC')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual(PUBLIC_ROUTES);
  });

  it('walks every signed-in route: no token or a token of the wrong kind -> 401', async () => {
    const routes = apiRoutes(t.app).filter((route) => route.permission !== 'PUBLIC');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const anonymous = await t.app.inject(requestFor(route, RANDOM_ID));
      expect(anonymous.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      const wrongKind = await t.app.inject(requestFor(route, RANDOM_ID, wrongTokenFor(route, admin)));
      expect(wrongKind.statusCode, `${route.method} ${route.url} with the wrong token kind`).toBe(401);
      // A live token of another kind is named, not called expired: the caller learns which token the route takes.
      const wanted = (route.token === 'integration' ? 'client' : route.token) as SessionTokenKind;
      if (wanted in SIGN_IN_FIELDS && route.permission !== 'OPERATOR') {
        const given = wanted === 'client' ? 'token' : 'client_token';
        expect(wrongKind.json().message, `${route.method} ${route.url}`).toBe(
          API_ERROR_MESSAGES.wrongToken(SIGN_IN_FIELDS[wanted], given),
        );
      }
    }
  });

  // Two users per flag and two requests per route: it grows with every area, like the tenant walk below.
  it('walks every route: with the needed flag it passes the guard, without it -> 403', async () => {
    const routes = apiRoutes(t.app).filter(
      (route) => route.permission !== 'PUBLIC' && route.token !== 'apiKey',
    );
    // The users first, side by side: their password hashes (argon2, off the main thread) then overlap.
    const users = new Map<string, Record<string, unknown>>([
      ['none', {}],
      ['all', allFlags()],
    ]);
    for (const route of routes) {
      const permission = route.permission as Exclude<TPermission, 'PUBLIC'>;
      if (permission === 'SIGNED_IN' || permission === 'ADMIN') continue;
      const [area, action] = permission.split(':') as [TFeatureArea, string];
      // Without the flag means without every flag that gives it: the area's umbrella and the parts it is open to.
      const granting = [area, ...(route.endpoint?.openTo ?? [])].flatMap(areasGranting);
      users.set(withoutKey(route), allFlags(...granting.map((granted) => `${granted}:${action}`)));
      users.set(`only:${permission}`, { [area]: { [action]: true } });
    }
    const sessions = new Map(
      await Promise.all(
        [...users].map(async ([key, permissions]) => [key, await staff(permissions)] as const),
      ),
    );
    const userFor = (key: string) => sessions.get(key) as SignedIn;

    for (const route of routes) {
      const permission = route.permission as Exclude<TPermission, 'PUBLIC'>;
      const label = `${route.method} ${route.url} (${permission})`;
      if (permission === 'SIGNED_IN') {
        const nobody = userFor('none');
        const res = await t.app.inject(requestFor(route, RANDOM_ID, tokenFor(route, nobody)));
        expect(denied, `${label} for a user without flags`).not.toContain(res.statusCode);
        continue;
      }
      if (permission === 'ADMIN') {
        const manager = userFor('all');
        const refused = await t.app.inject(requestFor(route, RANDOM_ID, tokenFor(route, manager)));
        expect(refused.statusCode, `${label} for a manager with every flag`).toBe(403);
        const allowed = await t.app.inject(requestFor(route, RANDOM_ID, tokenFor(route, admin)));
        expect(denied, `${label} for an admin`).not.toContain(allowed.statusCode);
        continue;
      }
      const without = userFor(withoutKey(route));
      const refused = await t.app.inject(requestFor(route, RANDOM_ID, tokenFor(route, without)));
      expect(refused.statusCode, `${label} without the flag`).toBe(403);
      const only = userFor(`only:${permission}`);
      const allowed = await t.app.inject(requestFor(route, RANDOM_ID, tokenFor(route, only)));
      expect(denied, `${label} with only that flag`).not.toContain(allowed.statusCode);
    }
  }, 120_000);
});

describe('routes that take multipart uploads', () => {
  it('answer a body no parser can read with 400 and the envelope, and keep nothing of it', async () => {
    const routes = multipartRoutes(t.app);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain('POST /api/upload/upload');
    const mediaDir = path.join(t.ctx.config.dataDir, 'media');
    const before = await storedState(t.ctx.database, mediaDir);
    expect(Object.keys(before.rows).length).toBeGreaterThan(10);
    for (const route of routes) {
      // The admin holds every permission: the guard lets the request through to the body.
      for (const { what, request } of malformedMultipartRequests(route, tokenFor(route, admin))) {
        const res = await t.app.inject(request);
        const label = `${route.method} ${route.url} with ${what}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json(), label).toMatchObject({ success: false, message: expect.any(String) });
        expect(res.json().message, label).toMatch(/^Malformed multipart body: |^Please choose a/);
      }
    }
    expect(await storedState(t.ctx.database, mediaDir)).toEqual(before);
  });
});

describe('routes for API keys', () => {
  it('take a live key: none, a session token (key-only routes) or a revoked key -> 401', async () => {
    const routes = apiRoutes(t.app).filter(
      (route) => route.token === 'apiKey' || route.token === 'integration',
    );
    expect(routes.length).toBeGreaterThan(0);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers: bearer(admin.clientToken),
      payload: { name: 'walk' },
    });
    const { key, _id } = created.json().content;
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      expect((await t.app.inject(requestFor(route, RANDOM_ID))).statusCode, label).toBe(401);
      if (route.token === 'apiKey') {
        expect((await t.app.inject(requestFor(route, RANDOM_ID, admin.clientToken))).statusCode, label).toBe(
          401,
        );
      }
      expect((await t.app.inject(requestFor(route, RANDOM_ID, admin.token))).statusCode, label).toBe(401);
      expect(denied, label).not.toContain((await t.app.inject(requestFor(route, RANDOM_ID, key))).statusCode);
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/api/integrations/api-keys/${_id}`,
      headers: bearer(admin.clientToken),
    });
    for (const route of routes) {
      expect((await t.app.inject(requestFor(route, RANDOM_ID, key))).statusCode).toBe(401);
    }
  });
});

describe('tenant isolation', () => {
  it("client A's tokens against client B's ids on every route: nothing of B leaks or changes", async () => {
    const b = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const bBranch = await createBranch(t.app, b, { display_name: 'Zz Tenant B Secret Branch' });
    const bStaff = await createStaffAndSignIn(t.app, b, {
      manager_of: [bBranch._id],
      name: 'Zz Tenant B Secret Person',
    });
    const bTrack = await t.app.inject({
      method: 'POST',
      url: '/api/reward-tracks',
      headers: bearer(b.clientToken),
      payload: {
        name: 'Zz Tenant B Secret Track',
        reward_track_type: 'LEVEL_PROGRESSION',
        milestones: [
          {
            name: 'One',
            colour: '#d2a023',
            source_value: 10,
            target_value: 1,
            image_url: 'https://x.test/1.png',
          },
        ],
      },
    });
    const bTrackId = bTrack.json().content._id as string;
    const bCurrency = await createCurrency(t.app, b, {
      type: 'custom',
      name: 'Zz Tenant B Secret Coin',
      code: 'ZZB',
    });
    const bCustomer = await addCustomer(t.app, b, { name: 'Zz Tenant B Secret Customer' });
    const bChallenge = await createChallenge(t.app, b, { title: 'Zz Tenant B Secret Challenge' });
    const bSegment = await createSegment(t.app, b, {
      name: 'Zz Tenant B Secret Segment',
      filters: [],
      actions: [],
    });
    const bIds = [
      b.clientId,
      b.userId,
      bBranch._id,
      bStaff.userId,
      bTrackId,
      bCurrency._id,
      bCustomer,
      bChallenge._id,
      bSegment._id,
    ];
    const secrets = [...bIds, 'Tenant B Secret'];

    // A route that takes one branch id in the query (before the walk spends the rate limit): B's is unknown to A.
    const dashboard = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard?branch_id=${bBranch._id}`,
      headers: bearer(admin.clientToken),
    });
    expect(dashboard.statusCode, dashboard.body).toBe(400);
    for (const secret of secrets) expect(dashboard.body).not.toContain(secret);

    const routes = apiRoutes(t.app).filter((route) => route.permission !== 'PUBLIC');
    for (const route of routes) {
      for (const id of bIds) {
        const res = await t.app.inject(requestFor(route, id, tokenFor(route, admin)));
        const label = `${route.method} ${route.url} with B's id ${id}`;
        expect(res.statusCode, label).not.toBe(500);
        for (const secret of secrets) expect(res.body, label).not.toContain(secret);
      }
    }

    const challenge = await t.app.inject({
      method: 'GET',
      url: `/api/challenges/${bChallenge._id}`,
      headers: bearer(b.clientToken),
    });
    expect(challenge.json().content).toMatchObject({ title: 'Zz Tenant B Secret Challenge', segments: [] });
    const branch = await t.app.inject({
      method: 'GET',
      url: `/api/branches/${bBranch._id}`,
      headers: bearer(b.clientToken),
    });
    expect(branch.json().content.display_name).toBe('Zz Tenant B Secret Branch');
    const user = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client/user?user_id=${bStaff.userId}`,
      headers: bearer(b.clientToken),
    });
    expect(user.json().content.user_list[0]).toMatchObject({
      name: 'Zz Tenant B Secret Person',
      status: 'ACTIVE',
    });
    const track = await t.app.inject({
      method: 'GET',
      url: `/api/reward-tracks/${bTrackId}`,
      headers: bearer(b.clientToken),
    });
    expect(track.json().content).toMatchObject({ name: 'Zz Tenant B Secret Track', milestone_count: 1 });
    // Every route times every id of B: slow on a loaded machine, so it gets more than the default 30 s.
  }, 120_000);
});
