import { describe, expect, it } from 'vitest';
import {
  CURRENCY_CODES,
  CURRENCY_SYMBOL_CODES,
  CURRENCY_SYMBOL_OPTIONS,
  CURRENCY_SYMBOLS,
  DEFAULT_CURRENCY_SYMBOL,
  ZCurrencyCode,
} from './currency-codes';

describe('currencies', () => {
  it('has the 24 real currency codes of spec 3 §9, ZAR first', () => {
    expect(CURRENCY_CODES).toHaveLength(24);
    expect(new Set(CURRENCY_CODES).size).toBe(24);
    expect(CURRENCY_CODES[0]).toBe('ZAR');
    expect(ZCurrencyCode.safeParse('NAD').success).toBe(true);
    expect(ZCurrencyCode.safeParse('BTC').success).toBe(false);
  });

  it('offers 22 distinct currency symbols, each for a distinct real currency', () => {
    expect(CURRENCY_SYMBOLS).toHaveLength(22);
    expect(new Set(CURRENCY_SYMBOLS).size).toBe(22);
    const codes = CURRENCY_SYMBOLS.map((symbol) => CURRENCY_SYMBOL_CODES[symbol]);
    expect(new Set(codes).size).toBe(22);
    for (const code of codes) expect(CURRENCY_CODES).toContain(code);
  });

  it('maps the spec examples', () => {
    expect(CURRENCY_SYMBOL_CODES.R).toBe('ZAR');
    expect(CURRENCY_SYMBOL_CODES.$).toBe('USD');
    expect(CURRENCY_SYMBOL_CODES['€']).toBe('EUR');
    expect(CURRENCY_SYMBOL_CODES['£']).toBe('GBP');
    expect(CURRENCY_SYMBOL_CODES['₹']).toBe('INR');
  });

  it('defaults to R and labels options with their code', () => {
    expect(DEFAULT_CURRENCY_SYMBOL).toBe('R');
    expect(CURRENCY_SYMBOL_OPTIONS[0]).toEqual({ value: 'R', code: 'ZAR', label: 'R (ZAR)' });
  });
});
