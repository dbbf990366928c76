import { DASHBOARD_PAGE_MESSAGES, type TPointsLiability } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { addCustomer, bearer, createStaffAndSignIn, type SignedIn } from '../../../test/factories';
import { createClientApp } from '../../../test/test-app';
import { newId } from '../../db/ids';

let setup: Awaited<ReturnType<typeof createClientApp<'North' | 'South'>>>;
let coins: string;

const READ = { read: true, create: false, update: false, delete: false };

/** A customer of that home branch (none: no branch) holding `balance` coins. */
const member = async (branch: string | null, balance: number) => {
  const id = await addCustomer(setup.t.app, setup.admin, branch ? { member_branch_id: branch } : {});
  const res = await setup.call('POST', `/api/economy/customers/${id}/adjustments`, {
    currency: coins,
    direction: 'credit',
    amount: balance,
    reason: 'Opening',
  });
  expect(res.statusCode, res.body).toBe(200);
};

const liabilityOf = async (session: SignedIn, query = '') => {
  const res = await setup.t.app.inject({
    method: 'GET',
    url: `/api/economy/liability${query}`,
    headers: bearer(session.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().content as TPointsLiability[]).map((row) => [row.outstanding, row.holders]);
};

/** North: two members holding 100 and 50; South: one holding 30; one member of no branch holding 7. */
beforeAll(async () => {
  setup = await createClientApp('GROWTH', { branches: ['North', 'South'] });
  coins = (await createCurrency(setup.t.app, setup.admin, { name: 'Coins' }))._id;
  await member(setup.branchIds.North, 100);
  await member(setup.branchIds.North, 50);
  await member(setup.branchIds.South, 30);
  await member(null, 7);
});
afterAll(() => setup.t.close());

const managerOfSouth = () =>
  createStaffAndSignIn(setup.t.app, setup.admin, {
    role: 'BRANCH_MANAGER',
    manager_of: [setup.branchIds.South],
    user_permissions: { ECONOMICS: READ },
  });

describe("the dashboard's points liability by branch", () => {
  it('sums every wallet for all branches, and only the branch’s members for one', async () => {
    expect(await liabilityOf(setup.admin)).toEqual([[187, 4]]);
    expect(await liabilityOf(setup.admin, `?branch_id=${setup.branchIds.North}`)).toEqual([[150, 2]]);
    expect(await liabilityOf(setup.admin, `?branch_id=${setup.branchIds.South}`)).toEqual([[30, 1]]);
  });

  it("shows a branch manager only their branches' members", async () => {
    const manager = await managerOfSouth();
    expect(await liabilityOf(manager)).toEqual([[30, 1]]);
    expect(await liabilityOf(manager, `?branch_id=${setup.branchIds.South}`)).toEqual([[30, 1]]);
  });
});

describe("the points liability refuses a branch as the dashboard's figures do", () => {
  it('refuses a branch id that is not an id', async () => {
    const res = await setup.call('GET', '/api/economy/liability?branch_id=north');
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for a branch the client does not have, with the dashboard’s message, not zeros', async () => {
    const unknown = newId();
    const [liability, dashboard] = await Promise.all([
      setup.call('GET', `/api/economy/liability?branch_id=${unknown}`),
      setup.call('GET', `/api/dashboard?branch_id=${unknown}`),
    ]);
    expect(dashboard.statusCode).toBe(400);
    expect(liability.statusCode, liability.body).toBe(400);
    expect(liability.json()).toMatchObject({
      success: false,
      message: DASHBOARD_PAGE_MESSAGES.unknownBranch,
      content: { errors: [{ field: 'branch_id', message: DASHBOARD_PAGE_MESSAGES.unknownBranch }] },
    });
    expect(liability.json().message).toBe(dashboard.json().message);
  });

  it('answers a branch manager naming a branch not theirs 403, as the dashboard does', async () => {
    const manager = await managerOfSouth();
    for (const branch of [setup.branchIds.North, newId()]) {
      const res = await setup.t.app.inject({
        method: 'GET',
        url: `/api/economy/liability?branch_id=${branch}`,
        headers: bearer(manager.clientToken),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(DASHBOARD_PAGE_MESSAGES.branchNotYours);
    }
  });
});
