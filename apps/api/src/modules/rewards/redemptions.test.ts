import { randomBytes } from 'node:crypto';
import {
  COUPON_CODE_ALPHABET,
  REWARD_MESSAGES as M,
  type TAuditEntry,
  type TReward,
  type TRewardRedemption,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceOf, ledgerOf } from '../../../test/economy-helpers';
import { rewardsTestKit } from './rewards-test-kit';

const { kit, rewardBody, createReward, fundedCustomer, redeem, asKey, uploadCodes } = rewardsTestKit();

describe('the catalogue', () => {
  it('creates a reward and checks the editor rules', async () => {
    const reward = await createReward({ stock: 5, per_customer_limit: 1 });
    expect(reward).toMatchObject({
      type: 'coupon',
      cost: { currency: kit.currency._id, amount: 50 },
      currency: { code: kit.currency.code },
      stock: 5,
      stock_left: 5,
      redeemed: 0,
      status: 'Active',
    });
    const missing = await kit.setup.call('POST', '/api/rewards', rewardBody({ name: '', coupon: null }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().content.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([M.nameRequired, M.couponRequired]),
    );
    const window = await kit.setup.call(
      'POST',
      '/api/rewards',
      rewardBody({ available_from: '2026-12-10T00:00:00Z', available_to: '2026-12-01T00:00:00Z' }),
    );
    expect(window.json().message).toBe(M.windowOrder);
    const list = await kit.setup.call('GET', `/api/rewards?search_string=${encodeURIComponent(reward.name)}`);
    expect(list.json().content.map((r: TReward) => r._id)).toEqual([reward._id]);
  });

  it('never sets the stock below what was redeemed', async () => {
    const reward = await createReward({ stock: 3 });
    const customer = await fundedCustomer(200);
    expect((await redeem(customer, reward._id)).statusCode).toBe(201);
    expect((await redeem(customer, reward._id)).statusCode).toBe(201);
    const res = await kit.setup.call(
      'PUT',
      `/api/rewards/${reward._id}`,
      rewardBody({ name: reward.name, stock: 1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.stockBelowRedeemed(2));
    const fine = await kit.setup.call(
      'PUT',
      `/api/rewards/${reward._id}`,
      rewardBody({ name: reward.name, stock: 2 }),
    );
    expect(fine.json().content).toMatchObject({ stock: 2, stock_left: 0, status: 'Out of stock' });
  });

  it('counts an unlimited reward’s redemptions, and a stock set later counts them too', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(200);
    const answers = await Promise.all([1, 2, 3].map(() => redeem(customer, reward._id)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const cancelled = await asKey('POST', `/api/v1/redemptions/${answers[0]?.json().content._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const shown = await kit.setup.call('GET', `/api/rewards/${reward._id}`);
    expect(shown.json().content).toMatchObject({ stock: null, redeemed: 2, status: 'Active' });

    const below = await kit.setup.call(
      'PUT',
      `/api/rewards/${reward._id}`,
      rewardBody({ name: reward.name, stock: 1 }),
    );
    expect(below.json().message).toBe(M.stockBelowRedeemed(2));
    const limited = await kit.setup.call(
      'PUT',
      `/api/rewards/${reward._id}`,
      rewardBody({ name: reward.name, stock: 3 }),
    );
    expect(limited.json().content).toMatchObject({ stock: 3, redeemed: 2, stock_left: 1 });
    expect((await redeem(customer, reward._id)).statusCode).toBe(201);
    const out = await redeem(customer, reward._id);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe(M.outOfStock);
    // A redemption of the unlimited days cancelled now returns to the stock.
    expect(
      (await asKey('POST', `/api/v1/redemptions/${answers[1]?.json().content._id}/cancel`)).statusCode,
    ).toBe(200);
    const after = await kit.setup.call('GET', `/api/rewards/${reward._id}`);
    expect(after.json().content).toMatchObject({ stock: 3, redeemed: 2, stock_left: 1 });
  });
});

describe('redeeming', () => {
  it('debits the wallet with a Spending row naming the reward, issues a code, and a repeat answers the first', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(120);
    const res = await redeem(customer, reward._id, 'app-redeem-1');
    expect(res.statusCode, res.body).toBe(201);
    const redemption = res.json().content as TRewardRedemption;
    expect(redemption).toMatchObject({ status: 'issued', balance_after: 70, cost: { amount: 50 } });
    expect(redemption.coupon_code).toMatch(new RegExp(`^[${COUPON_CODE_ALPHABET}]{12}$`));
    const again = await redeem(customer, reward._id, 'app-redeem-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().content).toEqual(redemption);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(70);
    const ledger = await ledgerOf(kit.setup.t.app, kit.setup.admin, customer);
    expect(ledger.at(-1)).toMatchObject({
      transaction_type: 'Spending',
      value: -50,
      wallet_balance_post_transaction: 70,
    });
    expect(ledger.at(-1)).toMatchObject({ reason: `Redeemed: ${reward.name}`, source: 'redemption' });
  });

  it('answers 404 for a customer or reward it does not know, and 409 for an id reused on another reward', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(100);
    const noCustomer = await redeem('000000000000000000000000', reward._id);
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json().message).toBe('The customer could not be found.');
    const noReward = await redeem(customer, '000000000000000000000000');
    expect(noReward.statusCode).toBe(404);
    expect(noReward.json().message).toBe(M.notFound);
    expect((await redeem(customer, reward._id, 'app-redeem-reused')).statusCode).toBe(201);
    const other = await createReward();
    const reused = await redeem(customer, other._id, 'app-redeem-reused');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(M.redemptionIdReused);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(50);
  });

  it('says which field is missing or wrong, in words, with a 400', async () => {
    const customer = await fundedCustomer(100);
    const noReward = await asKey('POST', `/api/v1/players/${customer}/redemptions`, { id: 'app-no-reward' });
    expect(noReward.statusCode).toBe(400);
    expect(noReward.json()).toMatchObject({
      success: false,
      message: M.rewardIdRequired,
      content: { errors: [{ field: 'reward_id', message: M.rewardIdRequired }] },
    });
    const badReward = await asKey('POST', `/api/v1/players/${customer}/redemptions`, {
      id: 'app-bad-reward',
      reward_id: 42,
    });
    expect(badReward.json().message).toBe(M.rewardIdRequired);
    const longId = await asKey('POST', `/api/v1/players/${customer}/redemptions`, {
      id: 'a'.repeat(201),
      reward_id: '000000000000000000000000',
    });
    expect(longId.json().message).toBe(M.redemptionIdTooLong);
    const longCode = await asKey('POST', `/api/v1/coupons/${'A'.repeat(65)}/use`, {});
    expect(longCode.statusCode).toBe(400);
    expect(longCode.json().message).toBe(M.couponCodeLength);
    const badOrder = await asKey('POST', '/api/v1/coupons/NOPE2345XYZ/use', { order_id: 5 });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().message).toBe(M.orderIdText);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(100);
  });

  it.each([
    ['an empty wallet', {}, 10, M.insufficientBalance],
    ['an inactive reward', { active: false }, 100, M.notAvailable],
    ['a reward not yet available', { available_from: '2099-01-01T00:00:00Z' }, 100, M.notAvailable],
  ])('refuses %s with 409 and changes nothing', async (_what, overrides, funds, message) => {
    const reward = await createReward(overrides);
    const customer = await fundedCustomer(funds);
    const res = await redeem(customer, reward._id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(
      funds === 0 ? null : funds,
    );
    expect((await kit.setup.call('GET', `/api/rewards/${reward._id}`)).json().content.redeemed).toBe(0);
  });

  it('keeps the limit per customer and the stock', async () => {
    const reward = await createReward({ stock: 2, per_customer_limit: 1 });
    const first = await fundedCustomer(500);
    expect((await redeem(first, reward._id)).statusCode).toBe(201);
    const limited = await redeem(first, reward._id);
    expect(limited.statusCode).toBe(409);
    expect(limited.json().message).toBe(M.limitReached);
    expect((await redeem(await fundedCustomer(500), reward._id)).statusCode).toBe(201);
    const late = await fundedCustomer(500);
    const out = await redeem(late, reward._id);
    expect(out.json().message).toBe(M.outOfStock);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, late, kit.currency._id)).toBe(500);
  });

  it('says Out of stock, as the list does, to a member who also could not pay; and for an emptied pool', async () => {
    const reward = await createReward({ stock: 1, cost: { currency: kit.currency._id, amount: 30 } });
    const customer = await fundedCustomer(50);
    expect((await redeem(customer, reward._id)).statusCode).toBe(201);
    // 20 left, 30 to pay, none in stock: both the list and the redemption name the stock.
    const listed = (await asKey('GET', `/api/v1/players/${customer}/rewards`)).json().content as {
      _id: string;
      reason: string | null;
    }[];
    // Each item has the reward's own shape (DESIGN §10) beside redeemable and reason.
    expect(listed.find((item) => item._id === reward._id)).toMatchObject({
      stock: 1,
      stock_left: 0,
      segment_ids: [],
      active: true,
      redeemable: false,
      reason: 'out_of_stock',
    });
    const again = await redeem(customer, reward._id);
    expect([again.statusCode, again.json().message]).toEqual([409, M.outOfStock]);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(20);

    const pool = await createReward({
      cost: { currency: kit.currency._id, amount: 30 },
      coupon: { source: 'pool', value_type: 'amount', value: 10, valid_days: 30 },
    });
    expect((await uploadCodes(pool._id, 'POOL-ONLY-1\n')).statusCode).toBe(200);
    const rich = await fundedCustomer(100);
    expect((await redeem(rich, pool._id)).statusCode).toBe(201);
    const emptied = await redeem(customer, pool._id);
    expect([emptied.statusCode, emptied.json().message]).toEqual([409, M.outOfStock]);
  });

  it('12 concurrent repeats of one redemption id: one redemption, one debit, and every answer the first', async () => {
    const reward = await createReward({ stock: 5 });
    const customer = await fundedCustomer(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => redeem(customer, reward._id, 'app-same-1')),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    const contents = answers.map((res) => res.json().content as TRewardRedemption);
    for (const content of contents) expect(content).toEqual(contents[0]);
    expect(contents[0]).toMatchObject({ status: 'issued', balance_after: 150 });
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(150);
    expect((await kit.setup.call('GET', `/api/rewards/${reward._id}`)).json().content.redeemed).toBe(1);
  });

  it('issues exactly the stock to parallel redemptions, and every wallet equals its ledger', async () => {
    const reward = await createReward({ stock: 3 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => fundedCustomer(60)));
    const answers = await Promise.all(customers.map((customer) => redeem(customer, reward._id)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 409).map((res) => res.json().message)).toEqual(
      Array(5).fill(M.outOfStock),
    );
    const codes = answers
      .filter((res) => res.statusCode === 201)
      .map((res) => res.json().content.coupon_code);
    expect(new Set(codes).size).toBe(3);
    const [mismatch] = await kit.setup.t.ctx.database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM wallets w WHERE w.client_id = $1 AND w.balance <> (SELECT coalesce(sum(value), 0)
         FROM economy_transactions e WHERE e.customer_id = w.customer_id AND e.currency_id = w.currency_id)`,
      [kit.setup.admin.clientId],
    );
    expect(Number(mismatch?.n)).toBe(0);
  });

  it('redeems for a customer from the console with an audit row, and refuses a suspended customer', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(120);
    const res = await kit.setup.call('POST', `/api/customers/${customer}/redemptions`, {
      id: `staff-${randomBytes(4).toString('hex')}`,
      reward_id: reward._id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content).toMatchObject({ status: 'issued', balance_after: 70 });
    const audit = await kit.setup.call('GET', '/api/audit-log?size=50');
    expect(
      (audit.json().content as TAuditEntry[])
        .filter((entry) => entry.action === 'reward.redeemed' && entry.entity_id === customer)
        .map((entry) => [entry.summary, entry.actor_id]),
    ).toEqual([[`Redeemed ${reward.name} for a customer`, kit.setup.admin.userId]]);

    // The integrator path called with a console token: the same record of who did it.
    const viaV1 = await kit.setup.call('POST', `/api/v1/players/${customer}/redemptions`, {
      id: `staff-v1-${randomBytes(4).toString('hex')}`,
      reward_id: reward._id,
    });
    expect(viaV1.statusCode, viaV1.body).toBe(201);
    const audited = await kit.setup.call('GET', '/api/audit-log?size=50');
    expect(
      (audited.json().content as TAuditEntry[]).filter(
        (entry) => entry.action === 'reward.redeemed' && entry.entity_id === customer,
      ),
    ).toHaveLength(2);

    const suspended = await kit.setup.call('PUT', '/api/v2/suspend/user', { _id: customer });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await redeem(customer, reward._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.notAvailable);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(20);
  });

  it("refuses a player outside the reward's segments, and the list says why", async () => {
    const segments = await kit.setup.call('GET', '/api/segments?size=100');
    const gold = (segments.json().content as { _id: string; name: string }[]).find(
      (s) => s.name === 'tierGold',
    );
    const reward = await createReward({ segment_ids: [gold?._id] });
    const cheap = await createReward({ cost: { currency: kit.currency._id, amount: 5 } });
    const customer = await fundedCustomer(20);
    const res = await redeem(customer, reward._id);
    expect(res.json().message).toBe(M.notAvailable);
    const list = await asKey('GET', `/api/v1/players/${customer}/rewards`);
    expect(list.json().pagination).toEqual({ count: list.json().content.length, hasMore: false });
    const byId = new Map(list.json().content.map((r: { _id: string }) => [r._id, r]));
    expect(byId.get(reward._id)).toMatchObject({ redeemable: false, reason: 'not_in_segment' });
    expect(byId.get(cheap._id)).toMatchObject({ redeemable: true, reason: null });
  });
});

describe('coupons and cancelling', () => {
  it('a coupon is used once; a cancel credits the cost back and returns the stock', async () => {
    const reward = await createReward({ stock: 1 });
    const customer = await fundedCustomer(100);
    const code = (await redeem(customer, reward._id)).json().content.coupon_code as string;
    const used = await asKey('POST', `/api/v1/coupons/${code}/use`, { order_id: 'till-9' });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().content.status).toBe('used');
    // A till may post the use with no body at all.
    const twice = await asKey('POST', `/api/v1/coupons/${code}/use`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.couponUsed);
    expect((await asKey('POST', '/api/v1/coupons/NOPE2345XYZ/use', {})).statusCode).toBe(404);

    const other = await createReward();
    const idempotencyId = `r-${randomBytes(6).toString('hex')}`;
    const redemption = (await redeem(customer, other._id, idempotencyId)).json().content as TRewardRedemption;
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(0);
    const cancelled = await asKey('POST', `/api/v1/redemptions/${redemption._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().content).toMatchObject({ status: 'cancelled', balance_after: 50 });
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(50);
    // A repeat (a retry after a lost answer) answers the first answer and credits nothing again.
    const again = await asKey('POST', `/api/v1/redemptions/${redemption._id}/cancel`);
    expect([again.statusCode, again.json().message]).toEqual([200, M.cancelled]);
    expect(again.json().content).toEqual(cancelled.json().content);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(50);
    const voided = await asKey('POST', `/api/v1/coupons/${redemption.coupon_code}/use`, {});
    expect(voided.json().message).toBe(M.couponCancelled);
    // A repeat of the redemption's id still answers the first answer, not what became of it.
    const repeat = await redeem(customer, other._id, idempotencyId);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().content).toEqual(redemption);
    const usedCancel = await asKey(
      'POST',
      `/api/v1/redemptions/${(await kit.setup.call('GET', `/api/customers/${customer}/redemptions`)).json().content.find((r: TRewardRedemption) => r.status === 'used')._id}/cancel`,
    );
    expect(usedCancel.json().message).toBe(M.usedCannotCancel);
    // The till's use and cancel are recorded by the redemption itself: no audit entry reads like documentation.
    const audit = (await kit.setup.call('GET', '/api/audit-log?size=100')).json().content as TAuditEntry[];
    expect(audit.filter((entry) => entry.action.startsWith('POST /api/v1/'))).toEqual([]);
  });

  it('looks a coupon up by its code in any case: whose it is, what it cost and what became of it; 404 elsewhere', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(200);
    const member = (await asKey('GET', `/api/v1/customers/${customer}`)).json().content;
    const issued = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    const code = issued.coupon_code as string;

    const found = await asKey('GET', `/api/v1/coupons/${code.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().content).toEqual({
      ...issued,
      status: 'issued',
      customer_name: `${member.name} ${member.surname}`,
      currency_code: kit.currency.code,
      coupon_value: { value_type: 'amount', value: 35 },
    });
    // The console (a client token) looks it up the same way, accepts it, and then sees it used.
    expect((await kit.setup.call('GET', `/api/v1/coupons/${code}`)).json().content.status).toBe('issued');
    expect((await kit.setup.call('POST', `/api/v1/coupons/${code}/use`, {})).statusCode).toBe(200);
    const used = (await kit.setup.call('GET', `/api/v1/coupons/${code}`)).json().content;
    expect(used.status).toBe('used');
    expect(used.used_at).not.toBeNull();

    const later = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    await kit.setup.t.ctx.database.db.execute(
      sql`UPDATE reward_redemptions SET expires_at = now() - interval '1 day' WHERE id = ${later._id}`,
    );
    expect((await asKey('GET', `/api/v1/coupons/${later.coupon_code}`)).json().content.status).toBe(
      'expired',
    );

    const unknown = await asKey('GET', '/api/v1/coupons/NOPE2345XYZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.couponNotFound);
    const tooLong = await asKey('GET', `/api/v1/coupons/${'A'.repeat(65)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(M.couponCodeLength);
  });

  it('a console user using a coupon or cancelling over the integrator paths is audited as staff', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(100);
    const first = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    const second = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    const used = await kit.setup.call('POST', `/api/v1/coupons/${first.coupon_code}/use`, {
      order_id: 'till-7',
    });
    expect(used.statusCode, used.body).toBe(200);
    const cancelled = await kit.setup.call('POST', `/api/v1/redemptions/${second._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const audit = (await kit.setup.call('GET', '/api/audit-log?size=100')).json().content as TAuditEntry[];
    expect(
      audit
        .filter((entry) => entry.entity_id === customer && entry.action.startsWith('reward.'))
        .map((entry) => [entry.action, entry.summary, entry.actor_id]),
    ).toEqual([
      ['reward.redemption-cancelled', `Cancelled a redemption of ${reward.name}`, kit.setup.admin.userId],
      [
        'reward.coupon-used',
        `Accepted the coupon of ${reward.name} for order till-7`,
        kit.setup.admin.userId,
      ],
    ]);
  });

  it("cancelling an erased member's redemption voids the coupon and credits nothing: their balance was forfeited", async () => {
    const reward = await createReward({ stock: 1 });
    const customer = await fundedCustomer(80);
    const redemption = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    const erased = await kit.setup.call('POST', `/api/customers/${customer}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    const ledgerBefore = await ledgerOf(kit.setup.t.app, kit.setup.admin, customer);

    const cancelled = await asKey('POST', `/api/v1/redemptions/${redemption._id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().content.status).toBe('cancelled');
    // The answer says so, rather than that the cost came back; a repeat says the same.
    expect(cancelled.json().message).toBe(M.cancelledWithoutCredit);
    const again = await asKey('POST', `/api/v1/redemptions/${redemption._id}/cancel`);
    expect([again.statusCode, again.json().message]).toEqual([200, M.cancelledWithoutCredit]);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(0);
    expect(await ledgerOf(kit.setup.t.app, kit.setup.admin, customer)).toEqual(ledgerBefore);
    // The stock comes back all the same.
    expect((await kit.setup.call('GET', `/api/rewards/${reward._id}`)).json().content.stock_left).toBe(1);
  });

  it('a pool reward hands out its uploaded codes, then is out of stock', async () => {
    const reward = await createReward({
      coupon: { source: 'pool', value_type: 'percent', value: 10, valid_days: 7 },
    });
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const upload = await uploadCodes(
      reward._id,
      `code\nPARTNER-${tag}-1\nPARTNER-${tag}-2\nPARTNER-${tag}-2\n`,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({
      message: M.poolUploaded({ added: 2, skipped: 0, repeated: 1 }),
      content: { added: 2, skipped: 0, repeated: 1, reward: { codes_total: 2, codes_left: 2 } },
    });
    const customer = await fundedCustomer(500);
    const codes = [];
    for (let i = 0; i < 2; i++) codes.push((await redeem(customer, reward._id)).json().content.coupon_code);
    expect(codes.sort()).toEqual([`PARTNER-${tag}-1`, `PARTNER-${tag}-2`]);
    const empty = await redeem(customer, reward._id);
    expect(empty.json().message).toBe(M.outOfStock);
    expect((await kit.setup.call('GET', `/api/rewards/${reward._id}`)).json().content).toMatchObject({
      stock: null,
      stock_left: 0,
      codes_left: 0,
      status: 'Out of stock',
    });
    const dry = await kit.setup.call(
      'GET',
      `/api/rewards?status=${encodeURIComponent('Out of stock')}&size=100`,
    );
    expect(dry.json().content.map((r: TReward) => r._id)).toContain(reward._id);
    // A reward without a coupon is never a dry pool: Active lists it (and the profile's Redeem dialog offers it).
    const mug = await createReward({ type: 'physical', coupon: null });
    const active = await kit.setup.call('GET', '/api/rewards?status=Active&size=100');
    const activeIds = active.json().content.map((r: TReward) => r._id);
    expect(activeIds).toContain(mug._id);
    expect(activeIds).not.toContain(reward._id);
    expect(await balanceOf(kit.setup.t.app, kit.setup.admin, customer, kit.currency._id)).toBe(400);
    const bad = await uploadCodes(reward._id, 'code\nok-code-1\nnot a code\n');
    expect(bad.json().message).toBe(M.poolBadCode(3));
  });

  it('points liability sums what every wallet still holds', async () => {
    const res = await kit.setup.call('GET', '/api/economy/liability');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await kit.setup.t.ctx.database.query<{ total: string }>(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM wallets WHERE currency_id = $1`,
      [kit.currency._id],
    );
    expect(res.json().content).toEqual([
      expect.objectContaining({
        currency: expect.objectContaining({ _id: kit.currency._id }),
        outstanding: Number(row?.total),
      }),
    ]);
  });
});
