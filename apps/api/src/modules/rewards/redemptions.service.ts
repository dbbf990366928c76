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
import { rowsOf } from '../../db/raw-sql';
import { applyWalletEffects, InsufficientBalanceError } from '../../engine';
import { outboxInsertOneSql, wakeDispatchersSql } from '../../engine/webhooks/outbox';
import { isoTimestampSql } from '../../exports/csv-stream';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import {
  couponOf,
  customerRedemptions,
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

const inWindow = (reward: Pick<RewardRecord, 'available_from' | 'available_to'>, now: Date) =>
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

/** What one redemption reads, in one statement after the customer's lock (so it sees every earlier commit). */
type RedeemContext = {
  customer_id: string | null;
  customer_status: string | null;
  member_branch_id: string | null;
  earlier_id: string | null;
  reward_id: string | null;
  name: string;
  type: RewardRecord['type'];
  currency_id: string;
  cost: string;
  active: boolean;
  available_from: string | null;
  available_to: string | null;
  coupon: RewardRecord['coupon'];
  per_customer_limit: number | null;
  held: string | number;
  member: boolean;
};

const readContext = async (
  tx: Tx,
  clientId: string,
  customerId: string,
  input: { id: string; reward_id: string },
) => {
  const [context] = await rowsOf<RedeemContext>(
    tx,
    sql`SELECT c.id AS customer_id, c.status AS customer_status, c.member_branch_id,
               (SELECT e.id FROM reward_redemptions e WHERE e.client_id = ${clientId}
                  AND e.idempotency_id = ${input.id}) AS earlier_id,
               r.id AS reward_id, r.name, r.type, r.currency_id, r.cost::text AS cost, r.active,
               r.available_from::text, r.available_to::text, r.coupon, r.per_customer_limit,
               CASE WHEN r.per_customer_limit IS NULL THEN 0 ELSE (SELECT count(*) FROM reward_redemptions x
                 WHERE x.reward_id = r.id AND x.customer_id = c.id AND x.status <> 'cancelled') END AS held,
               (cardinality(r.segment_ids) = 0 OR EXISTS (SELECT 1 FROM segment_members m
                 WHERE m.client_id = c.client_id AND m.customer_id = c.id AND m.segment_id = ANY(r.segment_ids))) AS member
        FROM (SELECT 1) one
        LEFT JOIN customers c ON c.client_id = ${clientId} AND c.id = ${customerId}
        LEFT JOIN rewards r ON r.client_id = ${clientId} AND r.id = ${input.reward_id}`,
  );
  return context as RedeemContext;
};

/**
 * A time of `rec` (REDEMPTION_COLUMNS reads them as text, in the session's time zone) as the API and every other
 * webhook write times: ISO 8601 in UTC.
 */
const recTime = (column: 'expires_at' | 'used_at') => sql.raw(isoTimestampSql(`rec.${column}::timestamptz`));

/** reward.redeemed's data (DESIGN §10), from the redemption row the same statement writes (`rec`). */
const redemptionWebhookData = sql`jsonb_build_object('customer_id', rec.customer_id, 'redemption',
  jsonb_build_object('_id', rec.id, 'reward_id', rec.reward_id, 'reward_name', rec.reward_name,
    'reward_type', rec.reward_type, 'status', rec.status, 'coupon_code', rec.coupon_code,
    'expires_at', ${recTime('expires_at')},
    'cost', jsonb_build_object('currency', rec.currency_id, 'amount', rec.cost::numeric),
    'balance_after', rec.balance_after::numeric))`;

/**
 * Takes one from the stock (under the reward row's lock, held only until the commit), issues the code (the
 * pool's next free one by SKIP LOCKED, or the generated one) and records the redemption, in one statement. No
 * row: out of stock (or the pool is empty).
 */
const takeStockAndRecord = async (
  tx: Tx,
  values: {
    id: string;
    clientId: string;
    context: RedeemContext;
    customerId: string;
    idempotencyId: string;
    balanceAfter: string;
    expiresAt: string | null;
    staffUserId: string | null;
    now: Date;
    source: 'pool' | 'generated' | null;
  },
) => {
  const { context: r } = values;
  const code =
    values.source === 'pool'
      ? sql`UPDATE reward_codes SET redemption_id = ${values.id}
            WHERE id = (SELECT id FROM reward_codes WHERE reward_id = ${r.reward_id} AND redemption_id IS NULL
                        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
              AND EXISTS (SELECT 1 FROM stock)
            RETURNING code`
      : values.source === 'generated'
        ? sql`INSERT INTO reward_codes (id, client_id, reward_id, code, redemption_id)
              SELECT ${newId()}, ${values.clientId}, ${r.reward_id}, ${generateCouponCode()}, ${values.id}
              WHERE EXISTS (SELECT 1 FROM stock)
              RETURNING code`
        : sql`SELECT NULL::text AS code FROM stock`;
  const [row] = await rowsOf<RedemptionRecord>(
    tx,
    sql`WITH stock AS (
          UPDATE rewards SET redeemed = redeemed + 1, updated_at = now()
          WHERE id = ${r.reward_id} AND (stock IS NULL OR redeemed < stock) RETURNING id),
        code AS (${code}),
        rec AS (
        INSERT INTO reward_redemptions (id, client_id, reward_id, reward_name, reward_type, customer_id, branch_id,
          idempotency_id, status, coupon_code, expires_at, currency_id, cost, balance_after, staff_user_id, created_at)
        SELECT ${values.id}, ${values.clientId}, ${r.reward_id}, ${r.name}, ${r.type}, ${values.customerId},
          ${r.member_branch_id}, ${values.idempotencyId}, 'issued', code.code, ${values.expiresAt}, ${r.currency_id},
          ${r.cost}, ${values.balanceAfter}, ${values.staffUserId}, ${values.now.toISOString()}
        FROM stock, code
        RETURNING ${REDEMPTION_COLUMNS}),
        hooks AS (${outboxInsertOneSql({
          clientId: values.clientId,
          type: 'reward.redeemed',
          customerId: values.customerId,
          from: sql`rec`,
          data: redemptionWebhookData,
        })})
        SELECT rec.*, ${wakeDispatchersSql('hooks')} AS hooks FROM rec`,
  );
  return row ?? null;
};

/**
 * Redemptions (DESIGN §10): one transaction per redemption that takes the customer's redemption lock, reads the
 * customer, an earlier redemption of the same id, the reward, the customer's count and segments in one statement,
 * debits the wallet (a Spending ledger row naming the reward), then takes the stock, issues the code and records
 * the redemption in one more (so k in stock issue at most k, however many ask at once). A refusal rolls all of it
 * back. Seven round trips with BEGIN and COMMIT.
 */
export const createRedemptionsService = (db: Db) => {
  const redeemIn = async (
    tx: Tx,
    principal: Principal,
    customerId: string,
    input: { id: string; reward_id: string },
    staffUserId: string | null,
  ) => {
    const now = new Date();
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${REDEMPTION_LOCK_NAMESPACE}, hashtext(${customerId}))`,
    );
    const context = await readContext(tx, principal.clientId, customerId, input);
    if (!context.customer_id || !mayAccessBranch(principal, context.member_branch_id))
      throw notFound('The customer could not be found.');
    if (context.earlier_id) {
      const earlier = await findRedemption(tx, principal.clientId, sql`id = ${context.earlier_id}`);
      return { redemption: earlier as RedemptionRecord, repeat: true };
    }
    if (!context.reward_id) throw notFound(M.notFound);
    // A suspended member may not redeem; an erased one (privacy) never again.
    if (
      !context.active ||
      !inWindow(context, now) ||
      context.customer_status === 'SUSPENDED' ||
      context.customer_status === 'ERASED'
    )
      throw new Refused('not_available');
    if (!context.member) throw new Refused('not_in_segment');
    if (context.per_customer_limit !== null && Number(context.held) >= context.per_customer_limit)
      throw new Refused('limit_reached');
    const id = newId();
    let balanceCents: number;
    try {
      const [debit] = await applyWalletEffects(
        tx,
        [
          {
            clientId: principal.clientId,
            customerId,
            branchId: context.member_branch_id,
            currencyId: context.currency_id,
            cents: -Math.round(Number(context.cost) * 100),
            transactionType: 'Spending',
            cause: { kind: 'redemption', id },
            eventId: id,
            occurredAt: now,
            reference: id,
            reason: `Redeemed: ${context.name}`,
          },
        ],
        { fresh: true },
      );
      balanceCents = debit?.balanceCents ?? 0;
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Refused('insufficient_balance');
      throw error;
    }
    const coupon = couponOf(context.coupon);
    const redemption = await takeStockAndRecord(tx, {
      id,
      clientId: principal.clientId,
      context,
      customerId,
      idempotencyId: input.id,
      balanceAfter: (balanceCents / 100).toFixed(2),
      expiresAt: coupon ? new Date(now.getTime() + coupon.valid_days * 86_400_000).toISOString() : null,
      staffUserId,
      now,
      source: coupon?.source ?? null,
    });
    if (!redemption) throw new Refused('out_of_stock');
    return { redemption, repeat: false };
  };

  const redeem = async (
    principal: Principal,
    customerId: string,
    input: { id: string; reward_id: string },
    staff: Actor | null = null,
  ): Promise<{ redemption: TRewardRedemption; repeat: boolean }> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { redemption, repeat } = await db.transaction(async (tx) => {
          const result = await redeemIn(tx, principal, customerId, input, staff?.userId ?? null);
          if (staff && !result.repeat)
            await recordAudit(tx, staff, {
              action: 'reward.redeemed',
              entity: 'customer',
              entityId: customerId,
              summary: `Redeemed ${result.redemption.reward_name} for a customer`,
            });
          return result;
        });
        if (repeat && (redemption.customer_id !== customerId || redemption.reward_id !== input.reward_id))
          throw conflict(M.redemptionIdReused);
        return { redemption: toRedemption(redemption), repeat };
      } catch (error) {
        if (error instanceof Refused) throw conflict(error.message);
        if (!isUniqueViolation(error)) throw error;
        // The same id sent twice at once: the first one's redemption is the answer.
        const first = await findRedemption(db, principal.clientId, sql`idempotency_id = ${input.id}`);
        if (first) {
          if (first.customer_id !== customerId || first.reward_id !== input.reward_id)
            throw conflict(M.redemptionIdReused);
          return { redemption: toRedemption(first), repeat: true };
        }
        // Otherwise a generated code met one already issued (odds ~1e-12): the whole redemption is tried again.
        if (attempt >= 3) throw error;
      }
    }
  };

  const useCoupon = async (principal: Principal, code: string, orderId: string | null) =>
    db.transaction(async (tx) => {
      const row = await findRedemption(tx, principal.clientId, sql`coupon_code = ${code}`, true);
      if (!row || !mayAccessBranch(principal, row.branch_id)) throw notFound(M.couponNotFound);
      if (row.status === 'used') throw conflict(M.couponUsed);
      if (row.status === 'cancelled') throw conflict(M.couponCancelled);
      if (row.expires_at && new Date(row.expires_at) < new Date()) throw conflict(M.couponExpired);
      await tx.execute(sql`WITH rec AS (
          UPDATE reward_redemptions SET status = 'used', used_at = now(), order_ref = ${orderId}
          WHERE id = ${row.id} RETURNING ${REDEMPTION_COLUMNS}, order_ref),
        hooks AS (${outboxInsertOneSql({
          clientId: principal.clientId,
          type: 'coupon.used',
          customerId: row.customer_id,
          from: sql`rec`,
          data: sql`jsonb_build_object('customer_id', rec.customer_id, 'redemption_id', rec.id,
                      'reward_id', rec.reward_id, 'coupon_code', rec.coupon_code, 'order_id', rec.order_ref,
                      'used_at', ${recTime('used_at')})`,
        })})
        SELECT ${wakeDispatchersSql('hooks')}`);
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
        !inWindow(row, now) || customer.status === 'SUSPENDED' || customer.status === 'ERASED'
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
