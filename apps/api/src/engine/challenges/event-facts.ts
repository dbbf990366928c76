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

/** The facts of one event; `localDay` is its local calendar day (the default key of unique logins). */
export const factsOf = (event: EngineEvent, localDay: string): EventFacts => {
  const data = event.data;
  const base = {
    feeds: OBJECTIVE_TYPES_BY_EVENT[event.type] ?? [],
    value: null,
    paymentMethod: text(data.payment_method),
    items: null,
    codeType: null,
    fields: { event: event.externalId, day: localDay } as Record<string, string | null>,
  };
  for (const [key, value] of Object.entries(data)) {
    if (!(key in base.fields)) base.fields[key] = text(value);
  }
  switch (event.type) {
    case 'order.created':
      return { ...base, value: number(data.total), items: itemsOf(data) };
    case 'app.payment':
      return { ...base, value: number(data.amount) };
    case 'voucher.redeemed':
      return { ...base, value: number(data.value), codeType: voucherCodeType(data.type) };
    case 'qr.scanned':
      return { ...base, codeType: text(data.code_type) };
    case 'subscription.purchased':
      return { ...base, value: number(data.amount) };
    default:
      return base;
  }
};
