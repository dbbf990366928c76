import { z } from 'zod';
import { CUSTOMER_MESSAGES } from '../customers/customers';
import { ZExternalRef } from '../engine/event-data/money';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageSize } from '../http/fields';
import { ZFulfilmentMethod, ZPaymentLocation, ZPaymentType } from '../shared/commerce';
import { ID_REGEX, ZId } from '../shared/ids';
import { ALL_FILTER_VALUE, ZOrderStatus, ZParcelStatus } from '../shared/order-statuses';
import { SORT_DIRECTIONS } from '../shared/paging';

const ZBranchRef = z.object({ _id: z.string(), display_name: z.string() }).nullable();

/** A row of the Orders table (spec 1 §3 "Order list row"); money as decimals. */
export const ZOrderListRow = z.object({
  _id: z.string(),
  /** The channel's order id; null for none. */
  order_id: z.string().nullable(),
  code: z.string(),
  /** The customer's name and surname, the guest's name, or 'Guest User'. */
  customer: z.string(),
  customer_id: z.string().nullable(),
  guest: z.boolean(),
  email: z.string().nullable(),
  contact_number: z.string().nullable(),
  order_date: z.string(),
  total: z.number(),
  branch: ZBranchRef,
  /** Fulfilment method. */
  method: ZFulfilmentMethod.nullable(),
  payment_method: ZPaymentType.nullable(),
  /** The ETA column. */
  expected_fulfilment_date: z.string().nullable(),
  status: ZOrderStatus,
});
export type TOrderListRow = z.infer<typeof ZOrderListRow>;

/** Every column of the Orders table but Branch Name sorts (spec 1 §2.15); none given: order date, newest first. */
export const ZOrderSortKey = z.enum([
  'customer',
  'code',
  'order_date',
  'total',
  'method',
  'expected_fulfilment_date',
  'status',
]);
export type TOrderSortKey = z.infer<typeof ZOrderSortKey>;
export const ORDER_SORT_KEYS = ZOrderSortKey.options;
export const DEFAULT_ORDER_SORT = { key: 'order_date', direction: 'desc' } as const;

const ZOrderFilters = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  method: ZFulfilmentMethod.or(z.literal(ALL_FILTER_VALUE)).optional(),
  status: ZOrderStatus.or(z.literal(ALL_FILTER_VALUE)).optional(),
  /** A fragment of the code, order id, or the customer's name, email or number. */
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
  branch_id_list: z.union([z.array(ZId), ZId.transform((id) => [id])]).optional(),
});

const ZCustomerIdField = z
  .string({ error: CUSTOMER_MESSAGES.invalidId })
  .regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId);

export const ZOrderListQuery = ZOrderFilters.extend({
  /** The staff user the console sends (spec 1 §7), as on the customer list; the server knows who is asking. */
  user_id: z.string().max(64).optional(),
  sort_key: ZOrderSortKey.or(z.literal('')).optional(),
  sort_direction: z.enum(SORT_DIRECTIONS).optional(),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/v2/order/list',
  permission: 'ORDERS:read',
  token: 'client',
  summary:
    'Orders: status, method and search filters, sort by any column but branch (default order date, newest first), paging; count capped above 10,000',
  tags: ['orders'],
  query: ZOrderListQuery,
  response: envelopeOf(
    z.object({
      order_list: z.array(ZOrderListRow),
      count: z.number().int(),
      count_capped: z.boolean(),
      /**
       * The statuses found among the orders the caller may see, whatever the status filter and search: the status
       * filter offers these (spec 1 §2.15: ALL plus the statuses found in the orders).
       */
      statuses: z.array(ZOrderStatus),
    }),
  ),
});

export const ZCustomerOrderListQuery = ZOrderListQuery.extend({ user_id: ZCustomerIdField });

export const listCustomerOrders = defineEndpoint({
  method: 'GET',
  path: '/v2/user/order/list',
  permission: 'ORDERS:read',
  token: 'client',
  summary: "One customer's orders (user_id is the customer), as rows of the Orders table",
  tags: ['orders'],
  query: ZCustomerOrderListQuery,
  response: envelopeOf(z.object({ orders_list: z.array(ZOrderListRow), count: z.number().int() })),
});

/** A row of the customer profile's orders table (spec 1 §2.15 "Customer order list columns"). */
export const ZCustomerOrderSummaryRow = z.object({
  _id: z.string(),
  code: z.string(),
  customer: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  date: z.string(),
  amount: z.number(),
  branch: ZBranchRef,
  method: ZFulfilmentMethod.nullable(),
  status: ZOrderStatus,
});
export type TCustomerOrderSummaryRow = z.infer<typeof ZCustomerOrderSummaryRow>;

export const listCustomerOrderSummary = defineEndpoint({
  method: 'GET',
  path: '/v2/user/list/order/summary',
  permission: 'ORDERS:read',
  token: 'client',
  summary:
    "The customer profile's orders table: one customer's orders, newest first, with their count and the value of those that count (not refunded or cancelled)",
  tags: ['orders'],
  query: ZOrderFilters.extend({ user_id: ZCustomerIdField }),
  response: envelopeOf(
    z.object({
      orders_list: z.array(ZCustomerOrderSummaryRow),
      count: z.number().int(),
      total_value: z.number(),
    }),
  ),
});

export const ZOrderLine = z.object({
  _id: z.string(),
  product_id: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZParcel = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: ZParcelStatus,
  /** The moves the transition table allows from here (none once the order is final). */
  next_statuses: z.array(ZParcelStatus),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TParcel = z.infer<typeof ZParcel>;

/** One entry of an order's append-only status history; `parcel` is null for the order's own status. */
export const ZOrderStatusHistoryEntry = z.object({
  seq: z.number().int(),
  parcel: z.number().int().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  changed_at: z.string(),
  /** Who made the change: a staff member's name, or the API key's. */
  changed_by: z.string().nullable(),
});
export type TOrderStatusHistoryEntry = z.infer<typeof ZOrderStatusHistoryEntry>;

/** An order page's data: the row, its lines, VAT-inclusive totals, parcels and history. */
export const ZOrderDetail = ZOrderListRow.extend({
  /** 'api' (the integrator API) or 'event' (an order.created event made it). */
  source: z.enum(['api', 'event']),
  payment_location: ZPaymentLocation.nullable(),
  items: z.array(ZOrderLine),
  /** The items' total; the total adds the delivery fee. All VAT included. */
  subtotal: z.number(),
  delivery_fee: z.number(),
  /** The VAT the total contains, at vat_rate, and the total without it. */
  vat: z.number(),
  vat_rate: z.number(),
  total_excl_vat: z.number(),
  counted: z
    .boolean()
    .describe(
      "Whether the order is in the customer's order statistics at the moment of this answer. The engine applies a creation or a status change within moments of the answer, so an answer to a change may still show the state before it; read the order again to see it applied. Guests' orders never count.",
    ),
  next_statuses: z.array(ZOrderStatus),
  parcels: z.array(ZParcel),
  status_history: z.array(ZOrderStatusHistoryEntry),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

/** An order by Laurel's `_id` or by the channel's order id. */
const ZOrderRefParams = z.object({ id: ZExternalRef });

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/orders/:id',
  permission: 'ORDERS:read',
  token: 'client',
  summary: "An order page's data: items, VAT-inclusive totals, parcels and status history",
  tags: ['orders'],
  params: ZOrderRefParams,
  response: envelopeOf(ZOrderDetail),
});

export const changeOrderStatus = defineEndpoint({
  method: 'PATCH',
  path: '/orders/:id/status',
  permission: 'ORDERS:update',
  token: 'client',
  summary: 'Move an order to another status along the transition table (409 for any other move)',
  tags: ['orders'],
  params: ZOrderRefParams,
  body: z.object({ status: ZOrderStatus }),
  response: envelopeOf(ZOrderDetail),
});

export const changeParcelStatus = defineEndpoint({
  method: 'PATCH',
  path: '/orders/:id/parcels/:parcel_id/status',
  permission: 'ORDERS:update',
  token: 'client',
  summary:
    "Move one of an order's parcels to another status along the transition table (409 for any other move)",
  tags: ['orders'],
  params: ZOrderRefParams.extend({ parcel_id: ZId }),
  body: z.object({ status: ZParcelStatus }),
  response: envelopeOf(ZOrderDetail),
});
