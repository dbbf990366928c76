export { customersRoutes } from './routes';
