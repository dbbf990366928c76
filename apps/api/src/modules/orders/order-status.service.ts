import {
  canOrderMove,
  canParcelMove,
  ORDER_FINAL_STATUSES,
  ORDER_INTAKE_MESSAGES,
  ORDER_TRANSITION_MESSAGES,
  PARCEL_INITIAL_STATUS,
  type TOrderStatus,
  type TParcelStatus,
  type ZUpdateOrderRequest,
} from '@laurel/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/database';
import { newId } from '../../db/ids';
import { customers, orderParcels, orderStatusHistory, orders } from '../../db/schema';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { emitEvent } from './order-intake.service';
import { orderRefCondition } from './orders.queries';

type Change = z.output<typeof ZUpdateOrderRequest>;
type OrderRow = typeof orders.$inferSelect;
type ParcelRow = typeof orderParcels.$inferSelect;
type HistoryEntry = { parcelId: string | null; from: string | null; to: string };

/** The number of one of the order's parcels, named by id. */
const parcelNumberOf = async (tx: Tx, order: OrderRow, parcelId: string) => {
  const [row] = await tx
    .select({ number: orderParcels.number })
    .from(orderParcels)
    .where(and(eq(orderParcels.orderId, order.id), eq(orderParcels.id, parcelId)));
  if (!row) throw notFound(ORDER_INTAKE_MESSAGES.parcelNotFound(parcelId));
  return row.number;
};

/** Whether the member was erased (DESIGN §10): their orders keep their history but move no balance or statistic. */
const isErased = async (tx: Tx, clientId: string, customerId: string) => {
  const [row] = await tx
    .select({ status: customers.status })
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.id, customerId)));
  return row?.status === 'ERASED';
};

const isFinal = (status: string) => (ORDER_FINAL_STATUSES as readonly string[]).includes(status);

/** The order, locked for the rest of the transaction, so that changes to one order happen one at a time. */
const lockOrder = async (tx: Tx, principal: Principal, ref: string) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(orderRefCondition(principal.clientId, ref))
    .orderBy(sql`(${orders.id} = ${ref.toLowerCase()}) DESC`)
    .limit(1)
    .for('update');
  // Another client's order, or one outside a manager's branches, is simply not there.
  if (!order || !mayAccessBranch(principal, order.branchId)) throw notFound(ORDER_INTAKE_MESSAGES.notFound);
  return order;
};

/** Each parcel change along the transition table; a new parcel (the next number) starts OPEN. */
const planParcels = async (tx: Tx, order: OrderRow, changes: NonNullable<Change['parcels']>) => {
  const parcels = await tx
    .select()
    .from(orderParcels)
    .where(eq(orderParcels.orderId, order.id))
    .orderBy(asc(orderParcels.number));
  const byNumber = new Map(parcels.map((parcel) => [parcel.number, parcel]));
  let last = parcels.at(-1)?.number ?? 0;
  const created: ParcelRow[] = [];
  const updated: { parcel: ParcelRow; to: TParcelStatus }[] = [];
  const history: HistoryEntry[] = [];
  for (const change of [...changes].sort((a, b) => a.number - b.number)) {
    const parcel = byNumber.get(change.number);
    if (!parcel) {
      if (change.number !== last + 1) throw notFound(ORDER_INTAKE_MESSAGES.parcelNotFound(change.number));
      if (change.status !== PARCEL_INITIAL_STATUS)
        throw conflict(ORDER_INTAKE_MESSAGES.newParcelOpen(change.number));
      if (isFinal(order.status)) throw conflict(ORDER_TRANSITION_MESSAGES.orderClosed(order.status));
      const now = new Date();
      const row: ParcelRow = {
        id: newId(),
        clientId: order.clientId,
        orderId: order.id,
        number: change.number,
        status: PARCEL_INITIAL_STATUS,
        createdAt: now,
        updatedAt: now,
      };
      created.push(row);
      history.push({ parcelId: row.id, from: null, to: row.status });
      last = change.number;
      continue;
    }
    if (parcel.status === change.status) continue;
    if (isFinal(order.status)) throw conflict(ORDER_TRANSITION_MESSAGES.orderClosed(order.status));
    if (!canParcelMove(parcel.status as TParcelStatus, change.status))
      throw conflict(ORDER_TRANSITION_MESSAGES.illegalParcel(parcel.number, parcel.status, change.status));
    updated.push({ parcel, to: change.status });
    history.push({ parcelId: parcel.id, from: parcel.status, to: change.status });
  }
  return { created, updated, history };
};

/**
 * Status changes of an order and its parcels (`PATCH /api/v1/orders/{id}` and the console's order page): each
 * move must be in the transition table (409 otherwise, naming both statuses); each appends to the order's
 * status history, and an order's own move of a customer's order also stores its `order.status-change` event in
 * the engine's log — all in one transaction. Asking for the status something already has changes nothing.
 */
export const createOrderStatusService = (ctx: AppContext) => {
  const { db } = ctx.database;

  /** The API names parcels by number; the console names one parcel by its id. `audit`: a staff member's change. */
  const change = async (
    principal: Principal,
    actor: Actor,
    ref: string,
    request: Change & {
      parcel?: { id: string; status: TParcelStatus };
      audit?: boolean;
      /** When the move happened, for history written after the fact (the demo's past orders); default now. */
      at?: Date;
    },
  ) => {
    const { parcel, audit = false } = request;
    // Taken before the transaction starts, so the change never reads as happening after its event was received.
    const now = request.at ?? new Date();
    const outcome = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, principal, ref);
      const body: Change = parcel
        ? { parcels: [{ number: await parcelNumberOf(tx, order, parcel.id), status: parcel.status }] }
        : request;
      const history: HistoryEntry[] = [];
      const from = order.status as TOrderStatus;
      const to = body.status ?? from;
      if (to !== from) {
        if (!canOrderMove(from, to)) throw conflict(ORDER_TRANSITION_MESSAGES.illegalOrder(from, to));
        history.push({ parcelId: null, from, to });
      }
      const parcels = body.parcels
        ? await planParcels(tx, order, body.parcels)
        : { created: [], updated: [], history: [] };
      history.push(...parcels.history);
      if (history.length === 0) return { order, changed: false, evented: false };

      const firstSeq = order.historySeq + 1;
      const [saved] = await tx
        .update(orders)
        .set({ status: to, historySeq: order.historySeq + history.length, updatedAt: now })
        .where(eq(orders.id, order.id))
        .returning();
      if (parcels.created.length > 0) await tx.insert(orderParcels).values(parcels.created);
      for (const { parcel, to: parcelTo } of parcels.updated) {
        await tx
          .update(orderParcels)
          .set({ status: parcelTo, updatedAt: now })
          .where(and(eq(orderParcels.id, parcel.id), eq(orderParcels.orderId, order.id)));
      }
      await tx.insert(orderStatusHistory).values(
        history.map((entry, index) => ({
          id: newId(),
          clientId: order.clientId,
          orderId: order.id,
          seq: firstSeq + index,
          parcelId: entry.parcelId,
          fromStatus: entry.from,
          toStatus: entry.to,
          actorId: actor.userId,
          actorName: actor.name,
          changedAt: now,
        })),
      );
      // Only the order's own status feeds the engine; a guest's order feeds no player, nor does an erased member's
      // (their balances were forfeited, and the engine takes no events for them).
      const evented =
        to !== from &&
        order.customerId !== null &&
        order.externalId !== null &&
        !(await isErased(tx, order.clientId, order.customerId));
      if (evented) {
        await emitEvent(tx, order.clientId, {
          id: `order:${order.id}:status:${firstSeq}`,
          type: 'order.status-change',
          customer: { _id: order.customerId },
          // Never before the order itself, so the engine always meets the order first.
          occurred_at: new Date(Math.max(now.getTime(), order.orderedAt.getTime())).toISOString(),
          branch_id: order.branchId,
          data: { order_id: order.externalId, status: to },
        });
      }
      if (audit) {
        await recordAudit(tx, actor, {
          action: 'order.status_changed',
          entity: 'order',
          entityId: order.id,
          summary: `Changed order ${order.code}: ${history
            .map((entry) => `${entry.parcelId ? 'parcel ' : ''}${entry.from ?? 'new'} -> ${entry.to}`)
            .join(', ')}`,
          changes: to !== from ? { status: { from, to } } : null,
        });
      }
      return { order: saved ?? order, changed: true, evented };
    });
    if (outcome.evented) ctx.engine.wake();
    return { orderId: outcome.order.id, changed: outcome.changed };
  };

  return { change };
};
