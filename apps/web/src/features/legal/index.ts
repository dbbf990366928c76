export { termsAndConditionsQuery } from './api';
export { legalRoutes } from './routes';
