import {
  ORDER_STATUSES,
  PARCEL_STATUSES,
  type TOrderStatus,
  type TParcelStatus,
} from '../shared/order-statuses';

/**
 * How orders and parcels move between the spec's statuses (spec 1 §4 lists them; the transitions are ours). The
 * API refuses any other change with a 409 naming both statuses; the order page offers exactly these moves.
 * Setting the status an order or parcel already has is no change (a repeated call is answered, not refused).
 */
export const ORDER_TRANSITIONS = {
  // A channel's order waits to be worked on; it is picked and packed (PROCESSING) or called off.
  ORDERED: ['PROCESSING', 'CANCELLED'],
  // A till sale is handed over at once (FULFILLED) or voided at the till (CANCELLED).
  'POS-ORDERED': ['FULFILLED', 'CANCELLED'],
  // Being worked on: some parcels leave first (PARTIALLY-FULFILLED), all at once (FULFILLED), or it is called off.
  PROCESSING: ['PARTIALLY-FULFILLED', 'FULFILLED', 'CANCELLED'],
  // Part has been handed over: the rest follows (FULFILLED), the rest is called off (CANCELLED), or the whole
  // order is paid back (REFUNDED).
  'PARTIALLY-FULFILLED': ['FULFILLED', 'CANCELLED', 'REFUNDED'],
  // Handed over: the only way on is paying it back. Cancelling a delivered order is a refund.
  FULFILLED: ['REFUNDED'],
  // Final: money went back; nothing follows.
  REFUNDED: [],
  // Final: called off before it was all handed over; nothing follows.
  CANCELLED: [],
} as const satisfies Record<TOrderStatus, readonly TOrderStatus[]>;

/** What an order may be created with: a channel's order, or a sale already made at a till. */
export const ORDER_INITIAL_STATUSES = ['ORDERED', 'POS-ORDERED'] as const satisfies readonly TOrderStatus[];

/** Statuses with no way out; the parcels of such an order no longer change either. */
export const ORDER_FINAL_STATUSES = ORDER_STATUSES.filter((status) => ORDER_TRANSITIONS[status].length === 0);

export const PARCEL_TRANSITIONS = {
  // A new parcel is filled (PACKED) or given up before it is packed (ABANDONED).
  OPEN: ['PACKED', 'ABANDONED'],
  // Packed: it waits for its collector or courier (READY), is handed to a courier at once (IN-TRANSIT), is opened
  // again to change what is in it (OPEN), or is given up.
  PACKED: ['READY', 'IN-TRANSIT', 'OPEN', 'ABANDONED'],
  // Ready: the customer collects it (COLLECTED), a courier takes it (IN-TRANSIT), or nobody comes (ABANDONED).
  READY: ['COLLECTED', 'IN-TRANSIT', 'ABANDONED'],
  // On its way: it reaches a pick-up point (ARRIVED), the customer (DELIVERED), or is lost or refused.
  'IN-TRANSIT': ['ARRIVED', 'DELIVERED', 'ABANDONED'],
  // At a pick-up point or the door: handed over (DELIVERED), fetched by the customer (COLLECTED), or left there.
  ARRIVED: ['DELIVERED', 'COLLECTED', 'ABANDONED'],
  // Final: the customer has it.
  COLLECTED: [],
  // Final: the customer has it.
  DELIVERED: [],
  // Final: given up.
  ABANDONED: [],
} as const satisfies Record<TParcelStatus, readonly TParcelStatus[]>;

/** A new parcel starts here. */
export const PARCEL_INITIAL_STATUS = 'OPEN' satisfies TParcelStatus;

export const PARCEL_FINAL_STATUSES = PARCEL_STATUSES.filter(
  (status) => PARCEL_TRANSITIONS[status].length === 0,
);

export const nextOrderStatuses = (from: TOrderStatus): readonly TOrderStatus[] => ORDER_TRANSITIONS[from];
export const nextParcelStatuses = (from: TParcelStatus): readonly TParcelStatus[] => PARCEL_TRANSITIONS[from];

export const canOrderMove = (from: TOrderStatus, to: TOrderStatus) =>
  (ORDER_TRANSITIONS[from] as readonly TOrderStatus[]).includes(to);
export const canParcelMove = (from: TParcelStatus, to: TParcelStatus) =>
  (PARCEL_TRANSITIONS[from] as readonly TParcelStatus[]).includes(to);

export const ORDER_TRANSITION_MESSAGES = {
  illegalOrder: (from: string, to: string) => `An order cannot move from ${from} to ${to}.`,
  illegalParcel: (parcel: number, from: string, to: string) =>
    `Parcel ${parcel} cannot move from ${from} to ${to}.`,
  orderClosed: (status: string) => `The order is ${status}: its parcels can no longer change.`,
} as const;
