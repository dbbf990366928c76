import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  branchBody,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
});
afterAll(() => t.close());

const post = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/branches', headers: bearer(token), payload });

describe('POST /api/branches', () => {
  it("creates a branch with the entity's defaults and returns money as decimals", async () => {
    const res = await post(admin.clientToken, {
      display_name: 'Sea Point',
      banking_details: {
        account_number: '62000000000',
        account_type: 'CHEQUE',
        branch_code: '250655',
        name: 'FNB',
      },
      vat_number: '4000000001',
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'BASE-RADIUS',
        base_delivery_radius: 3,
        delivery_fee_per_km: 7.5,
        delivery_fee: 20,
      },
    });
    expect(res.statusCode).toBe(200);
    const branch = res.json().content;
    expect(branch).toMatchObject({
      display_name: 'Sea Point',
      franchise: true,
      offline: true,
      vat_registered: true,
      country_code: '+27',
      country_code_extension: 'ZA',
      stock_replacement: { replace_by_default: true },
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'BASE-RADIUS',
        base_delivery_radius: 3,
        delivery_fee_per_km: 7.5,
        delivery_fee: 20,
      },
    });
    expect(branch.trading_times).toHaveLength(8);
    expect(branch.trading_times[0]).toEqual({ day: 0, from: '06:00', to: '06:00', closed: false, status: 1 });
    expect(branch.trading_times[7].day).toBe(7);
  });

  it.each([
    ['display name', { display_name: '' }, 'display name is required'],
    [
      'banking details when franchise',
      { franchise: true, banking_details: null },
      'banking details is required',
    ],
    ['vat number when VAT registered', { vat_registered: true, vat_number: '' }, 'vat number is required'],
    [
      'FLAT-FEE fields',
      { delivery_settings: { delivery: true, delivery_fee_type: 'FLAT-FEE', delivery_fee: 10 } },
      'max delivery radius is required',
    ],
    [
      'BASE-RADIUS fields',
      {
        delivery_settings: {
          delivery: true,
          delivery_fee_type: 'BASE-RADIUS',
          base_delivery_radius: 2,
          delivery_fee: 10,
        },
      },
      'delivery fee per km is required',
    ],
    [
      'MULTI-RADII fields',
      { delivery_settings: { delivery: true, delivery_fee_type: 'MULTI-RADII', delivery_radii: [] } },
      'delivery radii is required',
    ],
    ['email', { email: 'shop-at-example' }, 'email must be a valid email address'],
    ['contact number', { contact_number: '021555' }, 'contact number must be a 10-digit phone number'],
  ])('%s -> 400 %s', async (_name, change, message) => {
    const res = await post(admin.clientToken, branchBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('delivery off needs no fee fields; MULTI-RADII keeps its radii', async () => {
    expect(
      (await post(admin.clientToken, branchBody({ delivery_settings: { delivery: false } }))).statusCode,
    ).toBe(200);
    const radii = await post(
      admin.clientToken,
      branchBody({
        delivery_settings: {
          delivery: true,
          delivery_fee_type: 'MULTI-RADII',
          delivery_radii: [
            { radius: 2, fee: 15 },
            { radius: 5, fee: 30.5 },
          ],
        },
      }),
    );
    expect(radii.json().content.delivery_settings.delivery_radii).toEqual([
      { radius: 2, fee: 15 },
      { radius: 5, fee: 30.5 },
    ]);
  });
});

describe('PUT /api/branches/:id', () => {
  it('edits a branch and the audit log records what changed', async () => {
    const branch = await createBranch(t.app, admin, { display_name: 'Old Name' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/branches/${branch._id}`,
      headers: bearer(admin.clientToken),
      payload: branchBody({ display_name: 'New Name' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.display_name).toBe('New Name');
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/audit-log?entity=branch',
      headers: bearer(admin.clientToken),
    });
    const entry = log
      .json()
      .content.find(
        (e: { action: string; entity_id: string }) =>
          e.action === 'branch.updated' && e.entity_id === branch._id,
      );
    expect(entry.changes.display_name).toEqual({ from: 'Old Name', to: 'New Name' });
  });
});

describe('delivery numbers take JSON numbers only', () => {
  const flatFee = (change: Record<string, unknown>) =>
    branchBody({
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'FLAT-FEE',
        max_delivery_radius: 5,
        delivery_fee: 25,
        ...change,
      },
    });
  const radii = (radius: unknown) =>
    branchBody({
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'MULTI-RADII',
        delivery_radii: [{ radius, fee: 15 }],
      },
    });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ...[[5], true, '12', {}].flatMap((value): [string, Record<string, unknown>, string, string][] => [
      [
        `max_delivery_radius ${JSON.stringify(value)}`,
        flatFee({ max_delivery_radius: value }),
        'delivery_settings.max_delivery_radius',
        'max delivery radius must be a number',
      ],
      [
        `delivery_fee ${JSON.stringify(value)}`,
        flatFee({ delivery_fee: value }),
        'delivery_settings.delivery_fee',
        'delivery fee must be a number',
      ],
    ]),
    ['a radius of null', radii(null), 'delivery_settings.delivery_radii.0.radius', 'radius must be a number'],
    ['a radius of "2"', radii('2'), 'delivery_settings.delivery_radii.0.radius', 'radius must be a number'],
  ];

  it.each(cases)('%s -> 400 on create and edit; nothing is stored', async (_name, body, field, message) => {
    const branch = await createBranch(t.app, admin);
    const read = () =>
      t.app.inject({ method: 'GET', url: `/api/branches/${branch._id}`, headers: bearer(admin.clientToken) });
    const before = (await read()).json().content;
    const created = await post(admin.clientToken, body);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/branches/${branch._id}`,
      headers: bearer(admin.clientToken),
      payload: body,
    });
    for (const res of [created, edited]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().content.errors).toEqual([{ field, message }]);
    }
    expect((await read()).json().content).toEqual(before);
    const countNamed = async (name: unknown) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/branches?search_string=${encodeURIComponent(String(name))}`,
          headers: bearer(admin.clientToken),
        })
      ).json().content.count;
    expect(await countNamed(body.display_name)).toBe(0);
    expect(await countNamed(branch.display_name)).toBe(1);
  });
});

describe('branch lists are scoped', () => {
  it('an admin sees every branch; a manager only their own, whatever they ask for', async () => {
    const owner = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const north = await createBranch(t.app, owner, { display_name: 'North' });
    const south = await createBranch(t.app, owner, { display_name: 'South' });
    const manager = await createStaffAndSignIn(t.app, owner, {
      role: 'BRANCH_MANAGER',
      manager_of: [north._id],
    });

    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/branches',
      headers: bearer(owner.clientToken),
    });
    expect(all.json().content.count).toBe(2);
    const searched = await t.app.inject({
      method: 'POST',
      url: '/api/v2/get/branches',
      headers: bearer(owner.clientToken),
      payload: { search_string: 'sou', page: 1, size: 5 },
    });
    expect(searched.json().content.branch_list.map((b: { _id: string }) => b._id)).toEqual([south._id]);

    for (const request of [
      { method: 'GET' as const, url: '/api/v2/client/branches' },
      {
        method: 'POST' as const,
        url: '/api/v2/client/filtered/branch/list',
        payload: { branch_id_list: [south._id, north._id] },
      },
      { method: 'POST' as const, url: '/api/v2/get/branches', payload: {} },
    ]) {
      const res = await t.app.inject({ ...request, headers: bearer(manager.clientToken) });
      expect(res.statusCode).toBe(200);
      expect(res.json().content.branch_list.map((b: { _id: string }) => b._id)).toEqual([north._id]);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/branches/${north._id}`,
      headers: bearer(manager.clientToken),
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/branches/${south._id}`,
      headers: bearer(manager.clientToken),
    });
    expect(other.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/branches/${north._id}`,
      headers: bearer(manager.clientToken),
      payload: branchBody(),
    });
    expect(write.statusCode).toBe(403);
  });
});
