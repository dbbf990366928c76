import { z } from 'zod';
import { ZEventMoney } from './money';

/** `app.payment`: a payment made in the client's app (numberOfAppPayments). */
export const ZAppPaymentData = z.object({
  amount: ZEventMoney,
  payment_method: z.enum(['CARD', 'WALLET', 'VOUCHER', 'POS']).optional(),
});
