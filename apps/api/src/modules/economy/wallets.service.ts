import {
  API_ERROR_MESSAGES,
  ECONOMY_API_MESSAGES as M,
  PRIVACY_MESSAGES,
  type TSpendResult,
  type ZSpendRequest,
  type ZWalletAdjustmentRequest,
} from '@laurel/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { fastTransaction, refusalOf } from '../../db/fast-transaction';
import { newId } from '../../db/ids';
import { currencies } from '../../db/schema';
import { creditWallet, InsufficientBalanceError } from '../../engine';
import { centsToDecimal, toCents } from '../../engine/economy/amounts';
import type { WalletDebitValues } from '../../engine/economy/wallet-debit';
import { newWebhookId } from '../../engine/webhooks/outbox';
import { branchesParam, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, HttpError, notFound } from '../../http/errors';
import { requestHash } from '../../http/request-hash';
import { type Actor, recordAudit } from '../audit/audit';
import { findPlayerCustomer } from '../players/players.queries';
import { spendReadOf, spendScript } from './spend.queries';
import { customerErased, customerLedger, customerWallets, ledgerRow } from './wallets.queries';

type SpendInput = z.output<typeof ZSpendRequest>;
type AdjustmentInput = z.output<typeof ZWalletAdjustmentRequest>;

/** A customer the principal may see (branch scope), or 404. */
const visibleCustomer = async (db: DbOrTx, principal: Principal, customerId: string) => {
  const customer = await findPlayerCustomer(db, principal.clientId, customerId);
  if (!customer || !mayAccessBranch(principal, customer.memberBranchId)) throw notFound(M.customerNotFound);
  return customer;
};

const liveCurrency = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await db
    .select({ id: currencies.id, name: currencies.name })
    .from(currencies)
    .where(and(eq(currencies.clientId, clientId), eq(currencies.id, id), isNull(currencies.deletedAt)));
  if (!row) throw notFound(M.currencyNotFound);
  return row;
};

/** A strict debit beyond the balance is the spec's 409 (DESIGN §3); the transaction is rolled back whole. */
const insufficientAsConflict = async <T>(work: Promise<T>) => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw conflict(M.insufficientBalance);
    throw error;
  }
};

/** Customers' wallets: the integrator's spend, an admin's adjustment, balances and the ledger. */
export const createWalletsService = (db: Db) => ({
  wallets: async (principal: Principal, customerId: string) => {
    await visibleCustomer(db, principal, customerId);
    return customerWallets(db, principal.clientId, customerId);
  },

  ledger: async (
    principal: Principal,
    customerId: string,
    page: { page: number; size: number; currencyId?: string; walletsOnly?: boolean },
  ) => {
    await visibleCustomer(db, principal, customerId);
    return customerLedger(db, principal.clientId, customerId, page);
  },

  /**
   * `POST /api/v1/players/{customer_id}/spend`, one round trip on PostgreSQL (spend.queries.ts): one query claims the
   * idempotency id, locks the wallet, reads the customer, the currency and the id's first request (a concurrent
   * repeat waits for the first and then answers what it answered), debits the wallet where this request holds the
   * claim (ledger row, lots, wallet.debited), stores the answer and commits. A spend that cannot be made (balance,
   * currency, customer) is refused inside that query and rolled back (a second trip), leaving no row: it may be retried.
   */
  spend: async (principal: Principal, customerId: string, input: SpendInput): Promise<TSpendResult> => {
    const { clientId } = principal;
    const hash = requestHash({
      customerId,
      currency: input.currency,
      amount: input.amount,
      reason: input.reason,
    });
    const now = new Date();
    const transactionId = newId();
    const answer = {
      id: input.id,
      customer_id: customerId,
      currency: input.currency,
      amount: input.amount,
      reason: input.reason,
      transaction_id: transactionId,
      created_at: now.toISOString(),
    };
    const values: WalletDebitValues & { answer: string; branches: string | null } = {
      client_id: clientId,
      customer_id: customerId,
      // The ledger row's branch is the customer's: its trigger fills it from the customer row.
      branch_id: null,
      currency_id: input.currency,
      amount: centsToDecimal(toCents(input.amount)),
      transaction_id: transactionId,
      cause_kind: 'spend',
      cause_id: input.id,
      event_id: input.id,
      reference: input.id,
      reason: input.reason,
      occurred_at: now.toISOString(),
      webhook_id: newWebhookId(),
      webhook_created_at: now.toISOString(),
      answer: JSON.stringify(answer),
      branches: branchesParam(principal),
    };
    const script = spendScript(clientId, customerId, input, hash, values);
    const results = await fastTransaction(db, (session) =>
      session.commit(script.text, script.uses).catch((error: unknown) => {
        const reason = refusalOf(error);
        if (reason === 'customer_not_found') throw notFound(M.customerNotFound);
        // A suspended member's points are frozen, as their rewards are; an erased one's were forfeited.
        if (reason === 'customer_suspended') throw conflict(API_ERROR_MESSAGES.customerSuspended);
        if (reason === 'customer_erased') throw conflict(PRIVACY_MESSAGES.alreadyErased);
        if (reason === 'currency_not_found') throw notFound(M.currencyNotFound);
        throw reason === 'insufficient_balance' ? conflict(M.insufficientBalance) : error;
      }),
    );
    // Committed: what this request wrote (nothing, unless it held the claim) and what it read.
    const read = spendReadOf(results);
    if (!read.customer.id || !mayAccessBranch(principal, read.customer.member_branch_id))
      throw notFound(M.customerNotFound);
    if (!read.claimed) {
      const { first } = read;
      if (!first?.answer || first.request_hash !== hash) throw conflict(M.spendConflict);
      return typeof first.answer === 'string' ? (JSON.parse(first.answer) as TSpendResult) : first.answer;
    }
    const balance = results[3]?.[0]?.balance as string;
    const { transaction_id, created_at, ...request } = answer;
    return { ...request, balance: Number(balance), transaction_id, created_at };
  },

  /**
   * An admin's manual credit or debit from the customer profile, with its reason, audit-logged. An erased customer's
   * wallet is closed (409): their balance was forfeited at erasure and they can never redeem a new one.
   */
  adjust: async (principal: Principal, actor: Actor, customerId: string, input: AdjustmentInput) => {
    const { clientId } = principal;
    const customer = await visibleCustomer(db, principal, customerId);
    const { transactionId, balance } = await db.transaction(async (tx) => {
      if (await customerErased(tx, clientId, customerId)) throw conflict(PRIVACY_MESSAGES.alreadyErased);
      const currency = await liveCurrency(tx, clientId, input.currency);
      const id = newId();
      const result = await insufficientAsConflict(
        creditWallet(tx, {
          clientId,
          customerId,
          branchId: customer.memberBranchId,
          currencyId: currency.id,
          amount: input.direction === 'credit' ? input.amount : -input.amount,
          transactionType: input.direction === 'credit' ? 'Earning Event' : 'Spending',
          cause: { kind: 'manual', id },
          eventId: id,
          occurredAt: new Date(),
          reference: id,
          reason: input.reason,
          fresh: true,
        }),
      );
      await recordAudit(tx, actor, {
        action: `wallet.${input.direction}`,
        entity: 'customer',
        entityId: customerId,
        summary: `${input.direction === 'credit' ? 'Credited' : 'Debited'} ${input.amount.toFixed(2)} ${currency.name}: ${input.reason}`,
        changes: { balance: { from: null, to: result.balance } },
      });
      return result;
    });
    const transaction = transactionId ? await ledgerRow(db, clientId, transactionId) : null;
    if (!transaction) throw new HttpError(500, 'The adjustment was not recorded.');
    return { balance: Number(balance), transaction };
  },
});
