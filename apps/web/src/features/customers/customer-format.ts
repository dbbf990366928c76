import { CUSTOMER_STATUSES, formatCappedCount, formatCount, localCellNumber } from '@laurel/contract';
import type { TCustomerStatusFilter } from '@/features/customers/api';
import { dayInZone } from '@/ui/display-date';

export const STATUS_FILTER_OPTIONS: { value: TCustomerStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  ...CUSTOMER_STATUSES.map((status) => ({ value: status, label: status })),
];

export const isStatusFilter = (value: string): value is TCustomerStatusFilter =>
  STATUS_FILTER_OPTIONS.some((option) => option.value === value);

/** Cell numbers are stored as `+27…`; people read and type the local `0…` form. */
export const displayCellNumber = (value: string | null | undefined) =>
  value ? (localCellNumber(value) ?? value) : '—';

/**
 * The calendar date (YYYY-MM-DD, spec 1's format) of a date as it is, or of a timestamp in this browser's zone, as
 * the profile's wallet history and the orders page date it (its UTC date put a 00:30 order on the day before), or '—'.
 */
export const displayDate = (value: string | null | undefined) => dayInZone(value) ?? '—';

/** '1 customer', '25 customers', '10,000+ customers' (or a search's '1,000+') when the server stopped counting. */
export const customerCountText = (count: number, capped: boolean) =>
  `${capped ? formatCappedCount(count) : formatCount(count)} ${count === 1 && !capped ? 'customer' : 'customers'}`;
