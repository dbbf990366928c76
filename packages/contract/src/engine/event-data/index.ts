import type { z } from 'zod';
import type { TEngineEventType } from '../event-types';
import { ZAppPaymentData } from './app-payment';
import { ZGiftSentData } from './gift-sent';
import { ZOrderCreatedData } from './order-created';
import { ZOrderStatusChangeData } from './order-status-change';
import { ZQrScannedData } from './qr-scanned';
import { ZReferralData } from './referral';
import { ZStatisticUpdateData } from './statistic-update';
import { ZSubscriptionPurchasedData } from './subscription-purchased';
import { ZUserLoggedInData } from './user-logged-in';
import { ZVoucherRedeemedData } from './voucher-redeemed';

/** The `data` schema of each event type (one file per type). */
export const EVENT_DATA_SCHEMAS = {
  'order.created': ZOrderCreatedData,
  'order.status-change': ZOrderStatusChangeData,
  'user.logged-in': ZUserLoggedInData,
  'app.payment': ZAppPaymentData,
  referral: ZReferralData,
  'voucher.redeemed': ZVoucherRedeemedData,
  'qr.scanned': ZQrScannedData,
  'subscription.purchased': ZSubscriptionPurchasedData,
  'gift.sent': ZGiftSentData,
  'statistic.update': ZStatisticUpdateData,
} as const satisfies Record<TEngineEventType, z.ZodType>;

export type TEventData<T extends TEngineEventType> = z.output<(typeof EVENT_DATA_SCHEMAS)[T]>;

export * from './money';
export * from './order-created';
export * from './order-status-change';
export * from './statistic-update';
