import type { TSpendResult } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  executeSql,
  preparedStatement,
  type ScriptPrepared,
  scriptPrepared,
  scriptStatement,
} from '../../db/fast-transaction';
import { lockWalletBody, walletDebitCtes } from '../../engine/economy/wallet-debit';
import { wakeDispatchersSql } from '../../engine/webhooks/outbox';

/** What a spend reads in its first round trip. */
export type SpendRead = {
  claimed: boolean;
  customer: { id: string | null; member_branch_id: string | null };
  currencyLive: boolean;
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
  ['text', 'text', 'text', 'text'],
  `SELECT c.id, c.member_branch_id,
       EXISTS (SELECT 1 FROM currencies cu WHERE cu.client_id = $1 AND cu.id = $3 AND cu.deleted_at IS NULL)
         AS currency_live,
       s.request_hash, s.answer
FROM (SELECT 1) one
LEFT JOIN customers c ON c.client_id = $1 AND c.id = $2
LEFT JOIN spend_requests s ON s.client_id = $1 AND s.idempotency_id = $4`,
);

/** The statements the script EXECUTEs (prepared once per connection). */
export const SPEND_READ_STATEMENTS = [claim, lockWallet, readSpend];

/**
 * The first round trip of `POST …/spend`, one script: claims the idempotency id (only for a customer of the client;
 * a concurrent request with the same id waits here for the first one's commit or rollback), locks the wallet (so
 * the write statement's snapshot sees every lot committed before), then reads the customer, whether the currency is
 * live and the request that holds the id, in a statement of its own that sees the first one's commit.
 */
export const spendReadScript = (
  clientId: string,
  customerId: string,
  input: { id: string; currency: string },
  requestHash: string,
) =>
  [
    executeSql(claim, [clientId, customerId, input.id, requestHash]),
    executeSql(lockWallet, [clientId, customerId, input.currency]),
    executeSql(readSpend, [clientId, customerId, input.currency, input.id]),
  ].join(';\n');

export const spendReadOf = (results: Record<string, unknown>[][]): SpendRead => {
  const row = results[2]?.[0] as {
    id: string | null;
    member_branch_id: string | null;
    currency_live: boolean;
    request_hash: string | null;
    answer: TSpendResult | string | null;
  };
  return {
    claimed: (results[0]?.length ?? 0) > 0,
    customer: { id: row.id, member_branch_id: row.member_branch_id },
    currencyLive: row.currency_live,
    first: row.request_hash === null ? null : { request_hash: row.request_hash, answer: row.answer },
  };
};

let statement: ScriptPrepared | null = null;

/**
 * The second and last round trip, sent with the COMMIT (FastSession.commit): the debit (walletDebitCtes: only where
 * the balance covers it) and the spend's answer stored on its claimed row, with the balance after it. When the balance
 * does not cover it the statement refuses ('insufficient_balance'), the COMMIT is skipped and the caller rolls back.
 */
export const spendWriteStatement = () => {
  statement ??= scriptPrepared(
    preparedStatement(sql`WITH ${walletDebitCtes()},
    answered AS (
      UPDATE spend_requests
      SET answer = ${sql.placeholder('answer')}::jsonb || jsonb_build_object('balance', trim_scale(ledger.balance))
      FROM ledger
      WHERE client_id = ${sql.placeholder('client_id')}::text AND idempotency_id = ${sql.placeholder('event_id')}::text
      RETURNING 1)
    SELECT ledger.balance::text AS balance, (SELECT count(*)::int FROM answered) AS answered,
           ${wakeDispatchersSql('debit_hooks')} AS hooks,
           CASE WHEN ledger.balance IS NULL THEN laurel_refuse('insufficient_balance') END AS refused
    FROM (SELECT 1) one LEFT JOIN ledger ON true`),
  );
  return statement;
};
