export { billingQuery } from './api';
export { WelcomeHeading } from './components/welcome-heading';
export { PLAN_FEATURE_NAMES } from './plan-features';
export { signUpRoute, welcomeRoutes } from './routes';
