import { z } from 'zod';
import { ZEventMoney, ZExternalRef } from './money';

/** `subscription.purchased`: one subscription bought (numberOfSubscriptions). */
export const ZSubscriptionPurchasedData = z.object({
  subscription_id: ZExternalRef,
  amount: ZEventMoney.optional(),
});
