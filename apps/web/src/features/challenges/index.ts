export { challengeKeys, challengesListQuery } from './api';
export { challengesRoutes } from './routes';
