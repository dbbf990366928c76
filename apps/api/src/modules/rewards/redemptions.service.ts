import { randomInt } from 'node:crypto';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_LENGTH,
  REWARD_MESSAGES as M,
  playerRewardOf,
  type TCouponLookup,
  type TPlayerReward,
  type TRedeemRefusal,
  type TRewardRedemption,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { fastTransaction, refusalOf } from '../../db/fast-transaction';
import { newId } from '../../db/ids';
import { rowsOf } from '../../db/raw-sql';
import { applyWalletEffects } from '../../engine';
import { centsToDecimal } from '../../engine/economy/amounts';
import { newWebhookId, outboxInsertOneSql, wakeDispatchersSql } from '../../engine/webhooks/outbox';
import { branchesParam, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { recTime, redeemedOf, redeemScript } from './redeem.queries';
import { lockRewardShared, REDEEMED_TOTAL, uncountRedemption } from './redemption-counts';
import {
  customerRedemptions,
  firstAnswerOf,
  REDEMPTION_COLUMNS,
  type RedemptionRecord,
  type RewardRecord,
  toRedemption,
  toReward,
} from './rewards.queries';

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

/**
 * The redemption of the issued code a till typed, by one lookup of the client's codes in upper case (not a scan of
 * its redemptions): the code exactly as issued, else the one issued code it matches in another case. Generated codes
 * are upper case, so any case finds them; pool codes (a partner's, maybe case-sensitive) that differ only by case are
 * told apart by exact case, and a code in another case matching several of them finds none.
 */
export const issuedCodeRedemption = (clientId: string, code: string) =>
  sql`SELECT redemption_id FROM (
        SELECT redemption_id, code = ${code} AS exact, count(*) OVER () AS matches FROM reward_codes
        WHERE client_id = ${clientId} AND upper(code) = upper(${code}) AND redemption_id IS NOT NULL) m
      WHERE exact OR matches = 1`;

/**
 * Redemptions (DESIGN §10), one round trip each on PostgreSQL (and a ROLLBACK after a refusal): one query takes the
 * customer's redemption lock and the reward's, locks the wallet, and in one statement checks the customer, the
 * reward, the customer's count and segments and an earlier redemption of the id, debits the wallet (a Spending ledger
 * row naming the reward, balance after it, lots, wallet.debited), takes the stock, issues the code, records the
 * redemption and its reward.redeemed outbox row (and a staff member's audit row), or refuses; then COMMIT
 * (redeem.queries.ts). A limited reward's row lock is held for the statement and its commit only: its redemptions
 * queue on that lock, so k in stock issue at most k, and no wallet goes below zero, however many ask at once. Its
 * cost is measured by `npm run bench:rewards` (docs/performance.md).
 */
export const createRedemptionsService = (db: Db) => {
  const redeemOnce = async (
    principal: Principal,
    customerId: string,
    input: { id: string; reward_id: string },
    staff: Actor | null,
  ) => {
    const now = new Date().toISOString();
    const id = newId();
    const script = redeemScript(
      {
        client_id: principal.clientId,
        customer_id: customerId,
        branches: branchesParam(principal),
        // The ledger row's branch is the customer's: its trigger fills it from the customer row.
        branch_id: null,
        transaction_id: newId(),
        cause_kind: 'redemption',
        cause_id: id,
        event_id: id,
        reference: id,
        occurred_at: now,
        webhook_id: newWebhookId(),
        webhook_created_at: now,
        id,
        reward_id: input.reward_id,
        idempotency_id: input.id,
        staff_user_id: staff?.userId ?? null,
        redeemed_webhook_id: newWebhookId(),
        code: generateCouponCode(),
        code_id: newId(),
        audit_id: staff ? newId() : null,
        actor_name: staff?.name ?? null,
        actor_ip: staff?.ip ?? null,
      },
      staff !== null,
    );
    const results = await fastTransaction(db, (session) =>
      session.commit(script.text, script.uses).catch((error: unknown) => {
        const reason = refusalOf(error);
        if (reason === 'customer_not_found') throw notFound('The customer could not be found.');
        if (reason === 'reward_not_found') throw notFound(M.notFound);
        throw reason && reason in REFUSALS ? new Refused(reason as TRedeemRefusal) : error;
      }),
    );
    const row = redeemedOf(results);
    if (!row?.id) throw new Error('the redemption wrote no row');
    const { repeat, ...redemption } = row;
    return { redemption, repeat };
  };

  const redeem = async (
    principal: Principal,
    customerId: string,
    input: { id: string; reward_id: string },
    staff: Actor | null = null,
  ): Promise<{ redemption: TRewardRedemption; repeat: boolean }> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { redemption, repeat } = await redeemOnce(principal, customerId, input, staff);
        if (repeat && (redemption.customer_id !== customerId || redemption.reward_id !== input.reward_id))
          throw conflict(M.redemptionIdReused);
        return { redemption: repeat ? firstAnswerOf(redemption) : toRedemption(redemption), repeat };
      } catch (error) {
        if (error instanceof Refused) throw conflict(error.message);
        if (!isUniqueViolation(error)) throw error;
        // The same id sent twice at once: the first one's redemption is the answer.
        const first = await findRedemption(db, principal.clientId, sql`idempotency_id = ${input.id}`);
        if (first) {
          if (first.customer_id !== customerId || first.reward_id !== input.reward_id)
            throw conflict(M.redemptionIdReused);
          return { redemption: firstAnswerOf(first), repeat: true };
        }
        // Otherwise a generated code met one already issued (odds ~1e-12): the whole redemption is tried again.
        if (attempt >= 3) throw error;
      }
    }
  };

  /** A coupon by the code a till typed, as useCoupon finds it, with whose it is and its currency's code. */
  const lookupCoupon = async (principal: Principal, code: string): Promise<TCouponLookup> => {
    const row = await findRedemption(
      db,
      principal.clientId,
      sql`id = (${issuedCodeRedemption(principal.clientId, code)})`,
    );
    if (!row || !mayAccessBranch(principal, row.branch_id)) throw notFound(M.couponNotFound);
    const [names] = await rowsOf<{
      customer_name: string;
      currency_code: string;
      coupon: { value_type: 'amount' | 'percent'; value: number } | null;
    }>(
      db,
      sql`SELECT (SELECT trim(concat_ws(' ', name, surname)) FROM customers
                   WHERE client_id = ${principal.clientId} AND id = ${row.customer_id}) AS customer_name,
                 (SELECT code FROM currencies
                   WHERE client_id = ${principal.clientId} AND id = ${row.currency_id}) AS currency_code,
                 (SELECT coupon FROM rewards
                   WHERE client_id = ${principal.clientId} AND id = ${row.reward_id}) AS coupon`,
    );
    const coupon = names?.coupon ?? null;
    return {
      ...toRedemption(row),
      customer_name: names?.customer_name ?? '',
      currency_code: names?.currency_code ?? '',
      coupon_value: coupon ? { value_type: coupon.value_type, value: Number(coupon.value) } : null,
    };
  };

  const useCoupon = async (
    principal: Principal,
    code: string,
    orderId: string | null,
    staff: Actor | null = null,
  ) =>
    db.transaction(async (tx) => {
      const row = await findRedemption(
        tx,
        principal.clientId,
        sql`id = (${issuedCodeRedemption(principal.clientId, code)})`,
        true,
      );
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
      if (staff)
        await recordAudit(tx, staff, {
          action: 'reward.coupon-used',
          entity: 'customer',
          entityId: row.customer_id,
          summary: `Accepted the coupon of ${row.reward_name}${orderId ? ` for order ${orderId}` : ''}`,
        });
      return toRedemption(
        (await findRedemption(tx, principal.clientId, sql`id = ${row.id}`)) as RedemptionRecord,
      );
    });

  const repeatedCancel = async (tx: Tx, clientId: string, row: RedemptionRecord) => {
    const [credit] = await rowsOf<{ balance: string }>(
      tx,
      sql`SELECT wallet_balance_post_transaction::text AS balance FROM economy_transactions
          WHERE client_id = ${clientId} AND cause_kind = 'redemption' AND cause_id = ${row.id}
            AND event_id = ${`${row.id}:cancel`}`,
    );
    const cancelled = toRedemption(row);
    return credit
      ? { redemption: { ...cancelled, balance_after: Number(credit.balance) }, credited: true }
      : { redemption: cancelled, credited: false };
  };

  const cancel = async (principal: Principal, id: string, staff: Actor | null = null) =>
    db.transaction(async (tx) => {
      const row = await findRedemption(tx, principal.clientId, sql`id = ${id}`, true);
      if (!row || !mayAccessBranch(principal, row.branch_id)) throw notFound(M.redemptionNotFound);
      // A repeat (a retry after a lost answer) answers the first answer: the redemption, cancelled, with the balance
      // its credit back left (DESIGN §3); nothing is credited twice.
      if (row.status === 'cancelled') return repeatedCancel(tx, principal.clientId, row);
      if (row.status === 'used') throw conflict(M.usedCannotCancel);
      // An erased member's balances were forfeited and can never be spent: the coupon is voided, nothing credited.
      // FOR SHARE: an erasure under way is waited for, and one that starts waits for this cancel's credit.
      const [owner] = await rowsOf<{ status: string }>(
        tx,
        sql`SELECT status FROM customers WHERE client_id = ${principal.clientId} AND id = ${row.customer_id} FOR SHARE`,
      );
      const refund = owner?.status !== 'ERASED';
      const [credit] = await applyWalletEffects(
        tx,
        refund
          ? [
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
            ]
          : [],
      );
      await lockRewardShared(tx, row.reward_id);
      await uncountRedemption(tx, principal.clientId, row.reward_id);
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
      const cancelled = toRedemption(
        (await findRedemption(tx, principal.clientId, sql`id = ${row.id}`)) as RedemptionRecord,
      );
      // The answer's balance is the wallet's after this call's credit back, not the one after the redemption.
      return credit
        ? {
            redemption: { ...cancelled, balance_after: Number(centsToDecimal(credit.balanceCents)) },
            credited: true,
          }
        : { redemption: cancelled, credited: false };
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
                 r.available_to::text, r.segment_ids, r.coupon, r.active, ${REDEEMED_TOTAL} AS redeemed, r.created_at::text,
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
      return playerRewardOf(reward, reason);
    });
  };

  const listForCustomer = async (principal: Principal, customerId: string, page: number, size: number) => {
    await loadCustomer(db, principal, customerId);
    return customerRedemptions(db, principal.clientId, customerId, page, size);
  };

  return { redeem, lookupCoupon, useCoupon, cancel, playerRewards, listForCustomer };
};
