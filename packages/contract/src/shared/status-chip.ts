import { z } from 'zod';

export const ZStatusChipColor = z.enum(['success', 'neutral', 'secondary', 'danger', 'warning']);
export type TStatusChipColor = z.infer<typeof ZStatusChipColor>;
export const STATUS_CHIP_COLORS = ZStatusChipColor.options;

/** Status values per chip colour (spec 1 §4). */
export const STATUS_CHIP_VALUES: Record<TStatusChipColor, readonly string[]> = {
  success: [
    'ACTIVE',
    'COMPLETED',
    'FULFILLED',
    'PROCESSED',
    'ORDERED',
    'READY',
    'ARRIVED',
    'DELIVERED',
    'ONLINE',
    'AVAILABLE',
    'COMPLETE',
    'SUCCESS',
    'ACCEPTED',
  ],
  neutral: ['INACTIVE', 'CANCELLED', 'OFFLINE'],
  secondary: ['UPDATED', 'OPEN', 'RETURNED', 'PACKED', 'VIEWED'],
  danger: ['SUSPENDED', 'ABANDONED', 'RETURNED-BY-CUSTOMER', 'DECLINED', 'EXPIRED'],
  warning: [
    'AWAITING-SIGNUP',
    'PROCESSING',
    'CHECKED-OUT',
    'POS-ORDERED',
    'COLLECTED',
    'DELIVERY-READY',
    'PARTIALLY-DELIVERED',
    'AWAITING-EMAIL-CONFIRMATION',
    'SENT',
    'PENDING',
  ],
};

const COLOR_BY_VALUE = new Map<string, TStatusChipColor>(
  STATUS_CHIP_COLORS.flatMap((color) => STATUS_CHIP_VALUES[color].map((value) => [value, color] as const)),
);

/**
 * The chip colour of a status. Matching ignores case and treats spaces and underscores as hyphens, so report
 * statuses such as 'Completed' or 'Expired' get the same colour; anything unknown is neutral.
 */
export const statusChipColor = (value: string | null | undefined): TStatusChipColor => {
  if (!value) return 'neutral';
  const key = value
    .trim()
    .toUpperCase()
    .replace(/[\s_]+/g, '-');
  return COLOR_BY_VALUE.get(key) ?? 'neutral';
};
