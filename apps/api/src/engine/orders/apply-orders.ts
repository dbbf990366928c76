import { type TOrderCreatedData, type TOrderStatusChangeData, toMinorUnits } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, StepBatch } from '../core/types';
import { counts, type KnownOrder, loadKnownOrders, orderKey } from './known-orders';
import { movesByRun, type OrderMove } from './order-moves';

/** The loop below sets an event aside before it moves or writes anything for it (no repeat of the run for it). */
const BEFORE_EFFECTS = { beforeEffects: true };

type CustomerTotals = { clientId: string; deltaMinor: number; lastAmountMinor: number; lastAt: Date | null };

/**
 * Orders (DESIGN §5): an order counts once towards totalOrderValue and orderVolume, when its first order.created
 * is processed — whether the order was made by `POST /api/v1/orders` (which emits that event itself) or by the
 * event alone; any later order.created for its id is a duplicate. REFUNDED or CANCELLED takes it out, a recovery
 * puts it back. The engine keeps whether each order is counted and the customer's totals; it writes an order's
 * status only for orders that exist through events (the commerce API owns the others).
 */
export const applyOrders = async (batch: StepBatch) => {
  const orderEvents = batch.events.filter(
    (event) => event.type === 'order.created' || event.type === 'order.status-change',
  );
  if (orderEvents.length === 0) return;
  const known = await loadKnownOrders(batch, orderEvents);
  const totals = new Map<string, CustomerTotals>();
  const moves: OrderMove[] = [];
  movesByRun.set(batch.contributions, moves);
  const move = (event: EngineEvent, order: KnownOrder, sign: 1 | -1, isPurchase: boolean) => {
    moves.push({
      event,
      orderRef: order.ref,
      branchId: order.branchId,
      sign,
      purchase: isPurchase,
      totalMinor: order.totalMinor,
    });
    batch.contribute({ event, name: 'totalOrderValue', value: (sign * order.totalMinor) / 100 });
    batch.contribute({ event, name: 'orderVolume', value: sign });
    const entry = totals.get(event.customerId) ?? {
      clientId: event.clientId,
      deltaMinor: 0,
      lastAmountMinor: 0,
      lastAt: null,
    };
    entry.deltaMinor += sign * order.totalMinor;
    if (isPurchase && (!entry.lastAt || event.occurredAt >= entry.lastAt)) {
      entry.lastAt = event.occurredAt;
      entry.lastAmountMinor = order.totalMinor;
    }
    totals.set(event.customerId, entry);
  };
  const created: { event: EngineEvent; data: TOrderCreatedData; order: KnownOrder }[] = [];

  for (const event of orderEvents) {
    if (event.type === 'order.created') {
      const data = event.data as TOrderCreatedData;
      const key = orderKey(event.clientId, data.order_id);
      const existing = known.get(key);
      if (existing?.seen) {
        batch.settle(
          event,
          { kind: 'duplicate', reason: `Order '${data.order_id}' was already counted.` },
          BEFORE_EFFECTS,
        );
        continue;
      }
      if (existing && existing.customerId !== event.customerId) {
        batch.settle(
          event,
          {
            kind: 'parked',
            reason: `Order '${data.order_id}' belongs to another customer.`,
          },
          BEFORE_EFFECTS,
        );
        continue;
      }
      const status = data.status ?? existing?.status ?? 'ORDERED';
      const order: KnownOrder = existing ?? {
        clientId: event.clientId,
        ref: data.order_id,
        customerId: event.customerId,
        branchId: event.branchId,
        totalMinor: toMinorUnits(data.total),
        status,
        source: 'event',
        seen: false,
        counted: false,
        isNew: true,
        touched: false,
        statusChanged: false,
      };
      order.seen = true;
      order.touched = true;
      order.counted = counts(status);
      known.set(key, order);
      if (order.isNew) created.push({ event, data, order });
      if (order.counted) move(event, order, 1, true);
      continue;
    }
    const data = event.data as TOrderStatusChangeData;
    const order = known.get(orderKey(event.clientId, data.order_id));
    if (!order?.seen) {
      batch.settle(
        event,
        {
          kind: 'retry',
          reason: `Order '${data.order_id}' is not known yet: its order.created has not been processed.`,
        },
        BEFORE_EFFECTS,
      );
      continue;
    }
    if (order.customerId !== event.customerId) {
      batch.settle(
        event,
        {
          kind: 'parked',
          reason: `Order '${data.order_id}' belongs to another customer.`,
        },
        BEFORE_EFFECTS,
      );
      continue;
    }
    order.touched = true;
    if (order.source === 'event' && order.status !== data.status) {
      order.status = data.status;
      order.statusChanged = true;
    }
    const nowCounted = counts(data.status);
    if (order.counted === nowCounted) continue;
    order.counted = nowCounted;
    move(event, order, nowCounted ? 1 : -1, false);
  }

  if (created.length > 0) {
    const inserted = await rowsOf<{ external_id: string }>(
      batch.tx,
      sql`INSERT INTO orders (id, client_id, customer_id, branch_id, code, external_id, status, method, total_minor,
                                ordered_at, source, counted_at, counted)
            SELECT id, client_id, customer_id, branch_id, code, code, status, method, total_minor, ordered_at, 'event', now(), counted
            FROM unnest(
              ${arrayParam(created.map(() => newId()))}::text[],
              ${arrayParam(created.map((c) => c.event.clientId))}::text[],
              ${arrayParam(created.map((c) => c.event.customerId))}::text[],
              ${arrayParam(created.map((c) => c.event.branchId))}::text[],
              ${arrayParam(created.map((c) => c.data.order_id))}::text[],
              ${arrayParam(created.map((c) => c.order.status))}::text[],
              ${arrayParam(created.map((c) => c.data.method ?? null))}::text[],
              ${arrayParam(created.map((c) => c.order.totalMinor))}::bigint[],
              ${arrayParam(created.map((c) => c.event.occurredAt.toISOString()))}::timestamptz[],
              ${arrayParam(created.map((c) => c.order.counted))}::boolean[])
              AS o(id, client_id, customer_id, branch_id, code, status, method, total_minor, ordered_at, counted)
            ON CONFLICT (client_id, external_id) WHERE external_id IS NOT NULL DO NOTHING
            RETURNING external_id`,
    );
    // Another worker stored one of these orders meanwhile (another customer's event with the same id).
    const stored = new Set(inserted.map((row) => row.external_id));
    for (const { event, data } of created) {
      if (!stored.has(data.order_id)) {
        batch.settle(event, { kind: 'duplicate', reason: `Order '${data.order_id}' was already counted.` });
      }
    }
  }

  const changed = [...known.values()].filter((order) => order.touched && !order.isNew);
  if (changed.length > 0) {
    await batch.tx.execute(sql`
        UPDATE orders o SET counted = c.counted, counted_at = coalesce(o.counted_at, now()),
          status = CASE WHEN c.status_changed THEN c.status ELSE o.status END
        FROM unnest(${arrayParam(changed.map((o) => o.clientId))}::text[], ${arrayParam(changed.map((o) => o.ref))}::text[],
                    ${arrayParam(changed.map((o) => o.counted))}::boolean[], ${arrayParam(changed.map((o) => o.status))}::text[],
                    ${arrayParam(changed.map((o) => o.statusChanged))}::boolean[])
          AS c(client_id, external_id, counted, status, status_changed)
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
};
