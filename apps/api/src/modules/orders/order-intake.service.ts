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
import { orderLines, orderParcels, orderStatusHistory, orders } from '../../db/schema';
import { ingestEvents } from '../../engine';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict } from '../../http/errors';
import {
  type Buyer,
  checkBranch,
  normaliseContactNumber,
  type PricedItem,
  priceItems,
  requestHash,
  resolveCustomer,
  sumMinor,
} from './commerce-input';

type CreateInput = z.output<typeof ZCreateOrderRequest>;
type OrderRow = typeof orders.$inferSelect;

export type CreateOutcome = { created: boolean; receipt: TOrderReceipt };

/** The answer to a create request; a repeat of the same request (same hash) gets the same one. */
const receiptOf = (order: OrderRow, input: CreateInput): TOrderReceipt => ({
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
  order: OrderRow,
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

  const insertOrder = async (
    tx: Tx,
    principal: Principal,
    values: typeof orders.$inferInsert,
    items: readonly PricedItem[],
  ) => {
    const [order] = await tx
      .insert(orders)
      .values(values)
      .onConflictDoNothing({
        target: [orders.clientId, orders.externalId],
        where: sql.raw('external_id IS NOT NULL'),
      })
      .returning();
    if (!order) return null;
    await tx.insert(orderLines).values(
      items.map((item, index) => ({
        id: newId(),
        clientId: principal.clientId,
        orderId: order.id,
        lineNo: index + 1,
        productId: item.productId,
        sku: item.sku,
        title: item.title,
        categoryIds: item.categoryIds,
        quantity: item.quantity,
        unitPriceMinor: item.unitPriceMinor,
        lineTotalMinor: item.lineTotalMinor,
      })),
    );
    // A channel's order is sent out in parcels: it starts with one, holding everything. A till sale has none.
    if (order.status === 'ORDERED') {
      await tx.insert(orderParcels).values({
        id: newId(),
        clientId: principal.clientId,
        orderId: order.id,
        number: 1,
        status: 'OPEN',
      });
    }
    await tx.insert(orderStatusHistory).values({
      id: newId(),
      clientId: principal.clientId,
      orderId: order.id,
      seq: 1,
      parcelId: null,
      fromStatus: null,
      toStatus: order.status,
      actorId: principal.userId,
      actorName: principal.name,
      changedAt: order.createdAt,
    });
    return order;
  };

  /**
   * `POST /api/v1/orders`: the order, its lines, first parcel and history, and — for a customer — its
   * order.created event in the engine's log, all in one transaction; the engine then counts it exactly once.
   */
  const create = async (principal: Principal, input: CreateInput): Promise<CreateOutcome> => {
    const { clientId } = principal;
    const hash = requestHash(input);
    const seen = await findByExternalId(db, clientId, input.order_id);
    if (seen) return repeatOf(seen, hash, input);

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
    const values: typeof orders.$inferInsert = {
      id: newId(),
      clientId,
      customerId: buyer?.id ?? null,
      branchId,
      code: input.code ?? input.order_id,
      externalId: input.order_id,
      source: 'api',
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
      historySeq: 1,
      orderedAt: input.ordered_at ? new Date(input.ordered_at) : now,
      createdAt: now,
      updatedAt: now,
    };
    const order = await db.transaction(async (tx) => {
      const stored = await insertOrder(tx, principal, values, items);
      // A guest's order feeds no player: the engine works per customer.
      if (stored && buyer) await emitEvent(tx, clientId, createdEvent(stored, buyer, input, items));
      return stored;
    });
    if (!order) {
      // The same order id arrived concurrently and was stored first.
      const first = await findByExternalId(db, clientId, input.order_id);
      if (!first) throw new Error('order vanished after a conflicting insert');
      return repeatOf(first, hash, input);
    }
    if (buyer) ctx.engine.wake();
    return { created: true, receipt: receiptOf(order, input) };
  };

  return { create };
};
