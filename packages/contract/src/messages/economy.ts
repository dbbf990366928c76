/** Wallet currencies (spec 3 §2, §8). */
export const CURRENCY_MESSAGES = {
  pageTitle: 'Manage your Currencies',
  deleteWarning:
    'Deleting this currency could result in multiple side effects, like your users losing access to this currency.',
  deleteConfirm: 'Are you sure you wish to continue?',
  deleted: 'Successfully deleted currency.',
  saveFailed: 'Something went wrong when saving your currency!',
  listFailed: 'Something went wrong when retrieving your currencies!',
  retrieveFailed: 'Something went wrong when retrieving your currency!',
  deleteFailed: 'Something went wrong when deleting your currency!',
} as const;

/** Cashback and XP earn configs (spec 3 §2, §5, §8). */
export const EARN_CONFIG_MESSAGES = {
  cashbackListTitle: 'Cashback Configurations',
  cashbackTableTitle: 'Cashbacks',
  addCashbackConfig: 'Add Cashback Config',
  backToCashbackConfigs: 'Back to Cashback Configs',
  addXpConfig: 'Add XP Config',
  saveFailed: 'Something went wrong when saving your earn_config!',
  listFailed: 'Something went wrong when retrieving your earn_configs!',
  retrieveFailed: 'Something went wrong when retrieving your earn_config!',
  triggerValueRequired: 'Trigger Value is required',
  earnAmountRequired: 'Earn Amount is required',
  segmentRequired: 'Segment is required',
  currencyRequired: 'Currency is required',
} as const;

/** What the economy API answers (beyond the spec's console texts). */
export const ECONOMY_API_MESSAGES = {
  currencySaved: 'Successfully saved your currency.',
  currencyNotFound: 'The currency could not be found.',
  currencyLimit: 'A client can have at most 10 currencies. Delete one before adding another.',
  currencyCodeTaken: 'A currency with this short code already exists.',
  nameRequired: 'Name is required',
  codeRequired: 'Short Code is required',
  realCodeUnknown: 'Currency code must be one of the real currency codes',
  conversionRateInvalid: 'Conversion rate must be a number of at least 0',
  expiryDaysRequired: 'Expiry days is required when balances expire after a number of days',
  earnConfigSaved: 'Successfully saved your earn_config.',
  earnConfigDeleted: 'Successfully deleted earn_config.',
  earnConfigNotFound: 'record not found',
  triggerValueRange: 'Trigger Value must be greater than 0 and at most 1,000,000,000',
  earnAmountRange: 'Earn Amount must be greater than 0 and at most 1,000,000,000',
  unknownSegment: 'The segment of this earn config does not exist.',
  unknownCurrency: 'The currency of this earn config does not exist.',
  typeMismatch: 'An earn config cannot change its type.',
  customerNotFound: 'The customer could not be found.',
  amountRequired: 'Amount must be greater than 0',
  amountNotNumber: 'Amount must be a number, e.g. 12.5',
  amountPrecision: 'Amount must have at most two decimal places',
  reasonRequired: 'Reason is required',
  spendIdRequired: 'id is required',
  currencyIdRequired: 'currency is required',
  currencyIdFormat: "currency must be the currency's _id (24 hexadecimal characters), not its code",
  insufficientBalance: 'Insufficient balance',
  spendConflict: 'A spend with this id was already made with a different request.',
  spent: 'Spend recorded.',
  adjusted: 'Wallet adjusted.',
} as const;
