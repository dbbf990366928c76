export { SubscriptionPage } from './subscription-page';
export { SubscriptionsPage } from './subscriptions-page';
