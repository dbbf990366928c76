export { statisticKeys, statisticsListQuery } from './api';
export { statisticsRoutes } from './routes';
