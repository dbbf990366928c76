import { type SQL, sql } from 'drizzle-orm';
import { LOT_ORDER } from './lots';

const p = (name: string) => sql.placeholder(name);

/** The values `walletDebitCtes` reads (placeholders filled per call): one strict debit of one wallet. */
export type WalletDebitValues = {
  client_id: string;
  customer_id: string;
  branch_id: string | null;
  currency_id: string;
  /** The amount taken, a positive decimal string ("12.50"). */
  amount: string;
  /** The ledger row's id. */
  transaction_id: string;
  cause_kind: string;
  cause_id: string;
  event_id: string;
  reference: string;
  reason: string | null;
  /** ISO 8601. */
  occurred_at: string;
  /** The wallet.debited webhook's id and time (outbox.ts's newWebhookId, ISO 8601). */
  webhook_id: string;
  webhook_created_at: string;
};

/**
 * The one row of what to debit, as `walletDebitCtes` reads it (`amount` numeric, `currency_id`, `reason`): the
 * statement's values, only where `gate`, a condition of the caller's, holds (no row: nothing is debited).
 */
export const walletDebitArgs = (gate?: SQL) =>
  sql`SELECT ${p('amount')}::numeric AS amount, ${p('currency_id')}::text AS currency_id, ${p('reason')}::text AS reason${
    gate ? sql` WHERE ${gate}` : sql``
  }`;

/**
 * The CTEs of one statement that debits one wallet as applyWalletEffects does for a strict Spending row (DESIGN §4),
 * for callers that locked the wallet row (`lockWalletBody`) in an earlier statement of their transaction, so this
 * statement's snapshot sees every lot committed before the lock. `args` gives what to debit (walletDebitArgs' columns;
 * a redemption reads them from its reward), read once and joined where needed: every `(SELECT … FROM cte)` would be a
 * subplan of its own, and starting a plan's nodes is most of this statement's cost. `debit` takes the amount only
 * where the balance covers it (no row: insufficient balance, and nothing else below happens); `ledger` writes the row
 * with the balance after it; `lots` takes the amount from the wallet's lots in LOT_ORDER; `debit_hooks` writes the
 * wallet.debited outbox row. The caller adds its own CTEs and the final SELECT (with `wakeDispatchersSql('debit_hooks')`).
 */
export const walletDebitCtes = (args: SQL = walletDebitArgs()) => sql`
  debit_args AS MATERIALIZED (${args}),
  debit AS (
    UPDATE wallets w SET balance = w.balance - a.amount, updated_at = now()
    FROM debit_args a
    WHERE w.customer_id = ${p('customer_id')}::text AND w.currency_id = a.currency_id
      AND w.client_id = ${p('client_id')}::text AND w.balance >= a.amount
    RETURNING w.balance, a.amount, a.currency_id, a.reason),
  ledger AS (
    INSERT INTO economy_transactions (id, client_id, customer_id, branch_id, currency_id, transaction_type, value,
      wallet_balance_post_transaction, shortfall, cause_kind, cause_id, event_id, order_ref, reference, reason, occurred_at)
    SELECT ${p('transaction_id')}::text, ${p('client_id')}::text, ${p('customer_id')}::text, ${p('branch_id')}::text,
      debit.currency_id, 'Spending', -debit.amount, debit.balance, 0, ${p('cause_kind')}::text,
      ${p('cause_id')}::text, ${p('event_id')}::text, NULL, ${p('reference')}::text, debit.reason,
      ${p('occurred_at')}::timestamptz
    FROM debit
    RETURNING id, wallet_balance_post_transaction AS balance, currency_id, -value AS amount, reason),
  lots AS (
    UPDATE wallet_lots l SET remaining = l.remaining - least(l.remaining, c.amount - (c.cum - l.remaining))
    -- Only the lots the amount reaches are looked up again to be updated (the wallet's lock keeps the window's
    -- remaining equal to l.remaining), not every open lot.
    FROM (SELECT w.id, w.cum, d.amount FROM debit d
          CROSS JOIN LATERAL (SELECT id, remaining, sum(remaining) OVER (ORDER BY ${LOT_ORDER}) AS cum FROM wallet_lots
                              WHERE customer_id = ${p('customer_id')}::text AND currency_id = d.currency_id
                                AND remaining > 0) w
          WHERE w.cum - w.remaining < d.amount) c
    WHERE l.id = c.id AND c.cum - l.remaining < c.amount
    RETURNING 1),
  debit_hooks AS (
    INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
    SELECT substr(md5(e.id || ${p('webhook_id')}::text), 1, 24), e.client_id, e.id, ${p('webhook_id')}::text,
      'wallet.debited', ${p('customer_id')}::text,
      jsonb_build_object('id', ${p('webhook_id')}::text, 'type', 'wallet.debited',
        'created_at', ${p('webhook_created_at')}::text, 'client_id', ${p('client_id')}::text,
        'data', jsonb_build_object('customer_id', ${p('customer_id')}::text, 'currency_id', ledger.currency_id,
          'amount', trim_scale(ledger.amount), 'balance_after', trim_scale(ledger.balance),
          'transaction_id', ledger.id, 'transaction_type', 'Spending', 'reason', ledger.reason,
          'order_ref', NULL, 'occurred_at', ${p('occurred_at')}::text))
    FROM ledger
    JOIN webhook_endpoints e ON e.client_id = ${p('client_id')}::text AND e.active
     AND 'wallet.debited' = ANY (e.event_types)
    ON CONFLICT (id) DO NOTHING
    RETURNING 1)`;

/**
 * Locks one wallet row for the rest of the transaction, as a script statement (fast-transaction.ts) of `$1` the
 * client, `$2` the customer and `currency`, an expression of the statement's parameters that names the currency; no
 * row when the wallet does not exist. Its balance is read as text.
 */
export const lockWalletBody = (currency: string) =>
  `SELECT balance::text AS balance FROM wallets WHERE client_id = $1 AND customer_id = $2 AND currency_id = ${currency}
     FOR UPDATE`;
