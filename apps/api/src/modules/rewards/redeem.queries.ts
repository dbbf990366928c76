import { sql } from 'drizzle-orm';
import {
  executePrepared,
  executeSql,
  preparedStatement,
  type ScriptPrepared,
  scriptPrepared,
  scriptStatement,
  sqlLiteral,
} from '../../db/fast-transaction';
import { lockWalletBody, type WalletDebitValues, walletDebitCtes } from '../../engine/economy/wallet-debit';
import { outboxInsertOneSql, wakeDispatchersSql } from '../../engine/webhooks/outbox';
import { isoTimestampSql } from '../../exports/csv-stream';
import { inScopeBranchSql } from '../../http/auth/branch-scope';
import { rewardSharedLockText, SHARD } from './redemption-counts';
import { REDEMPTION_COLUMNS, type RedemptionRecord } from './rewards.queries';

// Advisory lock namespace of a customer's redemptions (others: engine/core/locks.ts, exports, currencies).
const REDEMPTION_LOCK_NAMESPACE = 7_601;

const p = (name: string) => sql.placeholder(name);

/**
 * Why a redemption is refused before anything is written, as the write statement decides it (`laurel_refuse`), or
 * 'repeat' when the id was redeemed before: the order is the checks' order.
 */
export type RedeemVerdict =
  | 'customer_not_found'
  | 'repeat'
  | 'reward_not_found'
  | 'not_available'
  | 'not_in_segment'
  | 'out_of_stock'
  | 'limit_reached';

const lockWallet = scriptStatement(
  ['text', 'text', 'text'],
  lockWalletBody('(SELECT currency_id FROM rewards WHERE client_id = $1 AND id = $3)'),
);

/**
 * The customer, the reward and the verdict of every check that comes before the debit, read in the write
 * statement's snapshot (after the locks, so it sees every earlier commit of this customer's redemptions). The
 * window is judged at the request's time (`occurred_at`), as the API judges it elsewhere.
 */
const contextCte = sql`ctx AS MATERIALIZED (
  SELECT c.member_branch_id, r.name, r.type, r.currency_id, r.cost, r.stock, r.coupon,
    CASE
      WHEN c.id IS NULL OR NOT ${inScopeBranchSql(sql`c.member_branch_id`)} THEN 'customer_not_found'
      WHEN EXISTS (SELECT 1 FROM reward_redemptions x WHERE x.client_id = ${p('client_id')}::text
        AND x.idempotency_id = ${p('idempotency_id')}::text) THEN 'repeat'
      WHEN r.id IS NULL THEN 'reward_not_found'
      WHEN NOT r.active OR r.available_from > ${p('occurred_at')}::timestamptz
        OR r.available_to < ${p('occurred_at')}::timestamptz
        -- A suspended member may not redeem; an erased one (privacy) never again.
        OR c.status IN ('SUSPENDED', 'ERASED') THEN 'not_available'
      WHEN cardinality(r.segment_ids) > 0 AND NOT EXISTS (SELECT 1 FROM segment_members m
        WHERE m.client_id = c.client_id AND m.customer_id = c.id AND m.segment_id = ANY (r.segment_ids)) THEN 'not_in_segment'
      -- Before the limit and the balance, in the order the players' list gives its reasons: none left is said as
      -- such even to a member who could not have paid. (The stock's own update below still decides a race.)
      WHEN (r.stock IS NOT NULL AND r.redeemed >= r.stock) OR (r.coupon ->> 'source' = 'pool' AND NOT EXISTS (
        SELECT 1 FROM reward_codes k WHERE k.reward_id = r.id AND k.redemption_id IS NULL)) THEN 'out_of_stock'
      WHEN r.per_customer_limit IS NOT NULL AND (SELECT count(*) FROM reward_redemptions x
        WHERE x.reward_id = r.id AND x.customer_id = c.id AND x.status <> 'cancelled') >= r.per_customer_limit
        THEN 'limit_reached'
    END AS verdict
  FROM (SELECT 1) one
  LEFT JOIN customers c ON c.client_id = ${p('client_id')}::text AND c.id = ${p('customer_id')}::text
  LEFT JOIN rewards r ON r.client_id = ${p('client_id')}::text AND r.id = ${p('reward_id')}::text)`;

/**
 * A time of `rec` (REDEMPTION_COLUMNS reads them as text, in the session's time zone) as the API and every other
 * webhook write times: ISO 8601 in UTC.
 */
export const recTime = (column: 'expires_at' | 'used_at') =>
  sql.raw(isoTimestampSql(`rec.${column}::timestamptz`));

/** reward.redeemed's data (DESIGN §10), from the redemption row the same statement writes (`rec`). */
const redemptionWebhookData = sql`jsonb_build_object('customer_id', rec.customer_id, 'redemption',
  jsonb_build_object('_id', rec.id, 'reward_id', rec.reward_id, 'reward_name', rec.reward_name,
    'reward_type', rec.reward_type, 'status', rec.status, 'coupon_code', rec.coupon_code,
    'expires_at', ${recTime('expires_at')},
    'cost', jsonb_build_object('currency', rec.currency_id, 'amount', rec.cost::numeric),
    'balance_after', rec.balance_after::numeric))`;

/** The write statement's values (walletDebitCtes' bar what it reads from the reward, and these), filled per call. */
export type RedeemWriteValues = Omit<WalletDebitValues, 'amount' | 'currency_id' | 'reason'> & {
  /** The branches a principal may touch, comma-separated, or null for all. */
  branches: string | null;
  id: string;
  reward_id: string;
  idempotency_id: string;
  staff_user_id: string | null;
  redeemed_webhook_id: string;
  /** A code and its row's id, used if the reward generates its codes. */
  code: string;
  code_id: string;
  /** The staff member's audit row (unused without staff). */
  audit_id: string | null;
  actor_name: string | null;
  actor_ip: string | null;
};

/**
 * One from the stock after the debit: a limited reward's on its row, under its lock (held until the commit that
 * follows in the same query); an unlimited one's in this connection's shard (redemption-counts.ts).
 */
const stockCtes = sql`limited AS (
      UPDATE rewards SET redeemed = redeemed + 1, updated_at = now()
      WHERE id = ${p('reward_id')}::text AND stock IS NOT NULL AND redeemed < stock AND EXISTS (SELECT 1 FROM debit)
      RETURNING id),
    unlimited AS (
      INSERT INTO reward_redemption_counts AS n (reward_id, shard, client_id, redeemed)
      SELECT ${p('reward_id')}::text, ${SHARD}, ${p('client_id')}::text, 1 FROM debit, ctx WHERE ctx.stock IS NULL
      ON CONFLICT (reward_id, shard) DO UPDATE SET redeemed = n.redeemed + 1
      RETURNING reward_id AS id),
    stock AS (SELECT id FROM limited UNION ALL SELECT id FROM unlimited)`;

/** The code the stock taken issues: the pool's next free one (SKIP LOCKED), a generated one, or none. */
const codeCtes = sql`pool_code AS (
      UPDATE reward_codes SET redemption_id = ${p('id')}::text
      FROM ctx
      WHERE id = (SELECT id FROM reward_codes WHERE reward_id = ${p('reward_id')}::text AND redemption_id IS NULL
                  ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND EXISTS (SELECT 1 FROM stock) AND ctx.coupon->>'source' = 'pool'
      RETURNING code),
    generated_code AS (
      INSERT INTO reward_codes (id, client_id, reward_id, code, redemption_id)
      SELECT ${p('code_id')}::text, ${p('client_id')}::text, ${p('reward_id')}::text, ${p('code')}::text, ${p('id')}::text
      FROM stock, ctx WHERE ctx.coupon->>'source' = 'generated'
      RETURNING code),
    code AS (
      SELECT code FROM pool_code UNION ALL SELECT code FROM generated_code
      UNION ALL SELECT NULL FROM stock, ctx WHERE ctx.coupon IS NULL)`;

/**
 * A redemption's one statement, the last of its query (sent with the COMMIT): the checks (`ctx`), then, only where
 * they pass, the debit (walletDebitCtes: only where the balance covers the cost), then only after it one from the
 * stock and the code, the redemption with the balance after the debit, its reward.redeemed outbox row and, for staff,
 * the audit row. It answers the redemption, or the earlier one of the id, or refuses (`laurel_refuse`, so the COMMIT
 * is skipped and the caller rolls back): the verdict, 'insufficient_balance' when nothing was debited, 'out_of_stock'
 * when nothing was taken from the stock (none left, or the pool is empty).
 */
const redeemWrite = (staff: boolean) =>
  preparedStatement(sql`WITH ${contextCte},
    ${walletDebitCtes(sql`SELECT cost AS amount, currency_id, 'Redeemed: ' || name AS reason FROM ctx WHERE verdict IS NULL`)},
    ${stockCtes},
    ${codeCtes},
    rec AS (
      INSERT INTO reward_redemptions (id, client_id, reward_id, reward_name, reward_type, customer_id, branch_id,
        idempotency_id, status, coupon_code, expires_at, currency_id, cost, balance_after, staff_user_id, created_at)
      SELECT ${p('id')}::text, ${p('client_id')}::text, ${p('reward_id')}::text, ctx.name, ctx.type,
        ${p('customer_id')}::text, ctx.member_branch_id, ${p('idempotency_id')}::text, 'issued', code.code,
        ${p('occurred_at')}::timestamptz + make_interval(hours => 24 * (ctx.coupon->>'valid_days')::int), ctx.currency_id,
        ctx.cost, debit.balance, ${p('staff_user_id')}::text, ${p('occurred_at')}::timestamptz
      FROM ctx, stock, code, debit
      RETURNING ${REDEMPTION_COLUMNS}),
    earlier AS (
      SELECT ${REDEMPTION_COLUMNS} FROM reward_redemptions
      WHERE client_id = ${p('client_id')}::text AND idempotency_id = ${p('idempotency_id')}::text
        AND EXISTS (SELECT 1 FROM ctx WHERE verdict = 'repeat')),
    hooks AS (${outboxInsertOneSql({
      clientId: p('client_id'),
      type: 'reward.redeemed',
      customerId: p('customer_id'),
      from: sql`rec`,
      data: redemptionWebhookData,
      webhookId: p('redeemed_webhook_id'),
      createdAt: p('occurred_at'),
    })})${
      staff
        ? sql`,
    audit AS (
      INSERT INTO audit_log (id, client_id, actor_id, actor_name, action, entity, entity_id, summary, ip)
      SELECT ${p('audit_id')}::text, ${p('client_id')}::text, ${p('staff_user_id')}::text, ${p('actor_name')}::text,
        'reward.redeemed', 'customer', ${p('customer_id')}::text, 'Redeemed ' || rec.reward_name || ' for a customer',
        ${p('actor_ip')}::text
      FROM rec
      RETURNING 1)`
        : sql``
    },
    answer AS (SELECT *, false AS repeat FROM rec UNION ALL SELECT *, true FROM earlier)
    SELECT answer.*, ${wakeDispatchersSql('hooks')} + ${wakeDispatchersSql('debit_hooks')} AS hooks,
           CASE WHEN ctx.verdict = 'repeat' THEN NULL
                WHEN ctx.verdict IS NOT NULL THEN laurel_refuse(ctx.verdict)
                WHEN NOT EXISTS (SELECT 1 FROM debit) THEN laurel_refuse('insufficient_balance')
                WHEN answer.id IS NULL THEN laurel_refuse('out_of_stock') END AS refused
    FROM ctx LEFT JOIN answer ON true`);

const statements = new Map<boolean, ScriptPrepared>();

/** The write statement, with or without the staff audit row: compiled once each. */
const redeemWriteStatement = (staff: boolean) => {
  let statement = statements.get(staff);
  if (!statement) {
    statement = scriptPrepared(redeemWrite(staff));
    statements.set(staff, statement);
  }
  return statement;
};

/**
 * A redemption as one query (FastSession.commit): the customer's redemption lock (a customer's redemptions one at a
 * time, so the limit count and an earlier redemption of the id are seen) and the reward's, shared (so its stock stays
 * limited or unlimited until the commit: redemption-counts.ts); the wallet of the reward's currency locked (so the
 * write's snapshot sees every lot committed before); then the write, in a snapshot of its own after the locks.
 */
export const redeemScript = (values: RedeemWriteValues, staff: boolean) => {
  const write = redeemWriteStatement(staff);
  return {
    text: [
      `SELECT pg_advisory_xact_lock(${REDEMPTION_LOCK_NAMESPACE}, hashtext(${sqlLiteral(values.customer_id)})),
              ${rewardSharedLockText(sqlLiteral(values.reward_id))}`,
      executeSql(lockWallet, [values.client_id, values.customer_id, values.reward_id]),
      executePrepared(write, values),
    ].join(';\n'),
    uses: [lockWallet, write],
  };
};

/** The redemption the query wrote, or the earlier one of its id (`repeat`): the last statement's row. */
export const redeemedOf = (results: Record<string, unknown>[][]) =>
  results[results.length - 1]?.[0] as (RedemptionRecord & { repeat: boolean }) | undefined;
