import { z } from 'zod';
import { ZCurrencyCode } from '../shared/currency-codes';

/** Currencies a challenge reward can be paid in (spec 2 §3). */
export const ZRewardCurrency = ZCurrencyCode.extract(['GBP', 'USD', 'EUR']);
export type TRewardCurrency = z.infer<typeof ZRewardCurrency>;
export const REWARD_CURRENCIES = ZRewardCurrency.options;

export const ZVirtualCurrency = z.enum(['vc1', 'vc2', 'vc3']);
export type TVirtualCurrency = z.infer<typeof ZVirtualCurrency>;
export const VIRTUAL_CURRENCIES = ZVirtualCurrency.options;

export const ZVoucherType = z.enum(['discount', 'freeDelivery', 'freeProduct']);
export type TVoucherType = z.infer<typeof ZVoucherType>;
export const VOUCHER_TYPES = ZVoucherType.options;
export const VOUCHER_TYPE_LABELS: Record<TVoucherType, string> = {
  discount: 'Discount',
  freeDelivery: 'Free Delivery',
  freeProduct: 'Free Product',
};
