import {
  SUBSCRIPTION_APPLY_TO_LABELS,
  SUBSCRIPTION_PAYMENT_TYPE_LABELS,
  SUBSCRIPTION_PERIOD_LABELS,
  SUBSCRIPTION_TYPE_LABELS,
  type TRedemptionMethod,
} from '@laurel/contract';

/** '2026-11-24' from a date or a timestamp; nothing shows as a dash. */
export const displayDate = (value: string | null | undefined) => (value ? value.slice(0, 10) : '—');

/** The spec's Free Trial column reads True or False (spec 1 §2.14). */
export const trueFalse = (value: boolean) => (value ? 'True' : 'False');

export const LABELS = {
  period: SUBSCRIPTION_PERIOD_LABELS,
  type: SUBSCRIPTION_TYPE_LABELS,
  applyTo: SUBSCRIPTION_APPLY_TO_LABELS,
  paymentType: SUBSCRIPTION_PAYMENT_TYPE_LABELS,
} as const;

/** Select data from an enum's labels, in the enum's order. */
export const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const SUBSCRIPTION_TEXTS = {
  subtitle:
    'Plans your customers subscribe to: what they cover, how they are paid for and how often they are used.',
  createTitle: 'Create Subscription',
  addSubscription: 'Create Subscription',
  backToSubscriptions: 'Back to Subscriptions',
  search: 'Search subscriptions',
  searchPlaceholder: 'Name or SKU',
  deleteTitle: (name: string) => `Delete the subscription '${name}'?`,
  deleteText:
    'A subscription that was never issued can be deleted. One that customers hold can only be paused.',
  analytics: 'Analytics',
  redemptions: 'Redemptions',
  products: 'Products',
  noRedemptions: 'No redemptions yet.',
} as const;

/** How a redemption was made, as the Redemptions table names it. */
export const REDEMPTION_METHOD_LABELS: Record<TRedemptionMethod, string> = {
  POS: 'POS',
  APP: 'App',
  ONLINE: 'Online',
  CONSOLE: 'Console',
};
