import {
  COMMERCE_LIMITS,
  fromMinorUnits,
  ORDER_INTAKE_MESSAGES,
  type TOrderReceipt,
  toMinorUnits,
  vatContainedMinor,
  type ZCreateOrderRequest,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DbOrTx, Tx } from '../../db/database';
import { newId } from '../../db/ids';
import { orders } from '../../db/schema';
import { ingestEvents } from '../../engine';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict } from '../../http/errors';
import {
  arrayParam,
  type Buyer,
  checkBranch,
  normaliseContactNumber,
  type PricedItem,
  priceItems,
  requestHash,
  resolveCustomer,
  rowsOf,
  sumMinor,
} from './commerce-input';

type CreateInput = z.output<typeof ZCreateOrderRequest>;
type OrderRow = typeof orders.$inferSelect;
/** What the create request stores on the order row (the rest keeps its defaults). */
type NewOrder = Pick<
  OrderRow,
  | 'id'
  | 'clientId'
  | 'customerId'
  | 'branchId'
  | 'code'
  | 'externalId'
  | 'status'
  | 'method'
  | 'totalMinor'
  | 'deliveryFeeMinor'
  | 'paymentMethod'
  | 'paymentLocation'
  | 'customerName'
  | 'customerEmail'
  | 'customerContactNumber'
  | 'expectedFulfilmentDate'
  | 'requestHash'
  | 'orderedAt'
  | 'createdAt'
>;

export type CreateOutcome = { created: boolean; receipt: TOrderReceipt };

/** The answer to a create request; a repeat of the same request (same hash) gets the same one. */
const receiptOf = (order: NewOrder, input: CreateInput): TOrderReceipt => ({
  _id: order.id,
  order_id: order.externalId ?? input.order_id,
  code: order.code,
  status: input.status,
  customer_id: order.customerId,
  guest: order.customerId === null,
  subtotal: fromMinorUnits(order.totalMinor - order.deliveryFeeMinor),
  delivery_fee: fromMinorUnits(order.deliveryFeeMinor),
  total: fromMinorUnits(order.totalMinor),
  vat: fromMinorUnits(vatContainedMinor(order.totalMinor)),
  created_at: order.createdAt.toISOString(),
});

const findByExternalId = async (db: DbOrTx, clientId: string, externalId: string) => {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.externalId, externalId)));
  return row ?? null;
};

/** An order id seen before: the same payload is answered as the first time, another payload is refused. */
const repeatOf = (existing: OrderRow, hash: string, input: CreateInput): CreateOutcome => {
  if (existing.requestHash !== hash) throw conflict(ORDER_INTAKE_MESSAGES.conflict);
  return { created: false, receipt: receiptOf(existing, input) };
};

/** The order.created event of a customer's order, as the engine's event schema has it. */
const createdEvent = (
  order: NewOrder,
  buyer: Buyer,
  input: CreateInput,
  items: readonly PricedItem[],
): Record<string, unknown> => ({
  id: `order:${order.id}`,
  type: 'order.created',
  customer: { _id: buyer.id },
  occurred_at: order.orderedAt.toISOString(),
  branch_id: order.branchId,
  data: {
    order_id: input.order_id,
    total: fromMinorUnits(order.totalMinor),
    status: input.status,
    method: input.method,
    payment_method: input.payment_method,
    items: items.map((item) => ({
      ...(item.productId ? { product_id: item.productId } : {}),
      ...(item.sku ? { sku: item.sku } : {}),
      ...(item.categoryIds.length > 0 ? { category_ids: item.categoryIds } : {}),
      quantity: item.quantity,
      price: fromMinorUnits(item.unitPriceMinor),
    })),
  },
});

/** Stores the event through the engine's own ingestion, inside the caller's transaction. */
export const emitEvent = async (tx: Tx, clientId: string, event: Record<string, unknown>) => {
  const [answer] = await ingestEvents(tx, clientId, [event]);
  // Every field was checked before; anything but accepted is a fault of ours, and undoes the whole write.
  if (answer?.status !== 'accepted') {
    throw new Error(`event ${String(event.id)} was not accepted: ${answer?.status} ${answer?.error ?? ''}`);
  }
};

export const createOrderIntake = (ctx: AppContext) => {
  const { db } = ctx.database;

  /**
   * The order, its lines, its first parcel and the first entry of its history in one statement (one round trip
   * instead of four); nothing at all when the order id is already stored (returns false).
   */
  const insertOrder = async (tx: Tx, principal: Principal, order: NewOrder, items: readonly PricedItem[]) => {
    const lines = items.map((item, index) => ({ ...item, id: newId(), lineNo: index + 1 }));
    const inserted = await rowsOf<{ id: string }>(
      tx,
      sql`WITH o AS (
            INSERT INTO orders (id, client_id, customer_id, branch_id, code, external_id, source, status, method,
              total_minor, delivery_fee_minor, payment_method, payment_location, customer_name, customer_email,
              customer_contact_number, expected_fulfilment_date, request_hash, history_seq, ordered_at, created_at,
              updated_at)
            VALUES (${order.id}, ${order.clientId}, ${order.customerId}, ${order.branchId}, ${order.code},
              ${order.externalId}, 'api', ${order.status}, ${order.method}, ${order.totalMinor},
              ${order.deliveryFeeMinor}, ${order.paymentMethod}, ${order.paymentLocation}, ${order.customerName},
              ${order.customerEmail}, ${order.customerContactNumber}, ${order.expectedFulfilmentDate?.toISOString() ?? null},
              ${order.requestHash}, 1, ${order.orderedAt.toISOString()}, ${order.createdAt.toISOString()},
              ${order.createdAt.toISOString()})
            ON CONFLICT (client_id, external_id) WHERE external_id IS NOT NULL DO NOTHING
            RETURNING id, client_id, status, created_at
          ), lines AS (
            INSERT INTO order_lines (id, client_id, order_id, line_no, product_id, sku, title, category_ids, quantity,
              unit_price_minor, line_total_minor)
            SELECT l.id, o.client_id, o.id, l.line_no, l.product_id, l.sku, l.title,
              ARRAY(SELECT jsonb_array_elements_text(l.category_ids::jsonb)), l.quantity, l.unit_price, l.line_total
            FROM o, unnest(
              ${arrayParam(lines.map((line) => line.id))}::text[],
              ${arrayParam(lines.map((line) => line.lineNo))}::int[],
              ${arrayParam(lines.map((line) => line.productId))}::text[],
              ${arrayParam(lines.map((line) => line.sku))}::text[],
              ${arrayParam(lines.map((line) => line.title))}::text[],
              ${arrayParam(lines.map((line) => JSON.stringify(line.categoryIds)))}::text[],
              ${arrayParam(lines.map((line) => line.quantity))}::int[],
              ${arrayParam(lines.map((line) => line.unitPriceMinor))}::bigint[],
              ${arrayParam(lines.map((line) => line.lineTotalMinor))}::bigint[]
            ) AS l(id, line_no, product_id, sku, title, category_ids, quantity, unit_price, line_total)
          ), parcel AS (
            -- A channel's order is sent out in parcels: it starts with one, holding everything. A till sale has none.
            INSERT INTO order_parcels (id, client_id, order_id, number, status)
            SELECT ${newId()}, o.client_id, o.id, 1, 'OPEN' FROM o WHERE o.status = 'ORDERED'
          ), history AS (
            INSERT INTO order_status_history (id, client_id, order_id, seq, to_status, actor_id, actor_name, changed_at)
            SELECT ${newId()}, o.client_id, o.id, 1, o.status, ${principal.userId}, ${principal.name}, o.created_at FROM o
          )
          SELECT id FROM o`,
    );
    return inserted.length > 0;
  };

  /**
   * `POST /api/v1/orders`: the order, its lines, first parcel and history, and — for a customer — its
   * order.created event in the engine's log, all in one transaction; the engine then counts it exactly once.
   * A known order id is found by the insert itself (no look-up first: new orders are the common case).
   */
  const create = async (principal: Principal, input: CreateInput): Promise<CreateOutcome> => {
    const { clientId } = principal;
    const hash = requestHash(input);
    const buyer = input.customer ? await resolveCustomer(db, clientId, input.customer) : null;
    if (input.customer && !buyer)
      throw badRequest([{ field: 'customer', message: ORDER_INTAKE_MESSAGES.customerNotFound }]);
    const branchId = await checkBranch(db, principal, input.branch_id, ORDER_INTAKE_MESSAGES);
    const items = priceItems(input.items);
    const deliveryFeeMinor = toMinorUnits(input.delivery_fee ?? 0);
    const totalMinor = sumMinor(items) + deliveryFeeMinor;
    if (totalMinor > toMinorUnits(COMMERCE_LIMITS.maxTotal))
      throw badRequest([{ field: 'total', message: ORDER_INTAKE_MESSAGES.totalTooLarge }]);
    if (input.total !== undefined && toMinorUnits(input.total) !== totalMinor)
      throw badRequest([{ field: 'total', message: ORDER_INTAKE_MESSAGES.totalMismatch }]);

    const now = new Date();
    const order: NewOrder = {
      id: newId(),
      clientId,
      customerId: buyer?.id ?? null,
      branchId,
      code: input.code ?? input.order_id,
      externalId: input.order_id,
      status: input.status,
      method: input.method,
      totalMinor,
      deliveryFeeMinor,
      paymentMethod: input.payment_method,
      paymentLocation: input.payment_location ?? null,
      customerName: buyer ? buyer.name : (input.guest?.name ?? null),
      customerEmail: buyer ? buyer.email : (input.guest?.email ?? null),
      customerContactNumber: buyer ? buyer.cellNumber : normaliseContactNumber(input.guest?.contact_number),
      expectedFulfilmentDate: input.expected_fulfilment_date
        ? new Date(input.expected_fulfilment_date)
        : null,
      requestHash: hash,
      orderedAt: input.ordered_at ? new Date(input.ordered_at) : now,
      createdAt: now,
    };
    const stored = await db.transaction(async (tx) => {
      if (!(await insertOrder(tx, principal, order, items))) return false;
      // A guest's order feeds no player: the engine works per customer.
      if (buyer) await emitEvent(tx, clientId, createdEvent(order, buyer, input, items));
      return true;
    });
    if (!stored) {
      // The order id is known (sent before, or concurrently and stored first): same payload, same answer.
      const first = await findByExternalId(db, clientId, input.order_id);
      if (!first) throw new Error('order vanished after a conflicting insert');
      return repeatOf(first, hash, input);
    }
    if (buyer) ctx.engine.wake();
    return { created: true, receipt: receiptOf(order, input) };
  };

  return { create };
};
