/** Add customer modal (spec 1 §5, §8). */
export const ADD_CUSTOMER_MESSAGES = {
  nameRequired: 'Name is required',
  surnameRequired: 'Surname is required',
  invalidEmail: 'Invalid email address',
  invalidPhoneNumber: 'Invalid phone number',
  branchRequiredTitle: 'Branch is required!',
  branchRequired: 'Please select a branch',
  failedTitle: 'Something went wrong when adding a customer!',
  title: 'Add Customer',
} as const;

/** Customer profile, its tables and analytics (spec 1 §2.11, §5, §8). */
export const CUSTOMER_PROFILE_MESSAGES = {
  futureDateNotAllowed: 'Date in the future not allowed.',
  noPaymentMethod: 'No payment method added as yet!',
  basketListFailed: 'Something went wrong fetching user basket list!',
  orderListFailed: 'Something went wrong when getting order list',
  cardDetailsFailed: 'Something went wrong fetching card details.',
  lifetimeAnalyticsFailed: 'Something went wrong fetching life time analytics!',
  averageAnalyticsFailed: 'Something went wrong fetching average analytics!',
  averageMonthlyAnalyticsFailed: 'Something went wrong fetching average monthly analytics!',
  purchaseAnalyticsFailed: 'Something went wrong fetching purchase and login analytics!',
  clientBasketsFailed: 'Something went wrong retrieving client baskets!',
  walletBalance: 'Wallet Balance',
  challengesParticipated: 'Challenges Participated',
  challengesCompleted: 'Challenges Completed',
  badgesEarned: 'Badges Earned',
} as const;

/** Suspend and activate (spec 1 §6, §8); the name is the customer's name and surname. */
export const CUSTOMER_STATUS_MESSAGES = {
  noSuspendPermission: 'You do not possess permissions to suspend customers.',
  blockUnblock: 'Block/Unblock',
} as const;
export const suspendFailedTitle = (name: string, surname: string) =>
  `Something went wrong when suspending ${name} ${surname}.`;
export const activateFailedTitle = (name: string, surname: string) =>
  `Something went wrong when activating ${name} ${surname}.`;

/** Loyalty sign-up modal (spec 1 §2.12). */
export const LOYALTY_MESSAGES = {
  linkToPhysicalCard: 'Link to Physical Card',
} as const;

/** New address (spec 1 §5). */
export const ADDRESS_MESSAGES = {
  selectPrediction: 'Please select an address. When you searched, please click on a prediction to select it.',
  labelRequired: 'Label is required for your new address.',
  selectAddress: 'Please select address!',
  saveFailedTitle: 'Something went wrong!',
} as const;
