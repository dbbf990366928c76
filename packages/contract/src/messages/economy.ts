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
