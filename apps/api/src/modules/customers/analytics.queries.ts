import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

/** Orders that count towards spend: a refunded or cancelled order does not. */
const COUNTED = sql`status NOT IN ('REFUNDED', 'CANCELLED')`;

/** Spend figures of one customer, from their orders (minor units in, decimals out). */
export const customerOrderStats = async (db: DbOrTx, clientId: string, customerId: string) => {
  const result = await db.execute<{
    total: string | null;
    orders: number;
    first_at: Date | string | null;
    last_at: Date | string | null;
    months: number;
  }>(sql`
    SELECT coalesce(sum(total_minor), 0)::text AS total,
           count(*)::int AS orders,
           min(ordered_at) AS first_at,
           max(ordered_at) AS last_at,
           count(DISTINCT date_trunc('month', ordered_at))::int AS months
    FROM orders
    WHERE client_id = ${clientId} AND customer_id = ${customerId} AND ${COUNTED}`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  const totalMinor = Number(row.total ?? 0);
  const orders = Number(row.orders ?? 0);
  const months = Number(row.months ?? 0);
  const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
  return {
    totalMinor,
    orders,
    months,
    firstAt: iso(row.first_at),
    lastAt: iso(row.last_at),
  };
};
