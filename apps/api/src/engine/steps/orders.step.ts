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
import type { EngineEvent, EngineStep, StatisticContribution, StepBatch } from '../core/types';

/**
 * An order that started (+1) or stopped (-1) counting in this run, in processing order: what the economy step
 * earns on and claws back. `purchase` is its first order.created; a -1 is a refund or cancellation.
 */
export type OrderMove = {
  event: EngineEvent;
  orderRef: string;
  sign: 1 | -1;
  purchase: boolean;
  totalMinor: number;
};

/** Per run (keyed like writeStatistics by the run's contributions list, which every step shares). */
const movesByRun = new WeakMap<readonly StatisticContribution[], OrderMove[]>();

/** The orders that started or stopped counting in this run of the batch (still live events only). */
export const orderMovesOf = (batch: StepBatch): readonly OrderMove[] => {
  const live = new Set(batch.events);
  return (movesByRun.get(batch.contributions) ?? []).filter((move) => live.has(move.event));
};

type KnownOrder = {
  clientId: string;
  ref: string;
  customerId: string;
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
    source: string;
    counted_at: string | null;
    counted: boolean;
  }>(
    batch.tx,
    sql`SELECT DISTINCT o.client_id, o.external_id, o.customer_id, o.total_minor, o.status, o.source, o.counted_at, o.counted
        FROM orders o
        JOIN unnest(${arrayParam(refs.map((r) => r.clientId))}::text[], ${arrayParam(refs.map((r) => r.ref))}::text[])
          AS r(client_id, external_id) ON o.client_id = r.client_id AND o.external_id = r.external_id`,
  );
  for (const row of rows) {
    known.set(orderKey(row.client_id, row.external_id), {
      clientId: row.client_id,
      ref: row.external_id,
      customerId: row.customer_id,
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

type CustomerTotals = { clientId: string; deltaMinor: number; lastAmountMinor: number; lastAt: Date | null };

/**
 * Orders (DESIGN §5): an order counts once towards totalOrderValue and orderVolume, when its first order.created
 * is processed — whether the order was made by `POST /api/v1/orders` (which emits that event itself) or by the
 * event alone; any later order.created for its id is a duplicate. REFUNDED or CANCELLED takes it out, a recovery
 * puts it back. The engine keeps whether each order is counted and the customer's totals; it writes an order's
 * status only for orders that exist through events (the commerce API owns the others).
 */
export const ordersStep: EngineStep = {
  name: 'orders',
  apply: async (batch) => {
    const orderEvents = batch.events.filter(
      (event) => event.type === 'order.created' || event.type === 'order.status-change',
    );
    if (orderEvents.length === 0) return;
    const known = await loadKnownOrders(batch, orderEvents);
    const totals = new Map<string, CustomerTotals>();
    const moves: OrderMove[] = [];
    movesByRun.set(batch.contributions, moves);
    const move = (event: EngineEvent, order: KnownOrder, sign: 1 | -1, isPurchase: boolean) => {
      moves.push({ event, orderRef: order.ref, sign, purchase: isPurchase, totalMinor: order.totalMinor });
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
          batch.settle(event, { kind: 'duplicate', reason: `Order '${data.order_id}' was already counted.` });
          continue;
        }
        if (existing && existing.customerId !== event.customerId) {
          batch.settle(event, {
            kind: 'parked',
            reason: `Order '${data.order_id}' belongs to another customer.`,
          });
          continue;
        }
        const status = data.status ?? existing?.status ?? 'ORDERED';
        const order: KnownOrder = existing ?? {
          clientId: event.clientId,
          ref: data.order_id,
          customerId: event.customerId,
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
        batch.settle(event, {
          kind: 'retry',
          reason: `Order '${data.order_id}' is not known yet: its order.created has not been processed.`,
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
  },
};
