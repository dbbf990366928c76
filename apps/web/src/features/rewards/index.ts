export { rewardKeys, rewardsListQuery } from './api';
export { CustomerRedemptionsTable, RedeemRewardAction } from './components/customer-redemptions';
export { rewardsRoutes } from './routes';
