import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createCurrency,
  createEarnConfig,
  ledgerOf,
  orderEvent,
  segmentId,
  spend,
  statusEvent,
} from '../../../test/economy-helpers';
import {
  createSegment,
  createStatistic,
  eventAt,
  playerStatistics,
  rule,
  sendAndProcess,
} from '../../../test/engine-helpers';
import {
  addCustomer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let key: string;
let currency: string;
const EXCLUDED = 'c'.repeat(24);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  key = (await createApiKey(t.app, admin)).key;
  currency = (await createCurrency(t.app, admin, { name: 'Rand back', code: 'RBK' }))._id;
  const everyone = await segmentId(t.app, admin);
  // 5% cashback (5 per 100) for AllPlayers, excluding a category; 1 XP per 10 spent.
  await createEarnConfig(t.app, admin, {
    type: 'Currency',
    trigger_value: 100,
    earn_amount: 5,
    segment_id: everyone,
    earn_target: currency,
    exclude_type: 'category',
    excluded_category_ids: [EXCLUDED],
  });
  await createEarnConfig(t.app, admin, {
    type: 'Statistic',
    trigger_value: 10,
    earn_amount: 1,
    segment_id: everyone,
  });
});
afterAll(() => t.close());

describe('earning on qualifying orders', () => {
  it('pays cashback pro rata on the included lines and XP into the xp statistic, each a ledger row', async () => {
    const player = await addCustomer(t.app, admin);
    // A first order: the player is in no stored segment yet, but AllPlayers takes everyone with activity.
    await sendAndProcess(t, key, [
      orderEvent(player, 'o-earn-1', [
        [100, 2, ['cat-included']],
        [40, 1, [EXCLUDED]],
      ]),
    ]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(10);
    // XP has no exclusions: 240 spent, 1 per 10.
    expect((await playerStatistics(t.app, key, player)).xp).toBe(24);
    const ledger = await ledgerOf(t.app, admin, player);
    expect(
      ledger.map((row) => [
        row.transaction_type,
        row.value,
        row.xp_points_earned,
        row.wallet_balance_post_transaction,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Cashback', 10, 0, 10],
        ['XP Points', 0, 24, null],
      ]),
    );
    expect(ledger.every((row) => row.transaction_id === 'o-earn-1')).toBe(true);
  });

  it('an order replayed (same event id) earns nothing more', async () => {
    const player = await addCustomer(t.app, admin);
    const event = orderEvent(player, 'o-replay', [[50, 1]]);
    await sendAndProcess(t, key, [event]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'x-api-key': key },
      payload: event,
    });
    expect(res.statusCode).toBe(200);
    await t.ctx.engine.drain();
    expect(await balanceOf(t.app, admin, player, currency)).toBe(2.5);
    expect((await ledgerOf(t.app, admin, player)).filter((row) => row.source === 'earn_config')).toHaveLength(
      2,
    );
  });

  it('targets a segment by the membership stored before the event', async () => {
    await createStatistic(t.app, admin, 'visits');
    const regulars = await createSegment(t.app, admin, {
      name: 'Regulars',
      filters: [rule('visits', 'GreaterThan', 2)],
    });
    const vip = (await createCurrency(t.app, admin, { name: 'VIP points', code: 'VIP' }))._id;
    await createEarnConfig(t.app, admin, {
      type: 'Currency',
      trigger_value: 10,
      earn_amount: 1,
      segment_id: regulars._id,
      earn_target: vip,
    });
    const outsider = await addCustomer(t.app, admin);
    const regular = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      eventAt(regular, 30, { type: 'statistic.update', data: { name: 'visits', value: 5 } }),
      eventAt(outsider, 30, { type: 'statistic.update', data: { name: 'visits', value: 1 } }),
    ]);
    await sendAndProcess(t, key, [
      orderEvent(regular, 'o-vip-1', [[30, 1]]),
      orderEvent(outsider, 'o-vip-2', [[30, 1]]),
    ]);
    expect(await balanceOf(t.app, admin, regular, vip)).toBe(3);
    expect(await balanceOf(t.app, admin, outsider, vip)).toBe(0);
  });
});

describe('refunds and cancellations claw back', () => {
  it("books the clawback at the order's branch, not the customer's home branch", async () => {
    const home = (await createBranch(t.app, admin, { display_name: 'Home branch' }))._id;
    const placed = (await createBranch(t.app, admin, { display_name: 'Where it was bought' }))._id;
    const player = await addCustomer(t.app, admin, { member_branch_id: home });
    // Bought at another branch than the member's own; the refund's status change names no branch.
    await sendAndProcess(t, key, [{ ...orderEvent(player, 'o-away', [[200, 1]]), branch_id: placed }]);
    await sendAndProcess(t, key, [statusEvent(player, 'o-away', 'REFUNDED')]);
    const rows = await t.ctx.database.query<{
      transaction_type: string;
      value: string;
      xp: string;
      branch_id: string;
    }>(
      `SELECT transaction_type, value::text, xp_points_earned::text AS xp, branch_id FROM economy_transactions
        WHERE customer_id = $1 ORDER BY created_at, value DESC`,
      [player],
    );
    expect(
      rows.map((row) => [row.transaction_type, Number(row.value), Number(row.xp), row.branch_id]),
    ).toEqual(
      expect.arrayContaining([
        ['Cashback', 10, 0, placed],
        ['Cashback', -10, 0, placed],
        ['XP Points', 0, 20, placed],
        ['XP Points', 0, -20, placed],
      ]),
    );
    expect(rows.every((row) => row.branch_id === placed)).toBe(true);
  });

  it('takes back what the order earned', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [orderEvent(player, 'o-refund', [[200, 1]])]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(10);
    await sendAndProcess(t, key, [statusEvent(player, 'o-refund', 'REFUNDED')]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(0);
    expect((await playerStatistics(t.app, key, player)).xp).toBe(0);
    const clawbacks = (await ledgerOf(t.app, admin, player)).filter((row) => row.source === 'clawback');
    expect(
      clawbacks.map((row) => [row.transaction_type, row.value, row.xp_points_earned, row.shortfall]),
    ).toEqual(
      expect.arrayContaining([
        ['Cashback', -10, 0, 0],
        ['XP Points', 0, -20, 0],
      ]),
    );
  });

  it('never below zero: what was already spent is recorded as the shortfall', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [orderEvent(player, 'o-spent', [[100, 1]])]);
    const spent = await spend(t.app, key, player, { id: 'spend-before-refund', currency, amount: 3 });
    expect(spent.statusCode, spent.body).toBe(200);
    await sendAndProcess(t, key, [statusEvent(player, 'o-spent', 'CANCELLED')]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(0);
    const [clawback] = (await ledgerOf(t.app, admin, player)).filter(
      (row) => row.source === 'clawback' && row.transaction_type === 'Cashback',
    );
    expect(clawback).toMatchObject({ value: -2, shortfall: 3, wallet_balance_post_transaction: 0 });
  });

  it('refunded and recovered in one batch: clawed back once, earned again once', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [orderEvent(player, 'o-back', [[311.02, 1]], 100)]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(15.55);
    await sendAndProcess(t, key, [
      statusEvent(player, 'o-back', 'REFUNDED', 80),
      statusEvent(player, 'o-back', 'FULFILLED', 70),
    ]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(15.55);
    expect((await playerStatistics(t.app, key, player)).xp).toBe(31.1);
    const cashback = (await ledgerOf(t.app, admin, player)).filter(
      (row) => row.transaction_type === 'Cashback',
    );
    expect(cashback.map((row) => [row.source, row.value, row.shortfall])).toEqual([
      ['earn_config', 15.55, 0],
      ['clawback', -15.55, 0],
      ['earn_config', 15.55, 0],
    ]);
  });

  it('an order created and refunded in the same batch nets to zero', async () => {
    const player = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      orderEvent(player, 'o-same', [[60, 1]], 10),
      statusEvent(player, 'o-same', 'REFUNDED', 5),
    ]);
    expect(await balanceOf(t.app, admin, player, currency)).toBe(0);
    const rows = await ledgerOf(t.app, admin, player);
    expect(rows.filter((row) => row.transaction_type === 'Cashback').map((row) => row.value)).toEqual([
      3, -3,
    ]);
  });
});

describe('exclusions by product', () => {
  it("a line naming an excluded product's SKU in another case earns nothing (SKUs are unique regardless of case)", async () => {
    const owner = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    const ownerKey = (await createApiKey(t.app, owner)).key;
    const points = (await createCurrency(t.app, owner, { name: 'Beans', code: 'BNS' }))._id;
    const productId = 'f'.repeat(24);
    await t.ctx.database.query(
      `INSERT INTO products (id, client_id, title, sku, price_minor) VALUES ($1, $2, 'Flat white', 'FLAT-WHITE', 3500)`,
      [productId, owner.clientId],
    );
    await createEarnConfig(t.app, owner, {
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 10,
      segment_id: await segmentId(t.app, owner),
      earn_target: points,
      exclude_type: 'product',
      excluded_product_ids: [productId],
    });
    const player = await addCustomer(t.app, owner);
    const order = orderEvent(player, 'o-sku-case', [[100, 1]]);
    const data = order.data as { items: Record<string, unknown>[] };
    data.items = [
      { price: 35, quantity: 2, sku: 'flat-white' },
      { price: 30, quantity: 1, sku: 'MUFFIN' },
    ];
    (order.data as { total: number }).total = 100;
    await sendAndProcess(t, ownerKey, [order]);
    // 10% of the muffin's R30 only.
    expect(await balanceOf(t.app, owner, player, points)).toBe(3);
  });
});
