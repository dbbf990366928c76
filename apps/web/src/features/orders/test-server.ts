import type { TOrderDetail, TOrderListRow, TOrderStatus, TSessionUser } from '@laurel/contract';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { ok, stubApi } from '@/test/stub-api';

export const ORDER_ID = '7'.repeat(24);
export const GUEST_ORDER_ID = '8'.repeat(24);
export const PARCEL_ID = '9'.repeat(24);
export const CUSTOMER_ID = 'c'.repeat(24);
const SEA_POINT = { _id: 'd'.repeat(24), display_name: 'Sea Point' };

export const orderRowFixture = (overrides: Partial<TOrderListRow> = {}): TOrderListRow => ({
  _id: ORDER_ID,
  order_id: 'WEB-1001',
  code: 'WEB-1001',
  customer: 'Ann Smith',
  customer_id: CUSTOMER_ID,
  guest: false,
  email: 'ann@example.co.za',
  contact_number: '+27821234567',
  order_date: '2026-03-02T09:30:00.000Z',
  total: 140.5,
  branch: SEA_POINT,
  method: 'DELIVERY',
  payment_method: 'CARD',
  expected_fulfilment_date: '2026-03-03',
  status: 'ORDERED',
  ...overrides,
});

export const ANN_ORDER = orderRowFixture();
export const GUEST_ORDER = orderRowFixture({
  _id: GUEST_ORDER_ID,
  order_id: 'TILL-7',
  code: 'TILL-7',
  customer: 'Guest User',
  customer_id: null,
  guest: true,
  email: null,
  contact_number: null,
  total: 0,
  branch: null,
  method: 'COLLECTION',
  expected_fulfilment_date: null,
  status: 'POS-ORDERED',
});

/** Ann's order as the order page reads it: ORDERED, one OPEN parcel, created by the shop. */
export const orderDetailFixture = (overrides: Partial<TOrderDetail> = {}): TOrderDetail => ({
  ...ANN_ORDER,
  source: 'api',
  payment_location: 'online',
  items: [
    {
      _id: 'f'.repeat(24),
      product_id: null,
      sku: 'FLAT-WHITE',
      title: 'Flat white',
      quantity: 2,
      unit_price: 42.25,
      line_total: 84.5,
    },
    {
      _id: 'e'.repeat(24),
      product_id: 'p-croissant',
      sku: null,
      title: 'Croissant',
      quantity: 1,
      unit_price: 31,
      line_total: 31,
    },
  ],
  subtotal: 115.5,
  delivery_fee: 25,
  vat: 18.33,
  vat_rate: 0.15,
  total_excl_vat: 122.17,
  counted: true,
  next_statuses: ['PROCESSING', 'CANCELLED'],
  parcels: [
    {
      _id: PARCEL_ID,
      number: 1,
      status: 'OPEN',
      next_statuses: ['PACKED', 'ABANDONED'],
      created_at: '2026-03-02T09:30:00.000Z',
      updated_at: '2026-03-02T09:30:00.000Z',
    },
  ],
  status_history: [
    {
      seq: 1,
      parcel: null,
      from_status: null,
      to_status: 'ORDERED',
      changed_at: '2026-03-02T09:30:00.000Z',
      changed_by: 'Web shop',
    },
  ],
  created_at: '2026-03-02T09:30:00.000Z',
  updated_at: '2026-03-02T09:30:00.000Z',
  ...overrides,
});

/** A page of the Orders list; the statuses found are the rows' own unless given, as a server with only these orders. */
export const orderListReply = (
  rows: TOrderListRow[],
  count = rows.length,
  statuses: TOrderStatus[] = [...new Set(rows.map((row) => row.status))],
) => ok({ order_list: rows, count, count_capped: false, statuses });

type TReplies = Parameters<typeof stubApi>[0];

/** Signs in as the given user (an admin by default) and answers the orders calls; `replies` override. */
export const serveOrders = (user: Partial<TSessionUser> = {}, replies: TReplies = {}) => {
  const session = sessionFixture(user);
  sessionStore.set(session, false);
  return stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ _id: session.user.client_id, currency_symbol: 'R' })),
    'GET /api/v2/order/list': () => orderListReply([ANN_ORDER, GUEST_ORDER]),
    [`GET /api/orders/${ORDER_ID}`]: () => ok(orderDetailFixture()),
    ...replies,
  });
};
