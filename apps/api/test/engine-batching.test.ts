import type { TPlayer } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/raw-sql';
import { createCurrency, createEarnConfig, orderEvent, segmentId, statusEvent } from './economy-helpers';
import { createBadge, createSegment, playerOf, rule, sendAndProcess } from './engine-helpers';
import { addCustomer, bearer, eventFor, type SignedIn } from './factories';
import { createClientApp, type TestApp } from './test-app';

/**
 * DESIGN §5: events are processed in order per player, each through every step. Whatever the worker's batches
 * happen to hold, the same events leave a player in the same state.
 */
let t: TestApp;
let admin: SignedIn;
let key: string;
let bigSpender: string;

const milestones = (sources: number[]) =>
  sources.map((source_value, index) => ({
    name: `milestone ${index + 1}`,
    colour: '#d2a023',
    source_value,
    target_value: index + 1,
    image_url: `https://cdn.example.com/${index}.png`,
  }));

beforeAll(async () => {
  ({ t, admin, key } = await createClientApp('GROWTH'));
  const everyone = await segmentId(t.app, admin);
  const currency = (await createCurrency(t.app, admin))._id;
  // 1 XP and 0.05 of the currency per R1 spent.
  await createEarnConfig(t.app, admin, {
    type: 'Statistic',
    trigger_value: 1,
    earn_amount: 1,
    segment_id: everyone,
  });
  await createEarnConfig(t.app, admin, {
    type: 'Currency',
    trigger_value: 100,
    earn_amount: 5,
    segment_id: everyone,
    earn_target: currency,
  });
  for (const [name, type, sources] of [
    ['Levels', 'LEVEL_PROGRESSION', [100, 300, 600, 1000]],
    ['Tiers', 'TIER_PROGRESSION', [1, 2, 3, 4]],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reward-tracks',
      headers: bearer(admin.clientToken),
      payload: { name, reward_track_type: type, milestones: milestones([...sources]) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const badge = await createBadge(t.app, admin, { name: 'Big Spender' });
  bigSpender = badge._id;
  await createSegment(t.app, admin, {
    name: 'Big Spenders',
    filters: [rule('totalOrderValue', 'GreaterThanOrEqual', 500)],
    actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 1 }],
  });
});
afterAll(() => t.close());

/** What a player holds: the app's view and every ledger, without ids and times. */
const stateOf = async (customerId: string) => {
  const player: TPlayer = await playerOf(t.app, key, customerId);
  const ledger = (table: string, columns: string) =>
    rowsOf<Record<string, unknown>>(
      t.ctx.database.db,
      sql.raw(`SELECT ${columns} FROM ${table} WHERE customer_id = '${customerId}' ORDER BY ${columns}`),
    );
  return {
    statistics: player.statistics,
    segments: [...player.segments].sort(),
    badges: player.badges.map((badge) => ({ id: badge._id, quantity: badge.quantity })),
    wallets: player.wallets.map((wallet) => wallet.balance),
    tracks: await ledger('reward_track_transactions', 'reward_track_name, milestone_index, cycle, status'),
    economy: await ledger('economy_transactions', 'transaction_type, value::text'),
    badgeGrants: await ledger('badge_transactions', 'badge_id, quantity'),
  };
};

/** A big order that is refunded, then another over the segment's line: the same story for each player. */
const story = (customerId: string) => [
  orderEvent(customerId, `big-${customerId}`, [[1300, 1]], 10),
  statusEvent(customerId, `big-${customerId}`, 'REFUNDED', 9),
  orderEvent(customerId, `again-${customerId}`, [[600, 1]], 8),
];

describe('one event at a time or many in one batch', () => {
  it('leaves the player in the same state: every milestone, segment entry and badge of the events in between', async () => {
    const alone = await addCustomer(t.app, admin);
    for (const event of story(alone)) await sendAndProcess(t, key, [event]);
    const together = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, story(together));

    const expected = await stateOf(alone);
    // One at a time: the refund took the XP and the segment away, the second order brought the segment back.
    expect(expected.badges).toEqual([{ id: bigSpender, quantity: 2 }]);
    expect(expected.tracks).toHaveLength(8);
    expect(expected.statistics).toMatchObject({ totalOrderValue: 600, xp: 600 });
    expect(expected.segments).toContain('Big Spenders');
    expect(await stateOf(together)).toEqual(expected);
  });
});

describe('arrival order', () => {
  it('a batch is processed in request order, whatever its ids: of two orders with one id, the first sent counts', async () => {
    const customer = await addCustomer(t.app, admin);
    // The fillers come from forty members: one member's 997 events would run one at a time (in order), slowly.
    const others: string[] = [];
    for (let n = 0; n < 40; n += 1) others.push(await addCustomer(t.app, admin));
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const first = eventFor(customer, {
      id: 'z-first',
      type: 'order.created',
      occurred_at: at(20),
      data: { order_id: `shared-${customer}`, total: 10 },
    });
    const fillers = Array.from({ length: 997 }, (_, index) =>
      eventFor(others[index % others.length] ?? '', {
        id: `m-${String(index).padStart(4, '0')}`,
        occurred_at: at(10),
      }),
    );
    const last = eventFor(customer, {
      id: 'a-last',
      type: 'order.created',
      occurred_at: at(5),
      data: { order_id: `shared-${customer}`, total: 20 },
    });
    await sendAndProcess(t, key, [first, ...fillers, last]);
    expect((await playerOf(t.app, key, customer)).statistics).toMatchObject({ totalOrderValue: 10 });
    const log = await rowsOf<{ external_id: string; status: string }>(
      t.ctx.database.db,
      sql`SELECT external_id, status FROM events WHERE customer_id = ${customer} ORDER BY seq`,
    );
    expect(log).toEqual([
      { external_id: 'z-first', status: 'processed' },
      { external_id: 'a-last', status: 'duplicate' },
    ]);
  });
});
