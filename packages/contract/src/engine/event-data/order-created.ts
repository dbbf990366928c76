import { z } from 'zod';
import { ZOrderStatus } from '../../shared/order-statuses';
import { ZEventMoney, ZExternalRef } from './money';

export const ZOrderItem = z.object({
  product_id: ZExternalRef.optional(),
  sku: ZExternalRef.optional(),
  category_ids: z.array(ZExternalRef).max(50).optional(),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000),
  price: ZEventMoney,
});

/** `order.created`: counts towards totalOrderValue and orderVolume once per order_id. */
export const ZOrderCreatedData = z.object({
  order_id: ZExternalRef,
  total: ZEventMoney,
  status: ZOrderStatus.optional(),
  method: z.enum(['DELIVERY', 'COLLECTION']).optional(),
  payment_method: z.enum(['CARD', 'WALLET', 'VOUCHER', 'POS']).optional(),
  items: z.array(ZOrderItem).max(500).optional(),
});
export type TOrderCreatedData = z.infer<typeof ZOrderCreatedData>;
