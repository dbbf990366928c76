import type { TPointsLiability } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam, rowsOf } from '../../db/raw-sql';

/**
 * What the programme still owes: every live currency's wallets summed (a wallet equals its ledger). With branches
 * (null: all), only the wallets of customers whose home branch is one of them, found by the customers' branch index.
 */
export const pointsLiability = async (
  db: DbOrTx,
  clientId: string,
  branchIds: readonly string[] | null,
): Promise<TPointsLiability[]> => {
  const inBranches =
    branchIds === null
      ? sql``
      : sql`AND w.customer_id IN (SELECT cu.id FROM customers cu WHERE cu.client_id = ${clientId}
              AND cu.member_branch_id = ANY(${arrayParam(branchIds)}::text[]))`;
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
        FROM currencies c LEFT JOIN wallets w ON w.client_id = c.client_id AND w.currency_id = c.id ${inBranches}
        WHERE c.client_id = ${clientId} AND c.deleted_at IS NULL
        GROUP BY c.id ORDER BY c.created_at, c.id`,
  );
  return rows.map((row) => ({
    currency: { _id: row.id, name: row.name, code: row.code },
    outstanding: Number(row.outstanding),
    holders: Number(row.holders),
  }));
};
