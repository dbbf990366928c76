export { transactionKeys } from './api';
export { transactionsRoutes } from './routes';
