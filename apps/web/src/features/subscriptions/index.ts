export { subscriptionKeys } from './api';
export { CustomerSubscriptionsTable } from './components/customer-subscriptions-table';
export { IssueSubscriptionAction } from './components/issue-subscription';
export { subscriptionsRoutes } from './routes';
