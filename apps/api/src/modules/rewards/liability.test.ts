import type { TPointsLiability } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { addCustomer, bearer, createStaffAndSignIn, type SignedIn } from '../../../test/factories';
import { createClientApp } from '../../../test/test-app';

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

describe("the dashboard's points liability by branch", () => {
  it('sums every wallet for all branches, and only the branch’s members for one', async () => {
    expect(await liabilityOf(setup.admin)).toEqual([[187, 4]]);
    expect(await liabilityOf(setup.admin, `?branch_id=${setup.branchIds.North}`)).toEqual([[150, 2]]);
    expect(await liabilityOf(setup.admin, `?branch_id=${setup.branchIds.South}`)).toEqual([[30, 1]]);
  });

  it("shows a branch manager only their branches' members, whatever they ask for", async () => {
    const manager = await createStaffAndSignIn(setup.t.app, setup.admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [setup.branchIds.South],
      user_permissions: { ECONOMICS: READ },
    });
    expect(await liabilityOf(manager)).toEqual([[30, 1]]);
    expect(await liabilityOf(manager, `?branch_id=${setup.branchIds.South}`)).toEqual([[30, 1]]);
    expect(await liabilityOf(manager, `?branch_id=${setup.branchIds.North}`)).toEqual([[0, 0]]);
  });

  it('refuses a branch id that is not an id', async () => {
    const res = await setup.call('GET', '/api/economy/liability?branch_id=north');
    expect(res.statusCode).toBe(400);
  });
});
