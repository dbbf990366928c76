/** Subscriptions, baskets, orders and account settings (spec 1 §2.14-2.16, §8). */
export const SUBSCRIPTION_MESSAGES = {
  tableTitle: 'Subscriptions',
  issueSubscription: 'Issue Subscription',
  selectPlaceholder: 'Select a subscription...',
  issue: 'Issue',
  issueFailedTitle: 'Something went wrong when issuing a subscription.',
} as const;

export const BASKET_MESSAGES = {
  tableTitle: 'Baskets',
  guestUser: 'Guest User',
  /** Shown in place of a guest basket's email and contact number. */
  missingValue: '-',
} as const;

export const ORDER_MESSAGES = {
  tableTitle: 'Orders',
} as const;

export const ACCOUNT_SETTINGS_MESSAGES = {
  title: 'Account Settings',
  currentPlan: 'Current Plan',
  notSubscribed: 'You are not subscribed to any plan',
  managePlan: 'Manage Plan',
  subscribe: 'Subscribe',
  emailNotifications: 'Email Notifications',
  returnsEmailAddress: 'Email Address',
  edit: 'Edit',
  done: 'Done',
} as const;
