import type { TSpendResult } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  executePrepared,
  executeSql,
  preparedStatement,
  type ScriptPrepared,
  scriptPrepared,
  scriptStatement,
} from '../../db/fast-transaction';
import { lockWalletBody, walletDebitArgs, walletDebitCtes } from '../../engine/economy/wallet-debit';
import { wakeDispatchersSql } from '../../engine/webhooks/outbox';
import { inScopeBranchSql } from '../../http/auth/branch-scope';

/** What a spend's query reads before its write. */
export type SpendRead = {
  claimed: boolean;
  customer: { id: string | null; member_branch_id: string | null };
  /** The request that claimed the id first (when this one did not). */
  first: { request_hash: string; answer: TSpendResult | string | null } | null;
};

const claim = scriptStatement(
  ['text', 'text', 'text', 'text'],
  `INSERT INTO spend_requests (client_id, idempotency_id, customer_id, request_hash)
  SELECT $1, $3, $2, $4 WHERE EXISTS (SELECT 1 FROM customers WHERE client_id = $1 AND id = $2)
  ON CONFLICT (client_id, idempotency_id) DO NOTHING RETURNING 1 AS claimed`,
);

const lockWallet = scriptStatement(['text', 'text', 'text'], lockWalletBody('$3'));

const readSpend = scriptStatement(
  ['text', 'text', 'text'],
  `SELECT c.id, c.member_branch_id, s.request_hash, s.answer
FROM (SELECT 1) one
LEFT JOIN customers c ON c.client_id = $1 AND c.id = $2
LEFT JOIN spend_requests s ON s.client_id = $1 AND s.idempotency_id = $3`,
);

let statement: ScriptPrepared | null = null;

/**
 * The write of a spend, the last statement of its one query: it acts only where this transaction holds the id's
 * claim (the claimed row, whose answer is empty until this statement stores it; a committed claim always has one),
 * the currency is live and the customer's branch is one the caller may touch (`branches`: comma-separated ids, null
 * for all). Then the debit (walletDebitCtes: only where the balance covers it; the ledger row's branch is the
 * customer's, filled by its trigger) and the spend's answer stored on the claimed row with the balance after it.
 * Holding the claim, it refuses (`laurel_refuse`) a customer out of reach, suspended or erased, a deleted currency and
 * a balance that does not cover the amount, so the COMMIT after it is skipped and the claim goes with the rollback.
 */
const spendWriteStatement = () => {
  statement ??= scriptPrepared(
    preparedStatement(sql`WITH gate AS MATERIALIZED (
      SELECT EXISTS (SELECT 1 FROM spend_requests WHERE client_id = ${sql.placeholder('client_id')}::text
                       AND idempotency_id = ${sql.placeholder('event_id')}::text AND answer IS NULL) AS claimed,
             EXISTS (SELECT 1 FROM currencies WHERE client_id = ${sql.placeholder('client_id')}::text
                       AND id = ${sql.placeholder('currency_id')}::text AND deleted_at IS NULL) AS currency_live,
             (SELECT status FROM customers
               WHERE client_id = ${sql.placeholder('client_id')}::text AND id = ${sql.placeholder('customer_id')}::text
                 AND ${inScopeBranchSql(sql`member_branch_id`)}) AS status),
    ${walletDebitCtes(
      walletDebitArgs(
        sql`(SELECT claimed AND currency_live AND status NOT IN ('SUSPENDED', 'ERASED') FROM gate)`,
      ),
    )},
    answered AS (
      UPDATE spend_requests
      SET answer = ${sql.placeholder('answer')}::jsonb || jsonb_build_object('balance', trim_scale(ledger.balance))
      FROM ledger
      WHERE client_id = ${sql.placeholder('client_id')}::text AND idempotency_id = ${sql.placeholder('event_id')}::text
      RETURNING 1)
    SELECT ledger.balance::text AS balance, (SELECT count(*)::int FROM answered) AS answered,
           ${wakeDispatchersSql('debit_hooks')} AS hooks,
           CASE WHEN NOT gate.claimed THEN NULL
                WHEN gate.status IS NULL THEN laurel_refuse('customer_not_found')
                WHEN gate.status = 'SUSPENDED' THEN laurel_refuse('customer_suspended')
                WHEN gate.status = 'ERASED' THEN laurel_refuse('customer_erased')
                WHEN NOT gate.currency_live THEN laurel_refuse('currency_not_found')
                WHEN ledger.balance IS NULL THEN laurel_refuse('insufficient_balance') END AS refused
    FROM gate LEFT JOIN ledger ON true`),
  );
  return statement;
};

/**
 * `POST …/spend` as one query (FastSession.commit): claims the idempotency id (only for a customer of the client; a
 * concurrent request with the same id waits here for the first one's commit or rollback), locks the wallet (so the
 * write's snapshot sees every lot committed before), reads the customer and the request that holds the id, in a
 * statement of its own that sees the first one's commit, then the write.
 */
export const spendScript = (
  clientId: string,
  customerId: string,
  input: { id: string; currency: string },
  requestHash: string,
  write: Record<string, unknown>,
) => {
  const statement = spendWriteStatement();
  return {
    text: [
      executeSql(claim, [clientId, customerId, input.id, requestHash]),
      executeSql(lockWallet, [clientId, customerId, input.currency]),
      executeSql(readSpend, [clientId, customerId, input.id]),
      executePrepared(statement, write),
    ].join(';\n'),
    uses: [claim, lockWallet, readSpend, statement],
  };
};

export const spendReadOf = (results: Record<string, unknown>[][]): SpendRead => {
  const row = results[2]?.[0] as {
    id: string | null;
    member_branch_id: string | null;
    request_hash: string | null;
    answer: TSpendResult | string | null;
  };
  return {
    claimed: (results[0]?.length ?? 0) > 0,
    customer: { id: row.id, member_branch_id: row.member_branch_id },
    first: row.request_hash === null ? null : { request_hash: row.request_hash, answer: row.answer },
  };
};
