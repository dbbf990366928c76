import type { TEngineEventType, TObjectiveEventType } from '@laurel/contract';
import type { EngineEvent } from '../core/types';

/** One line of an order as the challenge rules see it. */
export type FactItem = { productId: string | null; categoryIds: string[]; quantity: number; price: number };

/**
 * What an event tells the challenge rules: which objective event types it feeds, its money value, how it was
 * paid, its lines (orders), its code type (QR codes, vouchers) and the values a `unique` condition can key on.
 */
export type EventFacts = {
  feeds: readonly TObjectiveEventType[];
  value: number | null;
  paymentMethod: string | null;
  items: FactItem[] | null;
  codeType: string | null;
  fields: Record<string, string | null>;
};

/** Which objective event types each engine event type feeds (spec 2 §3 -> DESIGN §5 event types). */
export const OBJECTIVE_TYPES_BY_EVENT: Partial<Record<TEngineEventType, readonly TObjectiveEventType[]>> = {
  'user.logged-in': ['numberOfLogins'],
  'order.created': ['basketValue', 'orderValue', 'orderVolume', 'productPurchased', 'leaderboard'],
  'gift.sent': ['numberOfGifts'],
  referral: ['numberOfReferrals'],
  'voucher.redeemed': ['numberOfVouchers'],
  'app.payment': ['appPayment'],
  'qr.scanned': ['qrCode'],
  'subscription.purchased': ['subscription'],
};

/** The field a `unique` condition keys on when it names none. */
export const DEFAULT_UNIQUE_FIELD: Record<TObjectiveEventType, string> = {
  numberOfLogins: 'day',
  basketValue: 'order_id',
  orderValue: 'order_id',
  orderVolume: 'order_id',
  numberOfGifts: 'recipient',
  leaderboard: 'order_id',
  numberOfReferrals: 'referred',
  numberOfVouchers: 'voucher_code',
  earn: 'event',
  appPayment: 'event',
  qrCode: 'code',
  productPurchased: 'product_id',
  subscription: 'subscription_id',
};

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Voucher types as code types: a discount voucher is a DISCOUNT code; the others earn. */
const voucherCodeType = (type: unknown) => (type === 'discount' ? 'DISCOUNT' : type ? 'EARN' : null);

const itemsOf = (data: Record<string, unknown>): FactItem[] =>
  (Array.isArray(data.items) ? data.items : []).map((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    return {
      productId: text(item.product_id) ?? text(item.sku),
      categoryIds: Array.isArray(item.category_ids) ? item.category_ids.map(String) : [],
      quantity: number(item.quantity) ?? 1,
      price: number(item.price) ?? 0,
    };
  });

/** The value, lines and code type of an event, by its type. */
const detailsOf = (event: EngineEvent) => {
  const data = event.data;
  switch (event.type) {
    case 'order.created':
      return { value: number(data.total), items: itemsOf(data), codeType: null };
    case 'app.payment':
    case 'subscription.purchased':
      return { value: number(data.amount), items: null, codeType: null };
    case 'voucher.redeemed':
      return { value: number(data.value), items: null, codeType: voucherCodeType(data.type) };
    case 'qr.scanned':
      return { value: null, items: null, codeType: text(data.code_type) };
    default:
      return { value: null, items: null, codeType: null };
  }
};

/**
 * The facts of one event; `localDay` is its local calendar day (the default key of unique logins). The fields a
 * unique condition keys on are read from the event's data only when a unique condition asks.
 */
export const factsOf = (event: EngineEvent, localDay: string): EventFacts => {
  let fields: Record<string, string | null> | undefined;
  return {
    feeds: OBJECTIVE_TYPES_BY_EVENT[event.type] ?? [],
    paymentMethod: text(event.data.payment_method),
    ...detailsOf(event),
    get fields() {
      if (!fields) {
        fields = { event: event.externalId, day: localDay };
        for (const [key, value] of Object.entries(event.data))
          if (!(key in fields)) fields[key] = text(value);
      }
      return fields;
    },
  };
};
