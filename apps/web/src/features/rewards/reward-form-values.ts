import type {
  TCouponSource,
  TCouponValueType,
  TReward,
  TRewardItemType,
  TSaveRewardRequest,
} from '@laurel/contract';
import { dayInZone } from '@/ui/display-date';

/**
 * What the editor holds. Days are calendar days ('YYYY-MM-DD') of the business's time zone, sent as days: the server
 * stores the start of the first and the end of the last in that zone, as it does a challenge's (the browser's own
 * zone decides nothing); '' is a cleared number.
 */
export type TRewardFormValues = {
  name: string;
  description: string;
  image_url: string | null;
  type: TRewardItemType;
  currency: string;
  amount: number | '';
  stock_unlimited: boolean;
  stock: number | '';
  /** Empty: no limit. */
  per_customer_limit: number | '';
  available_from: string | null;
  available_to: string | null;
  segment_ids: string[];
  active: boolean;
  coupon: {
    source: TCouponSource;
    value_type: TCouponValueType;
    value: number | '';
    valid_days: number | '';
  };
};

/** The fields a validation message belongs to. */
export type TRewardField =
  | 'name'
  | 'description'
  | 'image_url'
  | 'type'
  | 'currency'
  | 'amount'
  | 'stock'
  | 'per_customer_limit'
  | 'available_from'
  | 'available_to'
  | 'segment_ids'
  | 'active'
  | 'coupon'
  | 'coupon.source'
  | 'coupon.value_type'
  | 'coupon.value'
  | 'coupon.valid_days';

export type TRewardFormError = { field: TRewardField; message: string };

const COUPON_DEFAULTS: TRewardFormValues['coupon'] = {
  source: 'generated',
  value_type: 'amount',
  value: '',
  valid_days: 30,
};

/** A new reward: a coupon of generated codes valid 30 days, unlimited, for everyone, active. */
export const newRewardValues = (currency = ''): TRewardFormValues => ({
  name: '',
  description: '',
  image_url: null,
  type: 'coupon',
  currency,
  amount: '',
  stock_unlimited: true,
  stock: '',
  per_customer_limit: '',
  available_from: null,
  available_to: null,
  segment_ids: [],
  active: true,
  coupon: { ...COUPON_DEFAULTS },
});

/**
 * A saved reward's values; its window's days as the business's `timeZone` reads them, where the server put them (read
 * in this browser's zone, a save from a browser ahead of or behind the business moved the window by a day).
 */
export const valuesOfReward = (reward: TReward, timeZone?: string): TRewardFormValues => ({
  name: reward.name,
  description: reward.description,
  image_url: reward.image_url,
  type: reward.type,
  currency: reward.cost.currency,
  amount: reward.cost.amount,
  stock_unlimited: reward.stock === null,
  stock: reward.stock ?? '',
  per_customer_limit: reward.per_customer_limit ?? '',
  available_from: dayInZone(reward.available_from, timeZone),
  available_to: dayInZone(reward.available_to, timeZone),
  segment_ids: [...reward.segment_ids],
  active: reward.active,
  coupon: reward.coupon ? { ...reward.coupon } : { ...COUPON_DEFAULTS },
});

/** The edited flag: Save is enabled once anything differs from what was loaded, or an image is chosen. */
export const isSameValues = (a: TRewardFormValues, b: TRewardFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

const orUndefined = (value: number | '') => (value === '' ? undefined : value);

/**
 * The request body. A cleared required number goes as missing (so the schema names it); the coupon settings go
 * only with a coupon; a stock left empty while limited is caught by the checks before this is sent.
 */
export const toRewardBody = (values: TRewardFormValues, imageUrl: string | null): TSaveRewardRequest => ({
  name: values.name.trim(),
  description: values.description.trim(),
  image_url: imageUrl,
  type: values.type,
  cost: { currency: values.currency, amount: orUndefined(values.amount) as number },
  stock: values.stock_unlimited || values.stock === '' ? null : values.stock,
  per_customer_limit: values.per_customer_limit === '' ? null : values.per_customer_limit,
  // Days as picked: the server reads each in the business's zone (from its start, until its end).
  available_from: values.available_from,
  available_to: values.available_to,
  segment_ids: values.segment_ids,
  coupon:
    values.type === 'coupon'
      ? {
          source: values.coupon.source,
          value_type: values.coupon.value_type,
          value: orUndefined(values.coupon.value) as number,
          valid_days: orUndefined(values.coupon.valid_days) as number,
        }
      : null,
  active: values.active,
});

/** The first message per field, shown on the fields once a save was refused. */
export const errorsByField = (errors: readonly TRewardFormError[]) => {
  const byField: Partial<Record<TRewardField, string>> = {};
  for (const { field, message } of errors) byField[field] ??= message;
  return byField;
};
