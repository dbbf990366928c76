import { z } from 'zod';
import { ZEventMoney, ZExternalRef } from './money';

/** `voucher.redeemed`: one voucher used (numberOfVouchers). */
export const ZVoucherRedeemedData = z.object({
  voucher_code: ZExternalRef.optional(),
  type: z.enum(['discount', 'freeDelivery', 'freeProduct']).optional(),
  value: ZEventMoney.optional(),
});
