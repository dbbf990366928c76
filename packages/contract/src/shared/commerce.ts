import { z } from 'zod';
import { ALL_FILTER_VALUE } from './order-statuses';

export const ZFulfilmentMethod = z.enum(['DELIVERY', 'COLLECTION']);
export type TFulfilmentMethod = z.infer<typeof ZFulfilmentMethod>;
export const FULFILMENT_METHODS = ZFulfilmentMethod.options;
export const FULFILMENT_METHOD_LABELS: Record<TFulfilmentMethod, string> = {
  DELIVERY: 'Delivery',
  COLLECTION: 'Collection',
};

export const ZPaymentLocation = z.enum(['in_store', 'online']);
export type TPaymentLocation = z.infer<typeof ZPaymentLocation>;
export const PAYMENT_LOCATIONS = ZPaymentLocation.options;
export const PAYMENT_LOCATION_LABELS: Record<TPaymentLocation, string> = {
  in_store: 'In Store',
  online: 'Online',
};

export const ZPaymentType = z.enum(['CARD', 'WALLET', 'VOUCHER']);
export type TPaymentType = z.infer<typeof ZPaymentType>;
export const PAYMENT_TYPES = ZPaymentType.options;
export const PAYMENT_TYPE_LABELS: Record<TPaymentType, string> = {
  CARD: 'Card',
  WALLET: 'Wallet',
  VOUCHER: 'Voucher',
};

/** Basket list filter: type BOTH covers both fulfilment methods. */
export const ZBasketTypeFilter = z.enum(['BOTH', ...ZFulfilmentMethod.options]);
export type TBasketTypeFilter = z.infer<typeof ZBasketTypeFilter>;
export const BASKET_DEFAULTS = { type: 'BOTH', status: ALL_FILTER_VALUE } as const satisfies {
  type: TBasketTypeFilter;
  status: string;
};
