export { OrderPage } from './order-page';
export { OrdersPage } from './orders-page';
