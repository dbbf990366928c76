import { z } from 'zod';
import { CUSTOMER_MESSAGES } from '../customers/customers';
import { ZEventMoney, ZExternalRef } from '../engine/event-data/money';
import { ZEventCustomerRef } from '../engine/events';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageSize } from '../http/fields';
import { BASKET_DEFAULTS, ZBasketTypeFilter, ZFulfilmentMethod } from '../shared/commerce';
import { ZIsoDate } from '../shared/dates';
import { ID_REGEX, ZId } from '../shared/ids';
import { numberFromText } from '../shared/numbers';
import { ALL_FILTER_VALUE } from '../shared/order-statuses';
import { COMMERCE_LIMITS, ORDER_INTAKE_MESSAGES, ZCommerceItemInput } from './order-intake';

/**
 * Where a channel's basket stands: being filled, paid for (an order follows), or left. The spec names no basket
 * statuses; these three are the ones its status chips colour (OPEN, CHECKED-OUT, ABANDONED).
 */
export const ZBasketStatus = z.enum(['OPEN', 'CHECKED-OUT', 'ABANDONED']);
export type TBasketStatus = z.infer<typeof ZBasketStatus>;
export const BASKET_STATUSES = ZBasketStatus.options;

export const BASKET_API_MESSAGES = {
  created: 'Basket created.',
  updated: 'Basket updated.',
  unchanged: 'Basket already up to date.',
  customerNotFound: ORDER_INTAKE_MESSAGES.customerNotFound,
  branchNotFound: ORDER_INTAKE_MESSAGES.branchNotFound,
  branchNotManaged: 'You can only record baskets at the branches you manage.',
  totalMismatch: 'total must equal the sum of the items',
  totalTooLarge: ORDER_INTAKE_MESSAGES.totalTooLarge,
  dateRange: 'from_date must not be after to_date',
  valueRange: 'min_value must not be more than max_value',
} as const;

export const ZUpsertBasketRequest = z
  .object({
    /** The channel's own basket id: the same id updates the same basket; the same payload again changes nothing. */
    basket_id: ZExternalRef,
    /** Absent for a guest's basket. */
    customer: ZEventCustomerRef.optional(),
    branch_id: ZId.nullable().optional(),
    /** Fulfilment method the basket is for. */
    type: ZFulfilmentMethod,
    status: ZBasketStatus.default('OPEN'),
    items: z
      .array(ZCommerceItemInput)
      .max(COMMERCE_LIMITS.items, `must not hold more than ${COMMERCE_LIMITS.items} items`),
    /** When given, checked against the items. */
    total: ZEventMoney.optional(),
  })
  .meta({
    examples: [
      {
        basket_id: 'app-cart-5521',
        customer: { cell_number: '0821234567' },
        branch_id: '5f1c2b3a4d5e6f7a8b9c0d1e',
        type: 'COLLECTION',
        status: 'OPEN',
        items: [{ sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 }],
        total: 84.5,
      },
    ],
  });
export type TUpsertBasketRequest = z.input<typeof ZUpsertBasketRequest>;

const ZBasketItem = z.object({
  product_id: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  line_total: z.number(),
});

/** A row of the Baskets table: a guest's basket shows 'Guest User' and '-' (spec 1 §2.15). */
export const ZBasketRow = z.object({
  _id: z.string(),
  basket_id: z.string(),
  customer: z.string(),
  customer_id: z.string().nullable(),
  guest: z.boolean(),
  email: z.string(),
  contact_number: z.string(),
  branch: z.object({ _id: z.string(), display_name: z.string() }).nullable(),
  type: ZFulfilmentMethod,
  status: ZBasketStatus,
  item_count: z.number().int(),
  total: z.number(),
  created_at: z.string(),
  /** The basket's date: its last change. The date range filters on it. */
  updated_at: z.string(),
});
export type TBasketRow = z.infer<typeof ZBasketRow>;

export const ZBasket = ZBasketRow.extend({ items: z.array(ZBasketItem) });
export type TBasket = z.infer<typeof ZBasket>;

export const upsertBasket = defineEndpoint({
  method: 'POST',
  path: '/v1/baskets',
  permission: 'BASKETS:create',
  token: 'integration',
  summary:
    "Create or update a channel's basket by its basket_id (201 created, 200 updated or unchanged); the answer is the basket as stored",
  tags: ['integrator'],
  body: ZUpsertBasketRequest,
  response: envelopeOf(ZBasket),
});

const money = (message: string) => numberFromText(z.number({ error: message }).min(0, message));

const ZBasketFilters = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  /** A fragment of the basket id or the customer's name, email or number. */
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
  branch_id_list: z.union([z.array(ZId), ZId.transform((id) => [id])]).optional(),
  from_date: ZIsoDate.optional(),
  to_date: ZIsoDate.optional(),
  type: ZBasketTypeFilter.default(BASKET_DEFAULTS.type),
  status: ZBasketStatus.or(z.literal(ALL_FILTER_VALUE)).default(ALL_FILTER_VALUE),
});

const checkRanges = (
  query: {
    from_date?: string | undefined;
    to_date?: string | undefined;
    min_value?: number;
    max_value?: number;
  },
  ctx: z.RefinementCtx,
) => {
  if (query.from_date && query.to_date && query.from_date > query.to_date)
    ctx.addIssue({ code: 'custom', path: ['from_date'], message: BASKET_API_MESSAGES.dateRange });
  if (query.min_value !== undefined && query.max_value !== undefined && query.min_value > query.max_value)
    ctx.addIssue({ code: 'custom', path: ['min_value'], message: BASKET_API_MESSAGES.valueRange });
};

export const ZBasketListQuery = ZBasketFilters.extend({
  /** The staff user the console sends (spec 1 §7); the server knows who is asking. */
  user_id: z.string().max(64).optional(),
  /** The Baskets table's branch filter; managers stay within their branches whatever it says. */
  branch_id: ZId.optional(),
  min_value: money('min_value must be a number of at least 0').optional(),
  max_value: money('max_value must be a number of at least 0').optional(),
}).superRefine(checkRanges);
export type TBasketListQuery = z.input<typeof ZBasketListQuery>;

export const listClientBaskets = defineEndpoint({
  method: 'GET',
  path: '/v2/client/basket/list',
  permission: 'BASKETS:read',
  token: 'client',
  summary:
    'Baskets, newest change first: date range, type, status, total range, branch and search filters; count capped above 10,000',
  tags: ['baskets'],
  query: ZBasketListQuery,
  response: envelopeOf(
    z.object({ baskets: z.array(ZBasketRow), count: z.number().int(), count_capped: z.boolean() }),
  ),
});

export const ZCustomerBasketListQuery = ZBasketFilters.extend({
  user_id: z.string({ error: CUSTOMER_MESSAGES.invalidId }).regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId),
}).superRefine(checkRanges);

export const listCustomerBaskets = defineEndpoint({
  method: 'GET',
  path: '/v2/user/basket/list',
  permission: 'BASKETS:read',
  token: 'client',
  summary: "One customer's baskets (user_id is the customer), newest change first",
  tags: ['baskets'],
  query: ZCustomerBasketListQuery,
  response: envelopeOf(z.object({ baskets: z.array(ZBasketRow), count: z.number().int() })),
});
