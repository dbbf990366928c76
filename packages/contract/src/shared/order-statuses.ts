import { z } from 'zod';

export const ZOrderStatus = z.enum([
  'ORDERED',
  'REFUNDED',
  'CANCELLED',
  'PARTIALLY-FULFILLED',
  'FULFILLED',
  'PROCESSING',
  'POS-ORDERED',
]);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const ORDER_STATUSES = ZOrderStatus.options;

/** An order in one of these statuses no longer counts towards order statistics (DESIGN §5). */
export const ZOrderReversalStatus = ZOrderStatus.extract(['REFUNDED', 'CANCELLED']);
export const ORDER_REVERSAL_STATUSES = ZOrderReversalStatus.options;

export const ZParcelStatus = z.enum([
  'OPEN',
  'PACKED',
  'READY',
  'COLLECTED',
  'IN-TRANSIT',
  'ARRIVED',
  'DELIVERED',
  'ABANDONED',
]);
export type TParcelStatus = z.infer<typeof ZParcelStatus>;
export const PARCEL_STATUSES = ZParcelStatus.options;

/** The value of a status filter that matches every status (orders, baskets). */
export const ALL_FILTER_VALUE = 'ALL';
