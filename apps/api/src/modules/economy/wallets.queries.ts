import { EXPIRING_SOON_DAYS, type TWallet } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn, rowsOf } from '../../db/raw-sql';
import type { CurrencyIconColumn } from '../../db/schema';
import { type LedgerRow, toEconomyTransaction } from './economy-dto';

/**
 * Whether the customer was erased (privacy), read FOR SHARE inside the caller's transaction: an erasure running
 * meanwhile is waited for, and one that starts later waits for the caller and then forfeits what it wrote.
 */
export const customerErased = async (tx: DbOrTx, clientId: string, customerId: string) => {
  const [row] = await rowsOf<{ status: string }>(
    tx,
    sql`SELECT status FROM customers WHERE client_id = ${clientId} AND id = ${customerId} FOR SHARE`,
  );
  return row?.status === 'ERASED';
};

/**
 * A customer's balance in each live currency of the client (0 where nothing was earned yet), with what expires
 * within EXPIRING_SOON_DAYS and the next expiry.
 */
export const customerWallets = async (
  db: DbOrTx,
  clientId: string,
  customerId: string,
  now = new Date(),
): Promise<TWallet[]> => {
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000);
  const rows = await rowsOf<{
    id: string;
    type: 'real' | 'custom';
    name: string;
    code: string;
    icon: CurrencyIconColumn | string;
    balance: string;
    expiring: string;
    next_expiry_at: Date | string | null;
  }>(
    db,
    sql`SELECT c.id, c.type, c.name, c.code, c.icon, coalesce(w.balance, 0)::text AS balance,
               coalesce(l.expiring, 0)::text AS expiring, l.next_expiry_at
        FROM currencies c
        LEFT JOIN wallets w ON w.currency_id = c.id AND w.customer_id = ${customerId}
        LEFT JOIN LATERAL (
          SELECT sum(remaining) FILTER (WHERE expires_at <= ${soon.toISOString()}::timestamptz) AS expiring,
                 min(expires_at) AS next_expiry_at
          FROM wallet_lots
          WHERE customer_id = ${customerId} AND currency_id = c.id AND remaining > 0 AND expires_at IS NOT NULL
        ) l ON true
        WHERE c.client_id = ${clientId} AND c.deleted_at IS NULL
        ORDER BY c.created_at, c.id`,
  );
  return rows.map((row) => ({
    currency: { _id: row.id, type: row.type, name: row.name, code: row.code, icon: jsonColumn(row.icon) },
    balance: Number(row.balance),
    expiring_soon: Number(row.expiring),
    next_expiry_at: row.next_expiry_at ? new Date(row.next_expiry_at).toISOString() : null,
  }));
};

/** The ledger columns every list shows, joined with the customer's, branch's and currency's names. */
export const LEDGER_SELECT = sql`SELECT e.id, e.reference, e.occurred_at, e.customer_id,
    nullif(trim(cu.name || ' ' || cu.surname), '') AS user_name, b.display_name AS branch_name, e.transaction_type,
    e.value::text AS value, e.xp_points_earned::text AS xp_points_earned,
    e.wallet_balance_post_transaction::text AS wallet_balance_post_transaction, e.currency_id,
    c.name AS currency_name, e.cause_kind, e.cause_id, e.reason, e.shortfall::text AS shortfall, e.created_at
  FROM economy_transactions e
  LEFT JOIN customers cu ON cu.id = e.customer_id
  LEFT JOIN branches b ON b.id = e.branch_id
  LEFT JOIN currencies c ON c.id = e.currency_id`;

/** One customer's ledger, newest first (the customer index keeps it fast at any ledger size). */
export const customerLedger = async (
  db: DbOrTx,
  clientId: string,
  customerId: string,
  page: { page: number; size: number; currencyId?: string; walletsOnly?: boolean },
) => {
  const currencyFilter = page.currencyId ? sql` AND e.currency_id = ${page.currencyId}` : sql``;
  // XP rows move no wallet: they carry no currency.
  const walletFilter = page.walletsOnly ? sql` AND e.currency_id IS NOT NULL` : sql``;
  const where = sql`e.client_id = ${clientId} AND e.customer_id = ${customerId}${currencyFilter}${walletFilter}`;
  const rows = await rowsOf<LedgerRow>(
    db,
    sql`${LEDGER_SELECT} WHERE ${where}
        ORDER BY e.occurred_at DESC, e.id DESC LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}`,
  );
  const [total] = await rowsOf<{ count: string }>(
    db,
    sql`SELECT count(*)::text AS count FROM economy_transactions e WHERE ${where}`,
  );
  return { items: rows.map(toEconomyTransaction), count: Number(total?.count ?? 0) };
};

/** One ledger row by id, as the API shows it. */
export const ledgerRow = async (db: DbOrTx, clientId: string, id: string) => {
  const [row] = await rowsOf<LedgerRow>(
    db,
    sql`${LEDGER_SELECT} WHERE e.client_id = ${clientId} AND e.id = ${id}`,
  );
  return row ? toEconomyTransaction(row) : null;
};
