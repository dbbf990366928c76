export { customerOrdersQuery, orderKeys } from './api';
export { ordersRoutes } from './routes';
