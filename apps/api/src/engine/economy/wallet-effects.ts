import type { TEconomyCauseKind, TEconomyTransactionType } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../core/sql';
import {
  MANY_WEBHOOKS,
  outboxInsertSql,
  subscribedOnly,
  type WebhookMessage,
  wakeDispatchersSql,
} from '../webhooks/outbox';
import { centsToDecimal, toCents } from './amounts';
import { consumeLots, consumeLotsSql, lotExpirySql } from './lots';

export type EconomyCause = { kind: TEconomyCauseKind; id: string };

/** One movement of one wallet. A debit (negative cents) is refused beyond the balance, or clamped ('clamp'). */
export type WalletEffect = {
  clientId: string;
  customerId: string;
  branchId: string | null;
  currencyId: string;
  cents: number;
  transactionType: TEconomyTransactionType;
  cause: EconomyCause;
  eventId: string;
  occurredAt: Date;
  /** 'clamp' (clawbacks, expiry): take what is there and record the rest as the row's shortfall. */
  mode?: 'strict' | 'clamp';
  orderRef?: string | null;
  reference?: string;
  reason?: string | null;
};

export type WalletEffectResult = {
  transactionId: string | null;
  balanceCents: number;
  appliedCents: number;
  shortfallCents: number;
  /** The effect (same cause, event and currency) was applied before; nothing changed now. */
  duplicate: boolean;
};

/** A strict debit the balance does not cover; nothing of the call was written. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly customerId: string,
    readonly currencyId: string,
    readonly balanceCents: number,
  ) {
    super('Insufficient balance');
  }
}

const walletKey = (customerId: string, currencyId: string) => `${customerId}\u0000${currencyId}`;
const effectKey = (e: { clientId: string; cause: EconomyCause; eventId: string; currencyId: string }) =>
  [e.clientId, e.cause.kind, e.cause.id, e.eventId, e.currencyId].join('\u001f');

/** Locks (creating at 0 where missing) each wallet, in a fixed order, and reads its balance. */
const lockWallets = async (tx: DbOrTx, effects: readonly WalletEffect[]) => {
  const distinct = new Map<string, WalletEffect>();
  for (const effect of effects) distinct.set(walletKey(effect.customerId, effect.currencyId), effect);
  const list = [...distinct.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  const rows = await rowsOf<{ customer_id: string; currency_id: string; balance: string }>(
    tx,
    sql`INSERT INTO wallets (client_id, customer_id, currency_id)
        SELECT w.client_id, w.customer_id, w.currency_id FROM unnest(${arrayParam(list.map((e) => e.clientId))}::text[],
                             ${arrayParam(list.map((e) => e.customerId))}::text[],
                             ${arrayParam(list.map((e) => e.currencyId))}::text[]) WITH ORDINALITY AS w(client_id, customer_id, currency_id, n)
        ORDER BY n
        ON CONFLICT (customer_id, currency_id) DO UPDATE SET updated_at = wallets.updated_at
        RETURNING customer_id, currency_id, balance::text AS balance`,
  );
  return new Map(rows.map((row) => [walletKey(row.customer_id, row.currency_id), toCents(row.balance)]));
};

/** The effects already in the ledger (a replay), by effect key, with what they answered then. */
const appliedBefore = async (tx: DbOrTx, effects: readonly WalletEffect[]) => {
  const rows = await rowsOf<{
    key: string;
    id: string;
    balance: string | null;
    value: string;
    shortfall: string;
  }>(
    tx,
    sql`SELECT concat_ws(chr(31), e.client_id, e.cause_kind, e.cause_id, e.event_id, coalesce(e.currency_id, '')) AS key,
               e.id, e.wallet_balance_post_transaction::text AS balance, e.value::text AS value, e.shortfall::text AS shortfall
        FROM economy_transactions e
        JOIN unnest(${arrayParam(effects.map((e) => e.clientId))}::text[], ${arrayParam(effects.map((e) => e.cause.kind))}::text[],
                    ${arrayParam(effects.map((e) => e.cause.id))}::text[], ${arrayParam(effects.map((e) => e.eventId))}::text[],
                    ${arrayParam(effects.map((e) => e.currencyId))}::text[]) AS k(client_id, kind, cause_id, event_id, currency_id)
          ON e.client_id = k.client_id AND e.cause_kind = k.kind AND e.cause_id = k.cause_id AND e.event_id = k.event_id
         AND coalesce(e.currency_id, '') = k.currency_id`,
  );
  return new Map(rows.map((row) => [row.key, row]));
};

type LedgerRow = {
  id: string;
  effect: WalletEffect;
  valueCents: number;
  balanceCents: number;
  shortfallCents: number;
};

/** `wallet.credited` / `wallet.debited` (DESIGN §10): written by the same statement as the ledger row. */
const walletWebhook = (row: LedgerRow): WebhookMessage => ({
  clientId: row.effect.clientId,
  type: row.valueCents > 0 ? 'wallet.credited' : 'wallet.debited',
  customerId: row.effect.customerId,
  data: {
    customer_id: row.effect.customerId,
    currency_id: row.effect.currencyId,
    amount: Number(centsToDecimal(Math.abs(row.valueCents))),
    balance_after: Number(centsToDecimal(row.balanceCents)),
    transaction_id: row.id,
    transaction_type: row.effect.transactionType,
    reason: row.effect.reason ?? null,
    order_ref: row.effect.orderRef ?? null,
    occurred_at: row.effect.occurredAt.toISOString(),
  },
});

/**
 * Applies wallet movements in order (DESIGN §4, §5): locks every wallet touched, skips effects already in the
 * ledger, keeps running balances, and writes every ledger row, balance and lot in one statement, then takes the
 * debits from the lots. Callers pass one effect (a spend, a challenge reward) or a whole batch's (earning).
 * A wallet's balance is the sum of its ledger rows before and after, and never negative.
 */
export const applyWalletEffects = async (
  tx: DbOrTx,
  effects: readonly WalletEffect[],
  options: {
    /** The caller knows these effects are new (a claimed spend id, a new adjustment id): no replay check. */
    fresh?: boolean;
    /**
     * Customers this transaction created (an import's new members): they have no wallet yet, so theirs are
     * inserted once with the final balance instead of created at 0, locked and updated.
     */
    newCustomers?: ReadonlySet<string>;
  } = {},
): Promise<WalletEffectResult[]> => {
  if (effects.length === 0) return [];
  const isNew = (customerId: string) => options.newCustomers?.has(customerId) ?? false;
  const existing = options.newCustomers ? effects.filter((e) => !isNew(e.customerId)) : effects;
  const balances = existing.length > 0 ? await lockWallets(tx, existing) : new Map<string, number>();
  const before = options.fresh ? new Map<string, never>() : await appliedBefore(tx, effects);
  const seen = new Set<string>();
  const rows: LedgerRow[] = [];
  const results = effects.map((effect): WalletEffectResult => {
    const wallet = walletKey(effect.customerId, effect.currencyId);
    const balance = balances.get(wallet) ?? 0;
    const key = effectKey(effect);
    const earlier = before.get(key);
    if (earlier || seen.has(key)) {
      return {
        transactionId: earlier?.id ?? null,
        balanceCents: earlier?.balance ? toCents(earlier.balance) : balance,
        appliedCents: earlier ? toCents(earlier.value) : 0,
        shortfallCents: earlier ? toCents(earlier.shortfall) : 0,
        duplicate: true,
      };
    }
    seen.add(key);
    let applied = effect.cents;
    let shortfall = 0;
    if (applied < 0 && -applied > balance) {
      if (effect.mode !== 'clamp')
        throw new InsufficientBalanceError(effect.customerId, effect.currencyId, balance);
      shortfall = -applied - balance;
      applied = -balance;
    }
    if (applied === 0 && shortfall === 0) {
      return {
        transactionId: null,
        balanceCents: balance,
        appliedCents: 0,
        shortfallCents: 0,
        duplicate: false,
      };
    }
    const after = balance + applied;
    balances.set(wallet, after);
    const row = { id: newId(), effect, valueCents: applied, balanceCents: after, shortfallCents: shortfall };
    rows.push(row);
    return {
      transactionId: row.id,
      balanceCents: after,
      appliedCents: applied,
      shortfallCents: shortfall,
      duplicate: false,
    };
  });
  if (rows.length === 0) return results;

  const credits = rows.filter((row) => row.valueCents > 0);
  const finals = [...balances.entries()].map(([key, cents]) => {
    const [customerId, currencyId] = key.split('\u0000') as [string, string];
    return { customerId, currencyId, cents };
  });
  const updated = finals.filter((f) => !isNew(f.customerId));
  const opened = finals.filter((f) => isNew(f.customerId));
  const clientOf = new Map(rows.map((row) => [row.effect.customerId, row.effect.clientId]));
  // New members' wallets, inserted with their final balance (no row existed to lock or update).
  const openedCte =
    opened.length === 0
      ? sql``
      : sql`, opened AS (
      INSERT INTO wallets (client_id, customer_id, currency_id, balance)
      SELECT * FROM unnest(${arrayParam(opened.map((f) => clientOf.get(f.customerId)))}::text[],
                           ${arrayParam(opened.map((f) => f.customerId))}::text[], ${arrayParam(opened.map((f) => f.currencyId))}::text[],
                           ${arrayParam(opened.map((f) => centsToDecimal(f.cents)))}::numeric[])
      RETURNING 1
    )`;
  const col = <T>(pick: (row: LedgerRow) => T) => arrayParam(rows.map(pick));
  const debits = rows
    .filter((row) => row.valueCents < 0)
    .map((row) => ({
      customerId: row.effect.customerId,
      currencyId: row.effect.currencyId,
      cents: -row.valueCents,
    }));
  // Without credits no lot is made here, so the debits can take from the lots in the same statement.
  const consumeNow = credits.length === 0 ? consumeLotsSql(debits) : null;
  // The webhooks ride in the same statement; a whole batch's are first filtered to the types some endpoint takes.
  const moved = rows.filter((row) => row.valueCents !== 0).map(walletWebhook);
  const hooks = moved.length > MANY_WEBHOOKS ? await subscribedOnly(tx, moved) : moved;
  await tx.execute(sql`
    WITH ledger AS (
      INSERT INTO economy_transactions (id, client_id, customer_id, branch_id, currency_id, transaction_type, value,
        wallet_balance_post_transaction, shortfall, cause_kind, cause_id, event_id, order_ref, reference, reason, occurred_at)
      SELECT * FROM unnest(${col((r) => r.id)}::text[], ${col((r) => r.effect.clientId)}::text[],
        ${col((r) => r.effect.customerId)}::text[], ${col((r) => r.effect.branchId)}::text[],
        ${col((r) => r.effect.currencyId)}::text[], ${col((r) => r.effect.transactionType)}::text[],
        ${col((r) => centsToDecimal(r.valueCents))}::numeric[], ${col((r) => centsToDecimal(r.balanceCents))}::numeric[],
        ${col((r) => centsToDecimal(r.shortfallCents))}::numeric[], ${col((r) => r.effect.cause.kind)}::text[],
        ${col((r) => r.effect.cause.id)}::text[], ${col((r) => r.effect.eventId)}::text[],
        ${col((r) => r.effect.orderRef ?? null)}::text[], ${col((r) => r.effect.reference ?? r.effect.eventId)}::text[],
        ${col((r) => r.effect.reason ?? null)}::text[], ${col((r) => r.effect.occurredAt.toISOString())}::timestamptz[])
      RETURNING 1
    ), balance AS (
      UPDATE wallets w SET balance = b.balance, updated_at = now()
      FROM unnest(${arrayParam(updated.map((f) => f.customerId))}::text[], ${arrayParam(updated.map((f) => f.currencyId))}::text[],
                  ${arrayParam(updated.map((f) => centsToDecimal(f.cents)))}::numeric[]) AS b(customer_id, currency_id, balance)
      WHERE w.customer_id = b.customer_id AND w.currency_id = b.currency_id
      RETURNING 1
    )${openedCte}, lots AS (
      INSERT INTO wallet_lots (id, client_id, customer_id, currency_id, transaction_id, amount, remaining, expires_at)
      SELECT l.id, l.client_id, l.customer_id, l.currency_id, l.transaction_id, l.amount, l.amount, ${lotExpirySql(sql`l.occurred_at`)}
      FROM unnest(${arrayParam(credits.map(() => newId()))}::text[], ${arrayParam(credits.map((r) => r.effect.clientId))}::text[],
                  ${arrayParam(credits.map((r) => r.effect.customerId))}::text[], ${arrayParam(credits.map((r) => r.effect.currencyId))}::text[],
                  ${arrayParam(credits.map((r) => r.id))}::text[], ${arrayParam(credits.map((r) => centsToDecimal(r.valueCents)))}::numeric[],
                  ${arrayParam(credits.map((r) => r.effect.occurredAt.toISOString()))}::timestamptz[])
        AS l(id, client_id, customer_id, currency_id, transaction_id, amount, occurred_at)
      JOIN currencies c ON c.id = l.currency_id
      JOIN clients cl ON cl.id = l.client_id
      RETURNING 1
    ), hooks AS (${outboxInsertSql(hooks)})${consumeNow ? sql`, consumed AS (${consumeNow} RETURNING 1)` : sql``}
    SELECT (SELECT count(*) FROM ledger) AS ledger, (SELECT count(*) FROM balance) AS balance, (SELECT count(*) FROM lots) AS lots,
           ${wakeDispatchersSql('hooks')} AS hooks`);
  if (!consumeNow) await consumeLots(tx, debits);
  return results;
};

export type CreditWalletInput = {
  clientId: string;
  customerId: string;
  branchId: string | null;
  currencyId: string;
  /** A decimal string or number: positive credits, negative debits. */
  amount: string | number;
  transactionType: TEconomyTransactionType;
  cause: EconomyCause;
  eventId: string;
  occurredAt: Date;
  reference?: string;
  reason?: string | null;
  orderRef?: string | null;
  /** A debit beyond the balance takes what is there (shortfall recorded) instead of throwing. */
  allowShortfall?: boolean;
  /** The caller guarantees this (cause, event) is new, so the replay check is skipped (the unique key still holds). */
  fresh?: boolean;
};

/**
 * Credits (or debits) one wallet inside the caller's transaction: locks the wallet row, writes the ledger row
 * with the balance after it, and is idempotent on (cause, event, currency): a repeat changes nothing and answers
 * the first balance. A debit the balance cannot cover throws InsufficientBalanceError unless allowShortfall.
 */
export const creditWallet = async (tx: DbOrTx, input: CreditWalletInput) => {
  const [result] = await applyWalletEffects(
    tx,
    [
      {
        clientId: input.clientId,
        customerId: input.customerId,
        branchId: input.branchId,
        currencyId: input.currencyId,
        cents: toCents(input.amount),
        transactionType: input.transactionType,
        cause: input.cause,
        eventId: input.eventId,
        occurredAt: input.occurredAt,
        mode: input.allowShortfall ? 'clamp' : 'strict',
        orderRef: input.orderRef ?? null,
        reference: input.reference,
        reason: input.reason ?? null,
      },
    ],
    { fresh: input.fresh },
  );
  if (!result) throw new Error('creditWallet: no result');
  return {
    balance: centsToDecimal(result.balanceCents),
    transactionId: result.transactionId,
    applied: centsToDecimal(result.appliedCents),
    shortfall: centsToDecimal(result.shortfallCents),
    duplicate: result.duplicate,
  };
};
