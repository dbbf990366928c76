import { ORDER_REVERSAL_STATUSES, type TOrderStatus } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, StepBatch } from '../core/types';

/** An order as the orders step tracks it through a batch. */
export type KnownOrder = {
  clientId: string;
  ref: string;
  customerId: string;
  /** Where the order was placed: its later reversals and re-earnings are booked there too. */
  branchId: string | null;
  totalMinor: number;
  status: TOrderStatus;
  source: 'api' | 'event';
  /** Whether the engine has processed the order's order.created (it counts once). */
  seen: boolean;
  counted: boolean;
  isNew: boolean;
  touched: boolean;
  statusChanged: boolean;
};

/** Whether an order in this status counts (not refunded or cancelled). */
export const counts = (status: TOrderStatus) =>
  !(ORDER_REVERSAL_STATUSES as readonly string[]).includes(status);
export const orderKey = (clientId: string, ref: string) => `${clientId}\u0000${ref}`;

/** The stored orders the batch's order events name, by client and order id. */
export const loadKnownOrders = async (batch: StepBatch, events: readonly EngineEvent[]) => {
  const refs = events.map((event) => ({ clientId: event.clientId, ref: String(event.data.order_id) }));
  const known = new Map<string, KnownOrder>();
  if (refs.length === 0) return known;
  const rows = await rowsOf<{
    client_id: string;
    external_id: string;
    customer_id: string;
    branch_id: string | null;
    total_minor: string;
    status: string;
    source: string;
    counted_at: string | null;
    counted: boolean;
  }>(
    batch.tx,
    sql`SELECT DISTINCT o.client_id, o.external_id, o.customer_id, o.branch_id, o.total_minor, o.status, o.source, o.counted_at, o.counted
        FROM orders o
        JOIN unnest(${arrayParam(refs.map((r) => r.clientId))}::text[], ${arrayParam(refs.map((r) => r.ref))}::text[])
          AS r(client_id, external_id) ON o.client_id = r.client_id AND o.external_id = r.external_id`,
  );
  for (const row of rows) {
    known.set(orderKey(row.client_id, row.external_id), {
      clientId: row.client_id,
      ref: row.external_id,
      customerId: row.customer_id,
      branchId: row.branch_id,
      totalMinor: Number(row.total_minor),
      status: row.status as TOrderStatus,
      source: row.source === 'event' ? 'event' : 'api',
      seen: row.counted_at !== null,
      counted: row.counted,
      isNew: false,
      touched: false,
      statusChanged: false,
    });
  }
  return known;
};
