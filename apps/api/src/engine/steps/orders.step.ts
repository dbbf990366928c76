import {
  ORDER_REVERSAL_STATUSES,
  type TOrderCreatedData,
  type TOrderStatus,
  type TOrderStatusChangeData,
  toMinorUnits,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, EngineStep, StepBatch } from '../core/types';

type KnownOrder = {
  customerId: string;
  totalMinor: number;
  status: TOrderStatus;
  isNew: boolean;
  changed: boolean;
};

const counts = (status: TOrderStatus) => !(ORDER_REVERSAL_STATUSES as readonly string[]).includes(status);
const orderKey = (clientId: string, ref: string) => `${clientId}\u0000${ref}`;

const loadKnownOrders = async (batch: StepBatch, events: readonly EngineEvent[]) => {
  const refs = events.map((event) => ({ clientId: event.clientId, ref: String(event.data.order_id) }));
  const known = new Map<string, KnownOrder>();
  if (refs.length === 0) return known;
  const rows = await rowsOf<{
    client_id: string;
    external_id: string;
    customer_id: string;
    total_minor: string;
    status: string;
  }>(
    batch.tx,
    sql`SELECT o.client_id, o.external_id, o.customer_id, o.total_minor, o.status
        FROM orders o
        JOIN unnest(${arrayParam(refs.map((r) => r.clientId))}::text[], ${arrayParam(refs.map((r) => r.ref))}::text[])
          AS r(client_id, external_id) ON o.client_id = r.client_id AND o.external_id = r.external_id`,
  );
  for (const row of rows) {
    known.set(orderKey(row.client_id, row.external_id), {
      customerId: row.customer_id,
      totalMinor: Number(row.total_minor),
      status: row.status as TOrderStatus,
      isNew: false,
      changed: false,
    });
  }
  return known;
};

/**
 * Orders (DESIGN §5): an order counts once per order id towards totalOrderValue and orderVolume; a second
 * order.created for a known id is a duplicate; REFUNDED or CANCELLED takes it out again (and back in if it
 * recovers). The order row and the customer's totals are written here, so the customers area reads real figures.
 */
export const ordersStep: EngineStep = {
  name: 'orders',
  apply: async (batch) => {
    const orderEvents = batch.events.filter(
      (event) => event.type === 'order.created' || event.type === 'order.status-change',
    );
    if (orderEvents.length === 0) return;
    const known = await loadKnownOrders(batch, orderEvents);
    const totals = new Map<
      string,
      { clientId: string; deltaMinor: number; lastAmountMinor: number; lastAt: Date | null }
    >();
    const touch = (event: EngineEvent) => {
      const entry = totals.get(event.customerId) ?? {
        clientId: event.clientId,
        deltaMinor: 0,
        lastAmountMinor: 0,
        lastAt: null,
      };
      totals.set(event.customerId, entry);
      return entry;
    };
    const created: { event: EngineEvent; data: TOrderCreatedData; status: TOrderStatus }[] = [];

    for (const event of orderEvents) {
      if (event.type === 'order.created') {
        const data = event.data as TOrderCreatedData;
        const key = orderKey(event.clientId, data.order_id);
        if (known.has(key)) {
          batch.settle(event, { kind: 'duplicate', reason: `Order '${data.order_id}' was already counted.` });
          continue;
        }
        const status = data.status ?? 'ORDERED';
        const totalMinor = toMinorUnits(data.total);
        known.set(key, { customerId: event.customerId, totalMinor, status, isNew: true, changed: false });
        created.push({ event, data, status });
        if (counts(status)) {
          batch.contribute({ event, name: 'totalOrderValue', value: data.total });
          batch.contribute({ event, name: 'orderVolume', value: 1 });
          const entry = touch(event);
          entry.deltaMinor += totalMinor;
          if (!entry.lastAt || event.occurredAt >= entry.lastAt) {
            entry.lastAt = event.occurredAt;
            entry.lastAmountMinor = totalMinor;
          }
        }
        continue;
      }
      const data = event.data as TOrderStatusChangeData;
      const order = known.get(orderKey(event.clientId, data.order_id));
      if (!order) {
        batch.settle(event, {
          kind: 'retry',
          reason: `Order '${data.order_id}' is not known yet: its order.created has not arrived.`,
        });
        continue;
      }
      if (order.customerId !== event.customerId) {
        batch.settle(event, {
          kind: 'parked',
          reason: `Order '${data.order_id}' belongs to another customer.`,
        });
        continue;
      }
      const wasCounted = counts(order.status);
      const nowCounted = counts(data.status);
      order.status = data.status;
      order.changed = true;
      if (wasCounted === nowCounted) continue;
      const sign = nowCounted ? 1 : -1;
      batch.contribute({ event, name: 'totalOrderValue', value: (sign * order.totalMinor) / 100 });
      batch.contribute({ event, name: 'orderVolume', value: sign });
      touch(event).deltaMinor += sign * order.totalMinor;
    }

    if (created.length > 0) {
      const inserted = await rowsOf<{ external_id: string }>(
        batch.tx,
        sql`INSERT INTO orders (id, client_id, customer_id, branch_id, code, external_id, status, method, total_minor, ordered_at)
            SELECT * FROM unnest(
              ${arrayParam(created.map(() => newId()))}::text[],
              ${arrayParam(created.map((c) => c.event.clientId))}::text[],
              ${arrayParam(created.map((c) => c.event.customerId))}::text[],
              ${arrayParam(created.map((c) => c.event.branchId))}::text[],
              ${arrayParam(created.map((c) => c.data.order_id))}::text[],
              ${arrayParam(created.map((c) => c.data.order_id))}::text[],
              ${arrayParam(created.map((c) => c.status))}::text[],
              ${arrayParam(created.map((c) => c.data.method ?? null))}::text[],
              ${arrayParam(created.map((c) => toMinorUnits(c.data.total)))}::bigint[],
              ${arrayParam(created.map((c) => c.event.occurredAt.toISOString()))}::timestamptz[])
            ON CONFLICT (client_id, external_id) WHERE external_id IS NOT NULL DO NOTHING
            RETURNING external_id`,
      );
      // Another worker counted one of these orders meanwhile (another customer's event with the same id).
      const stored = new Set(inserted.map((row) => row.external_id));
      for (const { event, data } of created) {
        if (!stored.has(data.order_id)) {
          batch.settle(event, { kind: 'duplicate', reason: `Order '${data.order_id}' was already counted.` });
        }
      }
    }

    // One update for every status change, orders created in this batch included (inserted just above).
    const changedOrders = [...known.entries()].filter(([, order]) => order.changed);
    if (changedOrders.length > 0) {
      await batch.tx.execute(sql`
        UPDATE orders o SET status = c.status
        FROM unnest(${arrayParam(changedOrders.map(([key]) => key.split('\u0000')[0]))}::text[],
                    ${arrayParam(changedOrders.map(([key]) => key.split('\u0000')[1]))}::text[],
                    ${arrayParam(changedOrders.map(([, order]) => order.status))}::text[]) AS c(client_id, external_id, status)
        WHERE o.client_id = c.client_id AND o.external_id = c.external_id`);
    }

    const customers = [...totals.entries()];
    if (customers.length > 0) {
      await batch.tx.execute(sql`
        UPDATE customers c SET
          total_order_value_minor = c.total_order_value_minor + t.delta,
          last_order_amount_minor = CASE WHEN t.last_at IS NOT NULL AND (c.last_transacted_at IS NULL OR t.last_at >= c.last_transacted_at)
            THEN t.last_amount ELSE c.last_order_amount_minor END,
          last_transacted_at = CASE WHEN t.last_at IS NOT NULL AND (c.last_transacted_at IS NULL OR t.last_at >= c.last_transacted_at)
            THEN t.last_at ELSE c.last_transacted_at END
        FROM unnest(${arrayParam(customers.map(([id]) => id))}::text[],
                    ${arrayParam(customers.map(([, t]) => t.deltaMinor))}::bigint[],
                    ${arrayParam(customers.map(([, t]) => t.lastAmountMinor))}::bigint[],
                    ${arrayParam(customers.map(([, t]) => t.lastAt?.toISOString() ?? null))}::timestamptz[])
          AS t(customer_id, delta, last_amount, last_at)
        WHERE c.id = t.customer_id`);
    }
  },
};
