import type { TObjectiveEventType } from './challenges';

/** Trigger quantity bounds per objective kind (spec 2 §5). */
export const TRIGGER_QUANTITY_LIMITS = {
  currency: { min: 0, max: 999, default: 0, integer: true },
  codeRedemption: { min: 1, max: 999_999, default: 1, integer: true },
  /** Placements take the absolute value of the entry. */
  placements: { min: 1, max: 100, default: 1, integer: true },
  appPayment: { min: 1, max: 999_999, default: 1, integer: true },
  logins: { min: 0, max: 365, default: 0, integer: true },
  /** Basket or order value in Rand, shown with an R prefix. */
  value: { min: 0, max: 999_999_999, default: 0, integer: false },
  counting: { min: 0, max: 999, default: 0, integer: true },
} as const;
export type TTriggerQuantityKind = keyof typeof TRIGGER_QUANTITY_LIMITS;

/** The value node's input. */
export const VALUE_NODE_LIMITS = { max: 999_999_999, maxLength: 20 } as const;

/** Clamp an entry into a trigger kind's bounds (placements use the absolute value). */
export const clampTriggerQuantity = (kind: TTriggerQuantityKind, value: number) => {
  const limits = TRIGGER_QUANTITY_LIMITS[kind];
  if (!Number.isFinite(value)) return limits.default;
  const signed = kind === 'placements' ? Math.abs(value) : value;
  const rounded = limits.integer ? Math.trunc(signed) : signed;
  return Math.min(limits.max, Math.max(limits.min, rounded));
};

/** Which trigger bounds each objective event type uses (spec 2 §5). */
export const TRIGGER_KIND_BY_EVENT_TYPE: Record<TObjectiveEventType, TTriggerQuantityKind> = {
  numberOfLogins: 'logins',
  basketValue: 'value',
  orderValue: 'value',
  orderVolume: 'counting',
  numberOfGifts: 'counting',
  leaderboard: 'placements',
  numberOfReferrals: 'counting',
  numberOfVouchers: 'codeRedemption',
  earn: 'currency',
  appPayment: 'appPayment',
  qrCode: 'codeRedemption',
  productPurchased: 'counting',
  subscription: 'counting',
};

/** The trigger bounds of an objective's event type. */
export const triggerLimitsFor = (eventType: TObjectiveEventType) =>
  TRIGGER_QUANTITY_LIMITS[TRIGGER_KIND_BY_EVENT_TYPE[eventType]];
