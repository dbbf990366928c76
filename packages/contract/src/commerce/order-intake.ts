import { z } from 'zod';
import { ZEventMoney, ZExternalRef } from '../engine/event-data/money';
import { EVENT_CLOCK_SKEW_MS } from '../engine/event-types';
import { ZEventCustomerRef } from '../engine/events';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ADD_CUSTOMER_MESSAGES } from '../messages/customers';
import { ZFulfilmentMethod, ZPaymentLocation, ZPaymentType } from '../shared/commerce';
import { ZEmail } from '../shared/contact';
import { checkDayOrDateTime, DATE_LIMITS, isoDateTime } from '../shared/dates';
import { ZId } from '../shared/ids';
import { ZOrderStatus, ZParcelStatus } from '../shared/order-statuses';
import { ORDER_INITIAL_STATUSES } from './order-transitions';
import { ZOrderDetail } from './orders';

/** The most an order or basket may hold, and the most one order may total (the engine's event limits). */
export const COMMERCE_LIMITS = { items: 500, quantity: 100_000, maxTotal: 999_999_999, parcels: 50 } as const;

export const ORDER_INTAKE_MESSAGES = {
  created: 'Order created.',
  duplicate: 'Order already received.',
  conflict: 'An order with this order_id was already received with a different payload.',
  customerOrGuest: 'Send either customer or guest.',
  customerNotFound: 'No customer matches this reference.',
  branchNotFound: 'The branch could not be found.',
  branchNotManaged: 'You can only record orders at the branches you manage.',
  itemRef: 'must name product_id or sku',
  totalMismatch: 'total must equal the sum of the items plus the delivery fee',
  totalTooLarge: `total must not be more than ${COMMERCE_LIMITS.maxTotal}`,
  deliveryFeeNeedsDelivery: 'delivery_fee applies only to DELIVERY orders',
  futureOrderedAt: 'ordered_at must not be in the future',
  nothingToChange: 'Send status or parcels.',
  parcelTwice: 'Each parcel may appear once.',
  updated: 'Order updated.',
  unchanged: 'Nothing changed: the order already has these statuses.',
  notFound: 'The order could not be found.',
  parcelNotFound: (parcel: number | string) => `Parcel ${parcel} of this order could not be found.`,
  newParcelOpen: (parcel: number) => `Parcel ${parcel} is new: a new parcel starts OPEN.`,
} as const;

/** One line of an order or basket as a channel sends it: a product (by id or sku), how many, the unit price. */
export const ZCommerceItemInput = z
  .object({
    product_id: ZExternalRef.optional(),
    sku: ZExternalRef.optional(),
    title: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(200, 'must not be more than 200 characters')
      .optional(),
    category_ids: z.array(ZExternalRef).max(50).optional(),
    quantity: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(COMMERCE_LIMITS.quantity, `must not be more than ${COMMERCE_LIMITS.quantity}`),
    /** Unit price, VAT included. */
    price: ZEventMoney,
  })
  .refine((item) => item.product_id !== undefined || item.sku !== undefined, {
    message: ORDER_INTAKE_MESSAGES.itemRef,
    path: ['product_id'],
  });
export type TCommerceItemInput = z.infer<typeof ZCommerceItemInput>;

/** A buyer who is not a loyalty member: what the channel knows of them, all optional. */
export const ZOrderGuest = z.object({
  name: z.string().trim().min(1, 'is required').max(200, 'must not be more than 200 characters').optional(),
  email: ZEmail.max(254, ADD_CUSTOMER_MESSAGES.invalidEmail).optional(),
  /** Any phone number (a guest may give a landline or a foreign number); a local cell number is stored as +27…. */
  contact_number: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, ADD_CUSTOMER_MESSAGES.invalidPhoneNumber)
    .optional(),
});

const ZDateOrDateTime = z
  .string()
  .trim()
  .superRefine(
    checkDayOrDateTime({
      format: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
      notReal: 'must be a real date',
      outOfRange: `must be between ${DATE_LIMITS.min} and ${DATE_LIMITS.max}`,
    }),
  );

export const ZCreateOrderRequest = z
  .object({
    /** The channel's own order id: the idempotency key (a repeat with the same payload returns the first answer). */
    order_id: ZExternalRef,
    /** What the Orders table shows as Code; the order_id when absent. */
    code: ZExternalRef.optional(),
    customer: ZEventCustomerRef.optional(),
    guest: ZOrderGuest.optional(),
    branch_id: ZId.nullable().optional(),
    status: z.enum(ORDER_INITIAL_STATUSES).default('ORDERED'),
    /** Fulfilment method. */
    method: ZFulfilmentMethod,
    payment_method: ZPaymentType,
    payment_location: ZPaymentLocation.optional(),
    items: z
      .array(ZCommerceItemInput)
      .min(1, 'must hold at least one item')
      .max(COMMERCE_LIMITS.items, `must not hold more than ${COMMERCE_LIMITS.items} items`),
    /** VAT included, like every price; DELIVERY orders only. */
    delivery_fee: ZEventMoney.optional(),
    /** When given, checked against the items plus the delivery fee. */
    total: ZEventMoney.optional(),
    ordered_at: isoDateTime('must be an ISO 8601 date-time, e.g. 2026-11-24T10:15:00Z')
      .refine(
        (value) => Date.parse(value) <= Date.now() + EVENT_CLOCK_SKEW_MS,
        ORDER_INTAKE_MESSAGES.futureOrderedAt,
      )
      .optional(),
    expected_fulfilment_date: ZDateOrDateTime.nullable().optional(),
  })
  .superRefine((order, ctx) => {
    if ((order.customer === undefined) === (order.guest === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['customer'], message: ORDER_INTAKE_MESSAGES.customerOrGuest });
    }
    if (order.delivery_fee !== undefined && order.delivery_fee > 0 && order.method !== 'DELIVERY') {
      ctx.addIssue({
        code: 'custom',
        path: ['delivery_fee'],
        message: ORDER_INTAKE_MESSAGES.deliveryFeeNeedsDelivery,
      });
    }
  })
  .meta({
    examples: [
      {
        order_id: 'WEB-100231',
        customer: { email: 'ayanda@example.com' },
        branch_id: '5f1c2b3a4d5e6f7a8b9c0d1e',
        method: 'DELIVERY',
        payment_method: 'CARD',
        payment_location: 'online',
        items: [
          { sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 },
          { product_id: 'p-croissant', title: 'Croissant', quantity: 1, price: 31 },
        ],
        delivery_fee: 25,
        total: 140.5,
        expected_fulfilment_date: '2026-11-24T12:00:00+02:00',
      },
      {
        order_id: 'TILL-7-000981',
        guest: { name: 'Walk-in' },
        status: 'POS-ORDERED',
        method: 'COLLECTION',
        payment_method: 'CARD',
        payment_location: 'in_store',
        items: [{ sku: 'ESPRESSO', quantity: 1, price: 28 }],
      },
    ],
  });
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

/** The answer to a created order; a repeat of the same request gets the same answer. */
export const ZOrderReceipt = z.object({
  _id: z.string(),
  order_id: z.string(),
  code: z.string(),
  /** The status the order was created with. */
  status: ZOrderStatus,
  customer_id: z.string().nullable(),
  guest: z.boolean(),
  subtotal: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
  /** The VAT the total contains (prices include VAT). */
  vat: z.number(),
  created_at: z.string(),
});
export type TOrderReceipt = z.infer<typeof ZOrderReceipt>;

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/v1/orders',
  permission: 'ORDERS:create',
  token: 'integration',
  summary:
    "Record an order from a channel (201 created, 200 the same order_id and payload again, 409 the same order_id with another payload); a customer's order counts towards their statistics once",
  tags: ['integrator'],
  body: ZCreateOrderRequest,
  response: envelopeOf(ZOrderReceipt),
});

/** Identifies an order by Laurel's `_id` or the channel's `order_id`. */
export const ZOrderIdParams = z.object({ id: ZExternalRef });

export const ZParcelChange = z.object({
  /** The parcel's number within the order (1, 2…); the next unused number adds a parcel, which starts OPEN. */
  number: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'),
  status: ZParcelStatus,
});

export const ZUpdateOrderRequest = z
  .object({
    status: ZOrderStatus.optional(),
    parcels: z
      .array(ZParcelChange)
      .max(COMMERCE_LIMITS.parcels, `must not hold more than ${COMMERCE_LIMITS.parcels} parcels`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === undefined && (body.parcels === undefined || body.parcels.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: ORDER_INTAKE_MESSAGES.nothingToChange });
    }
    const numbers = body.parcels?.map((parcel) => parcel.number) ?? [];
    if (new Set(numbers).size !== numbers.length) {
      ctx.addIssue({ code: 'custom', path: ['parcels'], message: ORDER_INTAKE_MESSAGES.parcelTwice });
    }
  })
  .meta({ examples: [{ status: 'PROCESSING', parcels: [{ number: 1, status: 'PACKED' }] }] });
export type TUpdateOrderRequest = z.input<typeof ZUpdateOrderRequest>;

export const updateOrder = defineEndpoint({
  method: 'PATCH',
  path: '/v1/orders/:id',
  permission: 'ORDERS:update',
  token: 'integration',
  summary:
    'Change the status of an order (by _id or order_id) and of its parcels, along the documented transitions (409 for any other move)',
  tags: ['integrator'],
  params: ZOrderIdParams,
  body: ZUpdateOrderRequest,
  response: envelopeOf(ZOrderDetail),
});
