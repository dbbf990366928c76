import type { TPointsLiability } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';

/** What the programme still owes: every live currency's wallets summed (a wallet equals its ledger). */
export const pointsLiability = async (db: DbOrTx, clientId: string): Promise<TPointsLiability[]> => {
  const rows = await rowsOf<{
    id: string;
    name: string;
    code: string;
    outstanding: string;
    holders: string | number;
  }>(
    db,
    sql`SELECT c.id, c.name, c.code, coalesce(sum(w.balance), 0)::text AS outstanding,
               count(w.customer_id) FILTER (WHERE w.balance > 0) AS holders
        FROM currencies c LEFT JOIN wallets w ON w.client_id = c.client_id AND w.currency_id = c.id
        WHERE c.client_id = ${clientId} AND c.deleted_at IS NULL
        GROUP BY c.id ORDER BY c.created_at, c.id`,
  );
  return rows.map((row) => ({
    currency: { _id: row.id, name: row.name, code: row.code },
    outstanding: Number(row.outstanding),
    holders: Number(row.holders),
  }));
};
