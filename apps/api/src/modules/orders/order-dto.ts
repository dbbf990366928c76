import {
  BASKET_MESSAGES,
  fromMinorUnits,
  nextOrderStatuses,
  nextParcelStatuses,
  ORDER_FINAL_STATUSES,
  type TCustomerOrderSummaryRow,
  type TFulfilmentMethod,
  type TOrderDetail,
  type TOrderListRow,
  type TOrderStatus,
  type TParcelStatus,
  type TPaymentLocation,
  type TPaymentType,
  VAT_RATE,
  vatContainedMinor,
} from '@laurel/contract';
import type { orders } from '../../db/schema';
import type { OrderListRecord, orderChildren } from './orders.queries';

type OrderRow = typeof orders.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const branchOf = (branchId: string | null, branchName: string | null) =>
  branchId && branchName ? { _id: branchId, display_name: branchName } : null;

export const toOrderListRow = (row: OrderListRecord): TOrderListRow => ({
  _id: row.id,
  order_id: row.externalId,
  code: row.code,
  customer: row.customerName ?? BASKET_MESSAGES.guestUser,
  customer_id: row.customerId,
  guest: row.customerId === null,
  email: row.customerEmail,
  contact_number: row.customerContactNumber,
  order_date: row.orderedAt.toISOString(),
  total: fromMinorUnits(row.totalMinor),
  branch: branchOf(row.branchId, row.branchName),
  method: row.method as TFulfilmentMethod | null,
  payment_method: row.paymentMethod as TPaymentType | null,
  expected_fulfilment_date: iso(row.expectedFulfilmentDate),
  status: row.status as TOrderStatus,
});

export const toSummaryRow = (row: OrderListRecord): TCustomerOrderSummaryRow => ({
  _id: row.id,
  code: row.code,
  customer: row.customerName ?? BASKET_MESSAGES.guestUser,
  email: row.customerEmail,
  phone_number: row.customerContactNumber,
  date: row.orderedAt.toISOString(),
  amount: fromMinorUnits(row.totalMinor),
  branch: branchOf(row.branchId, row.branchName),
  method: row.method as TFulfilmentMethod | null,
  status: row.status as TOrderStatus,
});

const isFinal = (status: TOrderStatus) => (ORDER_FINAL_STATUSES as readonly string[]).includes(status);

export const toOrderDetail = (
  order: OrderRow,
  branchName: string | null,
  children: Awaited<ReturnType<typeof orderChildren>>,
): TOrderDetail => {
  const status = order.status as TOrderStatus;
  const subtotalMinor =
    children.lines.length > 0
      ? children.lines.reduce((sum, line) => sum + line.lineTotalMinor, 0)
      : order.totalMinor - order.deliveryFeeMinor;
  const vatMinor = vatContainedMinor(order.totalMinor);
  return {
    ...toOrderListRow({ ...order, branchName }),
    source: order.source === 'event' ? 'event' : 'api',
    payment_location: order.paymentLocation as TPaymentLocation | null,
    items: children.lines.map((line) => ({
      _id: line.id,
      product_id: line.productId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unit_price: fromMinorUnits(line.unitPriceMinor),
      line_total: fromMinorUnits(line.lineTotalMinor),
    })),
    subtotal: fromMinorUnits(subtotalMinor),
    delivery_fee: fromMinorUnits(order.deliveryFeeMinor),
    vat: fromMinorUnits(vatMinor),
    vat_rate: VAT_RATE,
    total_excl_vat: fromMinorUnits(order.totalMinor - vatMinor),
    counted: order.counted,
    next_statuses: [...nextOrderStatuses(status)],
    parcels: children.parcels.map((parcel) => ({
      _id: parcel.id,
      number: parcel.number,
      status: parcel.status as TParcelStatus,
      next_statuses: isFinal(status) ? [] : [...nextParcelStatuses(parcel.status as TParcelStatus)],
      created_at: parcel.createdAt.toISOString(),
      updated_at: parcel.updatedAt.toISOString(),
    })),
    status_history: children.history.map(({ entry, parcelNumber }) => ({
      seq: entry.seq,
      parcel: parcelNumber,
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      changed_at: entry.changedAt.toISOString(),
      changed_by: entry.actorName,
    })),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
};
