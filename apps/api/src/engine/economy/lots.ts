import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam } from '../core/sql';

/**
 * When an amount credited at `occurred` expires, by its currency's policy (`c`) in its client's time zone (`cl`):
 * never, N days later, or at the first instant of the next month or year.
 */
export const lotExpirySql = (occurred: SQL) => sql`CASE c.expiry_policy
    WHEN 'after_days' THEN ${occurred} + make_interval(days => coalesce(c.expiry_days, 0))
    WHEN 'end_of_month' THEN (date_trunc('month', ${occurred} AT TIME ZONE cl.time_zone) + interval '1 month') AT TIME ZONE cl.time_zone
    WHEN 'end_of_year' THEN (date_trunc('year', ${occurred} AT TIME ZONE cl.time_zone) + interval '1 year') AT TIME ZONE cl.time_zone
    ELSE NULL END`;

/** The order debits take from a wallet's lots: what expires first, then the oldest. */
export const LOT_ORDER = sql`expires_at ASC NULLS LAST, created_at, id`;

export type LotDebit = { customerId: string; currencyId: string; cents: number };

/**
 * Takes each wallet's debited total from its lots in LOT_ORDER, in one statement for every wallet. The callers
 * hold the wallets' row locks, so nobody else moves these lots meanwhile; a wallet's lots always add up to its
 * balance, so they always cover a debit the balance covered.
 */
export const consumeLotsSql = (debits: readonly LotDebit[]) => {
  const totals = new Map<string, LotDebit>();
  for (const debit of debits) {
    if (debit.cents <= 0) continue;
    const key = `${debit.customerId}\u0000${debit.currencyId}`;
    const entry = totals.get(key) ?? { ...debit, cents: 0 };
    entry.cents += debit.cents;
    totals.set(key, entry);
  }
  const list = [...totals.values()];
  if (list.length === 0) return null;
  return sql`
    UPDATE wallet_lots l SET remaining = l.remaining - least(l.remaining, d.amount - (c.cum - l.remaining))
    FROM (SELECT id, customer_id, currency_id, remaining,
                 sum(remaining) OVER (PARTITION BY customer_id, currency_id ORDER BY ${LOT_ORDER}) AS cum
          FROM wallet_lots
          WHERE customer_id = ANY(${arrayParam(list.map((d) => d.customerId))}::text[]) AND remaining > 0) c
    JOIN unnest(${arrayParam(list.map((d) => d.customerId))}::text[], ${arrayParam(list.map((d) => d.currencyId))}::text[],
                ${arrayParam(list.map((d) => d.cents))}::bigint[]) AS d0(customer_id, currency_id, cents)
      ON d0.customer_id = c.customer_id AND d0.currency_id = c.currency_id
    CROSS JOIN LATERAL (SELECT d0.cents / 100.0 AS amount) d
    -- c.remaining's test lets the planner drop the lots the amount does not reach before looking them up again.
    WHERE c.cum - c.remaining < d.amount AND l.id = c.id AND c.cum - l.remaining < d.amount`;
};

export const consumeLots = async (tx: DbOrTx, debits: readonly LotDebit[]) => {
  const statement = consumeLotsSql(debits);
  if (statement) await tx.execute(statement);
};
