import type { EngineStep } from '../core/types';
import { applyOrders } from '../orders/apply-orders';

/** DESIGN §5, first: which orders start or stop counting (engine/orders); later steps read its moves. */
export const ordersStep: EngineStep = {
  name: 'orders',
  apply: applyOrders,
  // Nothing of any other event: a later step setting one aside costs no repeat of the orders.
  eventTypes: ['order.created', 'order.status-change'],
};
