import { randomInt } from 'node:crypto';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_LENGTH,
  REWARD_MESSAGES as M,
  type TPlayerReward,
  type TRedeemRefusal,
  type TRewardRedemption,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import { applyWalletEffects, InsufficientBalanceError } from '../../engine';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import {
  couponOf,
  customerRedemptions,
  findReward,
  REDEMPTION_COLUMNS,
  type RedemptionRecord,
  type RewardRecord,
  toRedemption,
  toReward,
} from './rewards.queries';

// Advisory lock namespace of a customer's redemptions (others: engine/core/locks.ts, exports, currencies).
const REDEMPTION_LOCK_NAMESPACE = 7_601;

const REFUSALS: Record<TRedeemRefusal, string> = {
  insufficient_balance: M.insufficientBalance,
  out_of_stock: M.outOfStock,
  limit_reached: M.limitReached,
  not_available: M.notAvailable,
  not_in_segment: M.notAvailable,
};

class Refused extends Error {
  constructor(readonly reason: TRedeemRefusal) {
    super(REFUSALS[reason]);
  }
}

export const generateCouponCode = () =>
  Array.from(
    { length: COUPON_CODE_LENGTH },
    () => COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)],
  ).join('');

type Customer = { id: string; member_branch_id: string | null; status: string };

const loadCustomer = async (db: Db | Tx, principal: Principal, customerId: string) => {
  const [customer] = await rowsOf<Customer>(
    db,
    sql`SELECT id, member_branch_id, status FROM customers WHERE client_id = ${principal.clientId} AND id = ${customerId}`,
  );
  if (!customer || !mayAccessBranch(principal, customer.member_branch_id))
    throw notFound('The customer could not be found.');
  return customer;
};

const inWindow = (reward: RewardRecord, now: Date) =>
  (!reward.available_from || new Date(reward.available_from) <= now) &&
  (!reward.available_to || new Date(reward.available_to) >= now);

const findRedemption = async (db: Db | Tx, clientId: string, where: ReturnType<typeof sql>, lock = false) => {
  const [row] = await rowsOf<RedemptionRecord>(
    db,
    sql`SELECT ${REDEMPTION_COLUMNS} FROM reward_redemptions WHERE client_id = ${clientId} AND ${where}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
};

/** Issues the coupon's code: the pool's next free code (SKIP LOCKED, so parallel redemptions take different ones) or a new one. */
const issueCode = async (tx: Tx, reward: RewardRecord, redemptionId: string) => {
  const coupon = couponOf(reward.coupon);
  if (!coupon) return null;
  if (coupon.source === 'pool') {
    const [taken] = await rowsOf<{ code: string }>(
      tx,
      sql`UPDATE reward_codes SET redemption_id = ${redemptionId}
          WHERE id = (SELECT id FROM reward_codes WHERE reward_id = ${reward.id} AND redemption_id IS NULL
                      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING code`,
    );
    if (!taken) throw new Refused('out_of_stock');
    return taken.code;
  }
  for (;;) {
    const code = generateCouponCode();
    const [inserted] = await rowsOf<{ code: string }>(
      tx,
      sql`INSERT INTO reward_codes (id, client_id, reward_id, code, redemption_id)
          VALUES (${newId()}, ${reward.client_id}, ${reward.id}, ${code}, ${redemptionId})
          ON CONFLICT (client_id, code) DO NOTHING RETURNING code`,
    );
    if (inserted) return inserted.code;
  }
};

/**
 * Redemptions (DESIGN §10): one transaction per redemption that takes the customer's redemption lock, checks the
 * reward (active, window, segments, the customer's limit), debits the wallet (a Spending ledger row naming the
 * reward), takes the stock under the reward row's lock (so k in stock issue at most k, however many ask at
 * once), issues the code and records the redemption under its idempotency id. A refusal rolls all of it back.
 */
export const createRedemptionsService = (db: Db) => {
  const redeemIn = async (
    tx: Tx,
    principal: Principal,
    customer: Customer,
    input: { id: string; reward_id: string },
    staffUserId: string | null,
  ) => {
    const now = new Date();
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${REDEMPTION_LOCK_NAMESPACE}, hashtext(${customer.id}))`,
    );
    const earlier = await findRedemption(tx, principal.clientId, sql`idempotency_id = ${input.id}`);
    if (earlier) return { redemption: earlier, repeat: true };
    const reward = await findReward(tx, principal.clientId, input.reward_id);
    if (!reward) throw notFound(M.notFound);
    if (!reward.active || !inWindow(reward, now) || customer.status === 'SUSPENDED')
      throw new Refused('not_available');
    if (reward.segment_ids.length > 0) {
      const [member] = await rowsOf<{ one: number }>(
        tx,
        sql`SELECT 1 AS one FROM segment_members WHERE client_id = ${principal.clientId}
            AND customer_id = ${customer.id} AND segment_id = ANY(${arrayParam(reward.segment_ids)}::text[]) LIMIT 1`,
      );
      if (!member) throw new Refused('not_in_segment');
    }
    if (reward.per_customer_limit !== null) {
      const [held] = await rowsOf<{ n: string | number }>(
        tx,
        sql`SELECT count(*) AS n FROM reward_redemptions WHERE reward_id = ${reward.id}
            AND customer_id = ${customer.id} AND status <> 'cancelled'`,
      );
      if (Number(held?.n) >= reward.per_customer_limit) throw new Refused('limit_reached');
    }
    const id = newId();
    let debit: Awaited<ReturnType<typeof applyWalletEffects>>[number];
    try {
      [debit] = (await applyWalletEffects(
        tx,
        [
          {
            clientId: principal.clientId,
            customerId: customer.id,
            branchId: customer.member_branch_id,
            currencyId: reward.currency_id,
            cents: -Math.round(Number(reward.cost) * 100),
            transactionType: 'Spending',
            cause: { kind: 'redemption', id },
            eventId: id,
            occurredAt: now,
            reference: id,
            reason: `Redeemed: ${reward.name}`,
          },
        ],
        { fresh: true },
      )) as [Awaited<ReturnType<typeof applyWalletEffects>>[number]];
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Refused('insufficient_balance');
      throw error;
    }
    // Last, so the reward's row is locked only until the commit.
    const [stock] = await rowsOf<{ redeemed: number }>(
      tx,
      sql`UPDATE rewards SET redeemed = redeemed + 1, updated_at = now()
          WHERE id = ${reward.id} AND (stock IS NULL OR redeemed < stock) RETURNING redeemed`,
    );
    if (!stock) throw new Refused('out_of_stock');
    const code = await issueCode(tx, reward, id);
    const coupon = couponOf(reward.coupon);
    const expiresAt = coupon ? new Date(now.getTime() + coupon.valid_days * 86_400_000).toISOString() : null;
    await tx.execute(sql`
      INSERT INTO reward_redemptions (id, client_id, reward_id, reward_name, reward_type, customer_id, branch_id,
        idempotency_id, status, coupon_code, expires_at, currency_id, cost, balance_after, staff_user_id, created_at)
      VALUES (${id}, ${principal.clientId}, ${reward.id}, ${reward.name}, ${reward.type}, ${customer.id},
        ${customer.member_branch_id}, ${input.id}, 'issued', ${code}, ${expiresAt}, ${reward.currency_id}, ${reward.cost},
        ${(debit.balanceCents / 100).toFixed(2)}, ${staffUserId}, ${now.toISOString()})`);
    const redemption = (await findRedemption(tx, principal.clientId, sql`id = ${id}`)) as RedemptionRecord;
    return { redemption, repeat: false };
  };

  const redeem = async (
    principal: Principal,
    customerId: string,
    input: { id: string; reward_id: string },
    staff: Actor | null = null,
  ): Promise<{ redemption: TRewardRedemption; repeat: boolean }> => {
    const customer = await loadCustomer(db, principal, customerId);
    try {
      const { redemption, repeat } = await db.transaction(async (tx) => {
        const result = await redeemIn(tx, principal, customer, input, staff?.userId ?? null);
        if (staff && !result.repeat)
          await recordAudit(tx, staff, {
            action: 'reward.redeemed',
            entity: 'customer',
            entityId: customer.id,
            summary: `Redeemed ${result.redemption.reward_name} for a customer`,
          });
        return result;
      });
      if (repeat && (redemption.customer_id !== customerId || redemption.reward_id !== input.reward_id))
        throw conflict(M.redemptionIdReused);
      return { redemption: toRedemption(redemption), repeat };
    } catch (error) {
      if (error instanceof Refused) throw conflict(error.message);
      // The same id sent twice at once: the first one's redemption is the answer.
      if (isUniqueViolation(error)) {
        const first = await findRedemption(db, principal.clientId, sql`idempotency_id = ${input.id}`);
        if (first && first.customer_id === customerId && first.reward_id === input.reward_id)
          return { redemption: toRedemption(first), repeat: true };
      }
      throw error;
    }
  };

  const useCoupon = async (principal: Principal, code: string, orderId: string | null) =>
    db.transaction(async (tx) => {
      const row = await findRedemption(tx, principal.clientId, sql`coupon_code = ${code}`, true);
      if (!row || !mayAccessBranch(principal, row.branch_id)) throw notFound(M.couponNotFound);
      if (row.status === 'used') throw conflict(M.couponUsed);
      if (row.status === 'cancelled') throw conflict(M.couponCancelled);
      if (row.expires_at && new Date(row.expires_at) < new Date()) throw conflict(M.couponExpired);
      await tx.execute(sql`UPDATE reward_redemptions SET status = 'used', used_at = now(), order_ref = ${orderId}
                           WHERE id = ${row.id}`);
      return toRedemption(
        (await findRedemption(tx, principal.clientId, sql`id = ${row.id}`)) as RedemptionRecord,
      );
    });

  const cancel = async (principal: Principal, id: string, staff: Actor | null = null) =>
    db.transaction(async (tx) => {
      const row = await findRedemption(tx, principal.clientId, sql`id = ${id}`, true);
      if (!row || !mayAccessBranch(principal, row.branch_id)) throw notFound(M.redemptionNotFound);
      if (row.status === 'cancelled') throw conflict(M.alreadyCancelled);
      if (row.status === 'used') throw conflict(M.usedCannotCancel);
      await applyWalletEffects(tx, [
        {
          clientId: principal.clientId,
          customerId: row.customer_id,
          branchId: row.branch_id,
          currencyId: row.currency_id,
          cents: Math.round(Number(row.cost) * 100),
          transactionType: 'Spending',
          cause: { kind: 'redemption', id: row.id },
          eventId: `${row.id}:cancel`,
          occurredAt: new Date(),
          reference: row.id,
          reason: `Cancelled redemption: ${row.reward_name}`,
        },
      ]);
      await tx.execute(
        sql`UPDATE rewards SET redeemed = greatest(redeemed - 1, 0), updated_at = now() WHERE id = ${row.reward_id}`,
      );
      await tx.execute(
        sql`UPDATE reward_redemptions SET status = 'cancelled', cancelled_at = now() WHERE id = ${row.id}`,
      );
      if (staff)
        await recordAudit(tx, staff, {
          action: 'reward.redemption-cancelled',
          entity: 'customer',
          entityId: row.customer_id,
          summary: `Cancelled a redemption of ${row.reward_name}`,
        });
      return toRedemption(
        (await findRedemption(tx, principal.clientId, sql`id = ${row.id}`)) as RedemptionRecord,
      );
    });

  /** What a player sees in the app's catalogue now, each with whether they may redeem it and why not. */
  const playerRewards = async (principal: Principal, customerId: string): Promise<TPlayerReward[]> => {
    const customer = await loadCustomer(db, principal, customerId);
    const now = new Date();
    const rows = await rowsOf<
      RewardRecord & { held: string | number; balance: string | null; member: boolean }
    >(
      db,
      sql`SELECT r.id, r.client_id, r.name, r.description, r.image_url, r.type, r.currency_id, c.name AS currency_name,
                 c.code AS currency_code, r.cost::text AS cost, r.stock, r.per_customer_limit, r.available_from::text,
                 r.available_to::text, r.segment_ids, r.coupon, r.active, r.redeemed, r.created_at::text,
                 r.updated_at::text, NULL AS codes_total,
                 CASE WHEN r.coupon->>'source' = 'pool' THEN (SELECT count(*) FROM reward_codes k
                   WHERE k.reward_id = r.id AND k.redemption_id IS NULL) END AS codes_left,
                 (SELECT count(*) FROM reward_redemptions x WHERE x.reward_id = r.id AND x.customer_id = ${customer.id}
                   AND x.status <> 'cancelled') AS held,
                 (SELECT w.balance::text FROM wallets w WHERE w.customer_id = ${customer.id} AND w.currency_id = r.currency_id) AS balance,
                 (cardinality(r.segment_ids) = 0 OR EXISTS (SELECT 1 FROM segment_members m WHERE m.client_id = r.client_id
                   AND m.customer_id = ${customer.id} AND m.segment_id = ANY(r.segment_ids))) AS member
          FROM rewards r JOIN currencies c ON c.id = r.currency_id AND c.deleted_at IS NULL
          WHERE r.client_id = ${principal.clientId} AND r.active AND (r.available_to IS NULL OR r.available_to >= now())
          ORDER BY r.cost, r.name`,
    );
    return rows.map((row) => {
      const reward = toReward(row, now);
      const poolEmpty = row.codes_left !== null && Number(row.codes_left) === 0;
      const reason: TRedeemRefusal | null =
        !inWindow(row, now) || customer.status === 'SUSPENDED'
          ? 'not_available'
          : !row.member
            ? 'not_in_segment'
            : reward.status === 'Out of stock' || poolEmpty
              ? 'out_of_stock'
              : row.per_customer_limit !== null && Number(row.held) >= row.per_customer_limit
                ? 'limit_reached'
                : Number(row.balance ?? 0) < Number(row.cost)
                  ? 'insufficient_balance'
                  : null;
      return {
        _id: reward._id,
        name: reward.name,
        description: reward.description,
        image_url: reward.image_url,
        type: reward.type,
        cost: reward.cost,
        currency: reward.currency,
        stock_left: reward.stock_left,
        per_customer_limit: reward.per_customer_limit,
        available_from: reward.available_from,
        available_to: reward.available_to,
        coupon: reward.coupon,
        redeemable: reason === null,
        reason,
      };
    });
  };

  const listForCustomer = async (principal: Principal, customerId: string, page: number, size: number) => {
    await loadCustomer(db, principal, customerId);
    return customerRedemptions(db, principal.clientId, customerId, page, size);
  };

  return { redeem, useCoupon, cancel, playerRewards, listForCustomer };
};
