export { billingQuery } from './api';
export { PLAN_FEATURE_NAMES } from './plan-features';
export { welcomeRoutes } from './routes';
