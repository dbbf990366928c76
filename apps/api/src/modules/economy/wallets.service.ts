import {
  ECONOMY_API_MESSAGES as M,
  type TSpendResult,
  type ZSpendRequest,
  type ZWalletAdjustmentRequest,
} from '@laurel/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { rowsOf } from '../../db/raw-sql';
import { currencies } from '../../db/schema';
import { creditWallet, InsufficientBalanceError } from '../../engine';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, HttpError, notFound } from '../../http/errors';
import { requestHash } from '../../http/request-hash';
import { type Actor, recordAudit } from '../audit/audit';
import { findPlayerCustomer } from '../players/players.queries';
import { customerLedger, customerWallets, ledgerRow } from './wallets.queries';

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
    page: { page: number; size: number; currencyId?: string },
  ) => {
    await visibleCustomer(db, principal, customerId);
    return customerLedger(db, principal.clientId, customerId, page);
  },

  /**
   * `POST /api/v1/players/{customer_id}/spend`: the idempotency row is claimed first, so a concurrent repeat
   * waits for the first and then answers what it answered; a refused spend leaves no row (it may be retried).
   */
  spend: async (principal: Principal, customerId: string, input: SpendInput): Promise<TSpendResult> => {
    const { clientId } = principal;
    const customer = await visibleCustomer(db, principal, customerId);
    const hash = requestHash({
      customerId,
      currency: input.currency,
      amount: input.amount,
      reason: input.reason,
    });
    return db.transaction(async (tx) => {
      const claimed = await rowsOf<{ claimed: number }>(
        tx,
        sql`INSERT INTO spend_requests (client_id, idempotency_id, customer_id, request_hash)
            VALUES (${clientId}, ${input.id}, ${customerId}, ${hash})
            ON CONFLICT (client_id, idempotency_id) DO NOTHING RETURNING 1 AS claimed`,
      );
      if (claimed.length === 0) {
        const [first] = await rowsOf<{ request_hash: string; answer: TSpendResult | string | null }>(
          tx,
          sql`SELECT request_hash, answer FROM spend_requests WHERE client_id = ${clientId} AND idempotency_id = ${input.id}`,
        );
        if (!first?.answer || first.request_hash !== hash) throw conflict(M.spendConflict);
        return typeof first.answer === 'string' ? (JSON.parse(first.answer) as TSpendResult) : first.answer;
      }
      await liveCurrency(tx, clientId, input.currency);
      const now = new Date();
      const result = await insufficientAsConflict(
        creditWallet(tx, {
          clientId,
          customerId,
          branchId: customer.memberBranchId,
          currencyId: input.currency,
          amount: -input.amount,
          transactionType: 'Spending',
          cause: { kind: 'spend', id: input.id },
          eventId: input.id,
          occurredAt: now,
          reference: input.id,
          reason: input.reason,
          // The spend id was just claimed in spend_requests: this effect cannot be in the ledger yet.
          fresh: true,
        }),
      );
      const answer: TSpendResult = {
        id: input.id,
        customer_id: customerId,
        currency: input.currency,
        amount: input.amount,
        reason: input.reason,
        balance: Number(result.balance),
        transaction_id: result.transactionId ?? '',
        created_at: now.toISOString(),
      };
      await tx.execute(
        sql`UPDATE spend_requests SET answer = ${JSON.stringify(answer)}::jsonb
            WHERE client_id = ${clientId} AND idempotency_id = ${input.id}`,
      );
      return answer;
    });
  },

  /** An admin's manual credit or debit from the customer profile, with its reason, audit-logged. */
  adjust: async (principal: Principal, actor: Actor, customerId: string, input: AdjustmentInput) => {
    const { clientId } = principal;
    const customer = await visibleCustomer(db, principal, customerId);
    const { transactionId, balance } = await db.transaction(async (tx) => {
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
