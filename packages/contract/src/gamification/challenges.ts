import { z } from 'zod';

/** Challenge (mission) option lists of spec 2 §3. */
export const ZChallengeStatus = z.enum(['draft', 'staging', 'released']);
export type TChallengeStatus = z.infer<typeof ZChallengeStatus>;
export const CHALLENGE_STATUSES = ZChallengeStatus.options;
export const CHALLENGE_STATUS_LABELS: Record<TChallengeStatus, string> = {
  draft: 'Draft',
  staging: 'Staging',
  released: 'Released',
};

export const CHALLENGE_DEFAULTS = {
  status: ZChallengeStatus.enum.draft,
  visible: false,
  granted_quantity: 0,
  completed_quantity: 0,
  end_date: null,
} as const;

/** What an objective counts over. */
export const ZChallengeScope = z.enum(['basket', 'category', 'product']);
export type TChallengeScope = z.infer<typeof ZChallengeScope>;
export const CHALLENGE_SCOPES = ZChallengeScope.options;

/** Scope types of objective `scopes`: a code type or a payment method. */
export const ZObjectiveScopeType = z.enum(['code_type', 'payment_method']);
export type TObjectiveScopeType = z.infer<typeof ZObjectiveScopeType>;
export const OBJECTIVE_SCOPE_TYPES = ZObjectiveScopeType.options;

export const ZCodeType = z.enum(['EARN', 'DISCOUNT']);
export type TCodeType = z.infer<typeof ZCodeType>;
export const CODE_TYPES = ZCodeType.options;

/** Payment methods as scope values; POS is cash or an external card. */
export const ZPaymentMethodScope = z.enum(['CARD', 'WALLET', 'VOUCHER', 'POS']);
export type TPaymentMethodScope = z.infer<typeof ZPaymentMethodScope>;
export const PAYMENT_METHOD_SCOPES = ZPaymentMethodScope.options;
export const PAYMENT_METHOD_SCOPE_LABELS: Record<TPaymentMethodScope, string> = {
  CARD: 'Credit/Debit Card',
  WALLET: 'Wallet',
  VOUCHER: 'Voucher',
  POS: 'POS (cash or external card)',
};
/** The payment trigger node offers only these. */
export const PAYMENT_TRIGGER_METHODS = ZPaymentMethodScope.extract(['CARD', 'WALLET']).options;

export const ZRewardType = z.enum(['badges', 'xp', 'level', 'cashback']);
export type TRewardType = z.infer<typeof ZRewardType>;
export const REWARD_TYPES = ZRewardType.options;
export const REWARD_TYPE_LABELS: Record<TRewardType, string> = {
  badges: 'Badges',
  xp: 'XP Points',
  level: 'Level',
  cashback: 'Cashback',
};

export const ZObjectiveEventType = z.enum([
  'numberOfLogins',
  'basketValue',
  'orderValue',
  'orderVolume',
  'numberOfGifts',
  'leaderboard',
  'numberOfReferrals',
  'numberOfVouchers',
  'earn',
  'appPayment',
  'qrCode',
  'productPurchased',
  'subscription',
]);
export type TObjectiveEventType = z.infer<typeof ZObjectiveEventType>;
export const OBJECTIVE_EVENT_TYPES = ZObjectiveEventType.options;
export const OBJECTIVE_EVENT_TYPE_LABELS: Record<TObjectiveEventType, string> = {
  numberOfLogins: 'Number of Logins',
  basketValue: 'Basket Value',
  orderValue: 'Order Value',
  orderVolume: 'Order Volume',
  numberOfGifts: 'Number of Gifts',
  leaderboard: 'Leaderboard',
  numberOfReferrals: 'Number of Referrals',
  numberOfVouchers: 'Number of Vouchers',
  earn: 'Earn Currency',
  appPayment: 'App Payment',
  qrCode: 'QR Code Scan',
  productPurchased: 'Product Purchased',
  subscription: 'Subscription',
};

/** The statistic a leaderboard objective ranks by; the only one usable for placements. */
export const LEADERBOARD_TARGET = 'totalOrderValue';
export const PLACEMENT_STATISTICS = [LEADERBOARD_TARGET] as const;

export const ZPersona = z.enum(['customer', 'branch-manager', 'admin', 'custom']);
export type TPersona = z.infer<typeof ZPersona>;
export const PERSONAS = ZPersona.options;

/** Columns of the challenges table the list can sort by. */
export const ZChallengeSortKey = z.enum([
  'title',
  'status',
  'visible',
  'start_date',
  'end_date',
  'granted_quantity',
  'completed_quantity',
  'created_at',
  'updated_at',
]);
export type TChallengeSortKey = z.infer<typeof ZChallengeSortKey>;
export const CHALLENGE_SORT_KEYS = ZChallengeSortKey.options;

/** Columns the challenges table shows until the user chooses (spec 2 §2). */
export const CHALLENGE_DEFAULT_COLUMNS = [
  'image',
  'title',
  'status',
  'start_date',
  'end_date',
  'granted_quantity',
  'completed_quantity',
] as const;

/** A player's state in one challenge (the player API and the progress table). */
export const ZChallengeProgressStatus = z.enum(['active', 'completed', 'expired']);
export type TChallengeProgressStatus = z.infer<typeof ZChallengeProgressStatus>;
