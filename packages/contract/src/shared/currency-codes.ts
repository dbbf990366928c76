import { z } from 'zod';

/** Real (exchangeable) currency choices of the wallet (spec 3 §9). */
export const ZCurrencyCode = z.enum([
  'ZAR',
  'USD',
  'EUR',
  'INR',
  'GBP',
  'GHS',
  'IDR',
  'JMD',
  'JPY',
  'MKD',
  'PHP',
  'PLN',
  'MYR',
  'RUB',
  'SGD',
  'CHF',
  'TWD',
  'THB',
  'TRY',
  'AED',
  'UAH',
  'VND',
  'AUD',
  'NAD',
]);
export type TCurrencyCode = z.infer<typeof ZCurrencyCode>;
export const CURRENCY_CODES = ZCurrencyCode.options;

/**
 * The 22 currency symbols a client can pick in Account Settings (spec 1 §9). CHF and AED are left out: their
 * usual sign is the code itself.
 */
export const ZCurrencySymbol = z.enum([
  'R',
  '$',
  '€',
  '₹',
  '£',
  'GH₵',
  'Rp',
  'J$',
  '¥',
  'ден',
  '₱',
  'zł',
  'RM',
  '₽',
  'S$',
  'NT$',
  '฿',
  '₺',
  '₴',
  '₫',
  'A$',
  'N$',
]);
export type TCurrencySymbol = z.infer<typeof ZCurrencySymbol>;
export const CURRENCY_SYMBOLS = ZCurrencySymbol.options;
export const DEFAULT_CURRENCY_SYMBOL: TCurrencySymbol = 'R';

/** The currency each symbol stands for. */
export const CURRENCY_SYMBOL_CODES: Record<TCurrencySymbol, TCurrencyCode> = {
  R: 'ZAR',
  $: 'USD',
  '€': 'EUR',
  '₹': 'INR',
  '£': 'GBP',
  'GH₵': 'GHS',
  Rp: 'IDR',
  J$: 'JMD',
  '¥': 'JPY',
  ден: 'MKD',
  '₱': 'PHP',
  zł: 'PLN',
  RM: 'MYR',
  '₽': 'RUB',
  S$: 'SGD',
  NT$: 'TWD',
  '฿': 'THB',
  '₺': 'TRY',
  '₴': 'UAH',
  '₫': 'VND',
  A$: 'AUD',
  N$: 'NAD',
};

/** Select options for the currency symbol, e.g. `{ value: 'R', label: 'R (ZAR)' }`. */
export const CURRENCY_SYMBOL_OPTIONS = CURRENCY_SYMBOLS.map((symbol) => ({
  value: symbol,
  code: CURRENCY_SYMBOL_CODES[symbol],
  label: `${symbol} (${CURRENCY_SYMBOL_CODES[symbol]})`,
}));
