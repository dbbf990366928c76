import { z } from 'zod';
import { LIMITS } from '../shared/limits';

/** Wallet currency kinds: real (exchangeable, picked by code) or custom (virtual). */
export const ZWalletCurrencyType = z.enum(['real', 'custom']);
export type TWalletCurrencyType = z.infer<typeof ZWalletCurrencyType>;
export const WALLET_CURRENCY_TYPES = ZWalletCurrencyType.options;
export const WALLET_CURRENCY_TYPE_LABELS: Record<TWalletCurrencyType, string> = {
  real: 'Real (exchangeable)',
  custom: 'Custom (virtual)',
};

export const MAX_CURRENCIES = LIMITS.maxCurrencies;

/** The counter beside the currency list, e.g. '3/10'. */
export const currencyCounter = (created: number) => `${created}/${MAX_CURRENCIES}`;

export const BLANK_CURRENCY = {
  type: ZWalletCurrencyType.enum.real,
  name: '',
  code: '',
  conversion_rate: 0,
} as const;
