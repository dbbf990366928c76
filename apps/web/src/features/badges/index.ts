export { badgeKeys, badgesListQuery } from './api';
export { badgesRoutes } from './routes';
