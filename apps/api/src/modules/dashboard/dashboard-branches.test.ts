import type { TDashboard } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, linkChallenge, objective } from '../../../test/challenge-helpers';
import { statusEvent } from '../../../test/economy-helpers';
import { createBadge, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  eventFor,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rebuildDashboard } from '../../engine';

/**
 * Which branch each figure counts at: the event's (an order's: the order's), else the member's home branch, the
 * branch their ledger rows (cashback, completions, badges) get; so one branch's figures agree with each other.
 */
let t: TestApp;
let admin: SignedIn;
let key: string;
let north: string;
let south: string;

const dashboard = async (branchId?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard?period=30${branchId ? `&branch_id=${branchId}` : ''}`,
    headers: bearer(admin.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as TDashboard;
};

/** Each figure's value this period. */
const valuesOf = (answer: TDashboard) =>
  Object.fromEntries(Object.entries(answer.figures).map(([name, figure]) => [name, figure.value]));

const order = (customer: string, id: string, total: number, branchId?: string) =>
  eventFor(customer, {
    id: `created-${id}`,
    type: 'order.created',
    ...(branchId ? { branch_id: branchId } : {}),
    data: { order_id: id, total, items: [{ price: total, quantity: 1 }] },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  key = (await createApiKey(t.app, admin)).key;
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  south = (await createBranch(t.app, admin, { display_name: 'South' }))._id;
  // An order of R200 or more completes it once per player and grants a badge.
  const badge = await createBadge(t.app, admin, { name: 'Big Spender' });
  const challenge = await createChallenge(t.app, admin, {
    objectives: [objective({ event_type: 'orderValue', trigger: { trigger_quantity: 200 }, rewards: [] })],
    rewards: [{ type: 'badges', value: badge._id }],
  });
  await linkChallenge(t.app, admin, challenge._id);

  const member = await addCustomer(t.app, admin, { name: 'Thandi', member_branch_id: north });
  const visitor = await addCustomer(t.app, admin, { name: 'Sipho', member_branch_id: south });
  const homeless = await addCustomer(t.app, admin, { name: 'Lerato' });
  await sendAndProcess(t, key, [
    // Sent without a branch (the app, the web shop): it counts at Thandi's home branch.
    order(member, 'online', 250),
    eventFor(member, { type: 'user.logged-in' }),
    // Sipho, of South, at a North till: it counts at North.
    order(visitor, 'till', 100, north),
    // No branch named and none to fall back on: all branches only.
    order(homeless, 'nowhere', 50),
  ]);
  // A second online order of Thandi's, refunded without a branch: it comes off where it counted.
  await sendAndProcess(t, key, [order(member, 'returned', 40)]);
  await sendAndProcess(t, key, [statusEvent(member, 'returned', 'REFUNDED')]);
}, 120_000);
afterAll(() => t.close());

describe('the tier chart of a business without a tier track', () => {
  it('shows no player under Bronze, nor under any tier, though three were active', async () => {
    for (const answer of [await dashboard(), await dashboard(north)]) {
      expect(answer.figures.monthly_active_users.value).toBeGreaterThan(0);
      expect(answer.tier_weekdays.tiers.map((tier) => [tier.tier, tier.counts])).toEqual(
        ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'].map((tier) => [tier, [0, 0, 0, 0, 0, 0, 0]]),
      );
    }
  });
});

describe('one branch: what happened there, and what its members did without a branch', () => {
  it("counts an order sent without a branch at the member's home branch, with its completion and badge", async () => {
    expect(valuesOf(await dashboard(north))).toEqual({
      // Thandi and Sipho on one day over 30.
      daily_active_users: 0.1,
      monthly_active_users: 2,
      // Thandi's R200 order, as her completion and badge, at North.
      challenges_completed: 1,
      badges_earned: 1,
      // 250 online + 100 at the till; the R40 refunded.
      transaction_revenue: 350,
      paying_players: 2,
    });
  });

  it('leaves South, where none of it happened, at nothing', async () => {
    expect(valuesOf(await dashboard(south))).toEqual({
      daily_active_users: 0,
      monthly_active_users: 0,
      challenges_completed: 0,
      badges_earned: 0,
      transaction_revenue: 0,
      paying_players: 0,
    });
  });

  it('counts in all branches what belongs to none', async () => {
    expect(valuesOf(await dashboard())).toEqual({
      daily_active_users: 0.1,
      monthly_active_users: 3,
      challenges_completed: 1,
      badges_earned: 1,
      transaction_revenue: 400,
      paying_players: 3,
    });
  });

  it('gives the same figures after a rebuild from the event log and the ledgers', async () => {
    const before = [await dashboard(), await dashboard(north), await dashboard(south)];
    expect(await rebuildDashboard(t.ctx.database, admin.clientId)).toBe(true);
    expect([await dashboard(), await dashboard(north), await dashboard(south)]).toEqual(before);
  });
});
