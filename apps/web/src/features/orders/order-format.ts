import {
  ALL_FILTER_VALUE,
  FULFILMENT_METHOD_LABELS,
  ORDER_STATUSES,
  PAYMENT_LOCATION_LABELS,
  PAYMENT_TYPE_LABELS,
  type TFulfilmentMethod,
  type TOrderStatus,
  type TPaymentLocation,
  type TPaymentType,
} from '@laurel/contract';
import type { TOrderStatusFilter } from '@/features/orders/api';
import { displayDateTime as displayTimestamp, parseDate } from '@/ui/display-date';

/** Texts of this area's own; the spec's come from the contract. */
export const ORDER_TEXTS = {
  subtitle: 'Every order from your tills, shop and app, newest first.',
  search: 'Search orders',
  searchPlaceholder: 'Code, customer, email or number',
  status: 'Status',
  backToOrders: 'Back to Orders',
  notLoaded: 'This order could not be loaded',
  customer: 'Customer',
  guest: 'Guest',
  guestNote: 'Not a loyalty member: this order counts towards no statistics.',
  openProfile: 'Open profile',
  items: 'Items',
  totals: 'Totals',
  parcels: 'Parcels',
  noParcels: 'No parcels yet: the channel adds them as it packs the order.',
  history: 'Status History',
  noHistory: 'No status changes yet.',
  moveOrder: 'Move the order',
  finalStatus: 'This is a final status: the order no longer changes.',
  parcelFinal: 'Final status.',
  orderClosedForParcels: 'The order is closed: its parcels no longer change.',
  counted: "Counted in the customer's statistics",
  notCounted: "Not in the customer's statistics",
} as const;

export const isOrderStatusFilter = (value: string): value is TOrderStatusFilter =>
  value === ALL_FILTER_VALUE || (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * The status filter's options (spec 1 §2.15): 'ALL' plus the statuses found in the orders, each as its value, in the
 * statuses' own order; the status chosen stays offered while its page loads.
 */
export const orderStatusFilterOptions = (
  found: readonly TOrderStatus[] | undefined,
  chosen: TOrderStatusFilter,
): { value: TOrderStatusFilter; label: string }[] => [
  { value: ALL_FILTER_VALUE, label: ALL_FILTER_VALUE },
  ...ORDER_STATUSES.filter((status) => found?.includes(status) || status === chosen).map((status) => ({
    value: status,
    label: status,
  })),
];

export const methodLabel = (method: TFulfilmentMethod | null) =>
  method ? FULFILMENT_METHOD_LABELS[method] : '—';
export const paymentLabel = (payment: TPaymentType | null) => (payment ? PAYMENT_TYPE_LABELS[payment] : '—');
export const paymentLocationLabel = (location: TPaymentLocation | null) =>
  location ? PAYMENT_LOCATION_LABELS[location] : '—';

/** The verb on a button that moves an order or parcel to a status. */
export const moveLabel = (status: string) => `Mark as ${status}`;

const utcDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '3 Mar 2025, 14:05', or '—'. An ETA sent as a plain date (YYYY-MM-DD) is stored as midnight UTC: it shows as
 * that date, without a time.
 */
export const displayDateTime = (value: string | null | undefined) => {
  const date = parseDate(value);
  if (date && value && (/^\d{4}-\d{2}-\d{2}$/.test(value) || /T00:00:00(\.000)?(Z|\+00:00)$/.test(value)))
    return utcDateFormat.format(date);
  return displayTimestamp(value);
};

/** '15%' from 0.15. */
export const percent = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;
