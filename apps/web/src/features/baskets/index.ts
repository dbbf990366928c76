export { customerBasketsQuery } from './api';
export { basketsRoutes } from './routes';
