import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  executeSql,
  preparedStatement,
  type ScriptPrepared,
  scriptPrepared,
  scriptStatement,
  sqlLiteral,
} from '../../db/fast-transaction';
import { lockWalletBody, walletDebitCtes } from '../../engine/economy/wallet-debit';
import { outboxInsertOneSql, wakeDispatchersSql } from '../../engine/webhooks/outbox';
import { isoTimestampSql } from '../../exports/csv-stream';
import { rewardSharedLockText, SHARD } from './redemption-counts';
import { REDEMPTION_COLUMNS, type RedemptionRecord, type RewardRecord } from './rewards.queries';

// Advisory lock namespace of a customer's redemptions (others: engine/core/locks.ts, exports, currencies).
const REDEMPTION_LOCK_NAMESPACE = 7_601;

const p = (name: string) => sql.placeholder(name);
const redemptionColumns = new PgDialect().sqlToQuery(REDEMPTION_COLUMNS).sql;

/** What one redemption reads after the customer's lock (so it sees every earlier commit). */
export type RedeemContext = {
  customer_id: string | null;
  customer_status: string | null;
  member_branch_id: string | null;
  reward_id: string | null;
  name: string;
  type: RewardRecord['type'];
  currency_id: string;
  cost: string;
  stock: number | null;
  active: boolean;
  available_from: string | null;
  available_to: string | null;
  coupon: RewardRecord['coupon'];
  per_customer_limit: number | null;
  held: number;
  member: boolean;
};

const lockWallet = scriptStatement(
  ['text', 'text', 'text'],
  lockWalletBody('(SELECT currency_id FROM rewards WHERE client_id = $1 AND id = $3)'),
);

const readContext = scriptStatement(
  ['text', 'text', 'text'],
  `SELECT c.id AS customer_id, c.status AS customer_status, c.member_branch_id,
       r.id AS reward_id, r.name, r.type, r.currency_id, r.cost::text AS cost, r.stock, r.active,
       r.available_from::text, r.available_to::text, r.coupon, r.per_customer_limit,
       CASE WHEN r.per_customer_limit IS NULL THEN 0 ELSE (SELECT count(*)::int FROM reward_redemptions x
         WHERE x.reward_id = r.id AND x.customer_id = c.id AND x.status <> 'cancelled') END AS held,
       (cardinality(r.segment_ids) = 0 OR EXISTS (SELECT 1 FROM segment_members m
         WHERE m.client_id = c.client_id AND m.customer_id = c.id AND m.segment_id = ANY(r.segment_ids))) AS member
FROM (SELECT 1) one
LEFT JOIN customers c ON c.client_id = $1 AND c.id = $2
LEFT JOIN rewards r ON r.client_id = $1 AND r.id = $3`,
);

const readEarlier = scriptStatement(
  ['text', 'text'],
  `SELECT ${redemptionColumns} FROM reward_redemptions WHERE client_id = $1 AND idempotency_id = $2`,
);

/** The statements the script EXECUTEs (prepared once per connection). */
export const REDEEM_READ_STATEMENTS = [lockWallet, readContext, readEarlier];

/**
 * The first round trip of a redemption, one script: the customer's redemption lock (a customer's redemptions one
 * at a time, so the limit count and an earlier redemption of the id are seen) and the reward's, shared (so its stock
 * stays limited or unlimited until the commit: redemption-counts.ts), the wallet of the reward's currency
 * locked (so the write statement's snapshot sees every lot committed before), the context (customer, reward, the
 * customer's count and segments) and the redemption an earlier request made with this id, each after the lock in a
 * snapshot of its own. Values are inlined as literals (`sqlLiteral`).
 */
export const redeemReadScript = (
  clientId: string,
  customerId: string,
  input: { id: string; reward_id: string },
) =>
  [
    `SELECT pg_advisory_xact_lock(${REDEMPTION_LOCK_NAMESPACE}, hashtext(${sqlLiteral(customerId)})),
            ${rewardSharedLockText(sqlLiteral(input.reward_id))}`,
    executeSql(lockWallet, [clientId, customerId, input.reward_id]),
    executeSql(readContext, [clientId, customerId, input.reward_id]),
    executeSql(readEarlier, [clientId, input.id]),
  ].join(';\n');

/** What the script answers, statement by statement. */
export const readOf = (results: Record<string, unknown>[][]) => ({
  context: results[2]?.[0] as RedeemContext,
  earlier: (results[3]?.[0] ?? null) as RedemptionRecord | null,
});

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

export type CodeSource = 'pool' | 'generated' | null;

/** The write statement's values (walletDebitCtes' and these), filled per call. */
export type RedeemWriteValues = {
  id: string;
  reward_id: string;
  reward_name: string;
  reward_type: string;
  idempotency_id: string;
  expires_at: string | null;
  staff_user_id: string | null;
  created_at: string;
  redeemed_webhook_id: string;
  /** A generated code and its row's id (unused for a pool or no code). */
  code: string | null;
  code_id: string | null;
  /** The staff member's audit row (unused without staff). */
  audit_id: string | null;
  actor_name: string | null;
  actor_ip: string | null;
  audit_summary: string | null;
};

/** One from the stock after the debit: a limited reward's on its row, under its lock; an unlimited one's in a shard. */
const stockCte = (limited: boolean) =>
  limited
    ? sql`UPDATE rewards SET redeemed = redeemed + 1, updated_at = now()
          WHERE id = ${p('reward_id')}::text AND redeemed < stock AND EXISTS (SELECT 1 FROM debit)
          RETURNING id`
    : sql`INSERT INTO reward_redemption_counts AS n (reward_id, shard, client_id, redeemed)
          SELECT ${p('reward_id')}::text, ${SHARD}, ${p('client_id')}::text, 1 FROM debit
          ON CONFLICT (reward_id, shard) DO UPDATE SET redeemed = n.redeemed + 1
          RETURNING reward_id AS id`;

const codeCte = (source: CodeSource) =>
  source === 'pool'
    ? sql`UPDATE reward_codes SET redemption_id = ${p('id')}::text
          WHERE id = (SELECT id FROM reward_codes WHERE reward_id = ${p('reward_id')}::text AND redemption_id IS NULL
                      ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
            AND EXISTS (SELECT 1 FROM stock)
          RETURNING code`
    : source === 'generated'
      ? sql`INSERT INTO reward_codes (id, client_id, reward_id, code, redemption_id)
            SELECT ${p('code_id')}::text, ${p('client_id')}::text, ${p('reward_id')}::text, ${p('code')}::text,
                   ${p('id')}::text
            FROM stock
            RETURNING code`
      : sql`SELECT NULL::text AS code FROM stock`;

/**
 * The second and last round trip, sent with the COMMIT (FastSession.commit): one statement that debits the wallet
 * (walletDebitCtes: only where the balance covers the cost), then only after that takes one from the stock (a limited
 * reward's under its row's lock, held until the commit that follows in the same query; stockCte), issues the code (the pool's next free one
 * by SKIP LOCKED, or the generated one), records the redemption with the balance after the debit, and writes the
 * reward.redeemed outbox row and, for staff, the audit row. It answers the redemption, or refuses
 * (`laurel_refuse`): 'insufficient_balance' when nothing was debited, 'out_of_stock' when no redemption followed the
 * debit (no stock left, or the pool is empty); the COMMIT is then skipped and the caller rolls back.
 */
const redeemWrite = (source: CodeSource, staff: boolean, limited: boolean) =>
  preparedStatement(sql`WITH ${walletDebitCtes()},
    stock AS (${stockCte(limited)}),
    code AS (${codeCte(source)}),
    rec AS (
      INSERT INTO reward_redemptions (id, client_id, reward_id, reward_name, reward_type, customer_id, branch_id,
        idempotency_id, status, coupon_code, expires_at, currency_id, cost, balance_after, staff_user_id, created_at)
      SELECT ${p('id')}::text, ${p('client_id')}::text, ${p('reward_id')}::text, ${p('reward_name')}::text,
        ${p('reward_type')}::text, ${p('customer_id')}::text, ${p('branch_id')}::text, ${p('idempotency_id')}::text,
        'issued', code.code, ${p('expires_at')}::timestamptz, ${p('currency_id')}::text, ${p('amount')}::numeric,
        debit.balance, ${p('staff_user_id')}::text, ${p('created_at')}::timestamptz
      FROM stock, code, debit
      RETURNING ${REDEMPTION_COLUMNS}),
    hooks AS (${outboxInsertOneSql({
      clientId: p('client_id'),
      type: 'reward.redeemed',
      customerId: p('customer_id'),
      from: sql`rec`,
      data: redemptionWebhookData,
      webhookId: p('redeemed_webhook_id'),
      createdAt: p('created_at'),
    })})${
      staff
        ? sql`,
    audit AS (
      INSERT INTO audit_log (id, client_id, actor_id, actor_name, action, entity, entity_id, summary, ip)
      SELECT ${p('audit_id')}::text, ${p('client_id')}::text, ${p('staff_user_id')}::text, ${p('actor_name')}::text,
        'reward.redeemed', 'customer', ${p('customer_id')}::text, ${p('audit_summary')}::text, ${p('actor_ip')}::text
      FROM rec
      RETURNING 1)`
        : sql``
    }
    SELECT rec.*, ${wakeDispatchersSql('hooks')} + ${wakeDispatchersSql('debit_hooks')} AS hooks,
           CASE WHEN NOT EXISTS (SELECT 1 FROM debit) THEN laurel_refuse('insufficient_balance')
                WHEN rec.id IS NULL THEN laurel_refuse('out_of_stock') END AS refused
    FROM (SELECT 1) one LEFT JOIN rec ON true`);

const statements = new Map<string, ScriptPrepared>();

/** The write statement for a code source, with or without the staff audit row, limited or not: compiled once each. */
export const redeemWriteStatement = (source: CodeSource, staff: boolean, limited: boolean) => {
  const key = `${source}:${staff}:${limited}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = scriptPrepared(redeemWrite(source, staff, limited));
    statements.set(key, statement);
  }
  return statement;
};
