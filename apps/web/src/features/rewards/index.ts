export { rewardKeys, rewardsListQuery } from './api';
export { rewardsRoutes } from './routes';
