import { z } from 'zod';
import { ZOrderStatus } from '../../shared/order-statuses';
import { ZExternalRef } from './money';

/** `order.status-change`: REFUNDED or CANCELLED takes the order out of the order statistics. */
export const ZOrderStatusChangeData = z.object({
  order_id: ZExternalRef,
  status: ZOrderStatus,
});
export type TOrderStatusChangeData = z.infer<typeof ZOrderStatusChangeData>;
