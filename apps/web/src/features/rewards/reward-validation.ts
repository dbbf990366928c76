import { formIssueMessages, REWARD_MESSAGES, ZSaveRewardRequest } from '@laurel/contract';
import {
  type TRewardField,
  type TRewardFormError,
  type TRewardFormValues,
  toRewardBody,
} from '@/features/rewards/reward-form-values';
import '@/ui/plain-form-messages';

// The reward save's checks, apart from the form's values: they take zod, which the editor loads once edited.

/** The form's order, which the dialog's list follows. */
const ORDER: readonly TRewardField[] = [
  'name',
  'description',
  'image_url',
  'type',
  'currency',
  'amount',
  'coupon',
  'coupon.source',
  'coupon.value_type',
  'coupon.value',
  'coupon.valid_days',
  'stock',
  'per_customer_limit',
  'available_from',
  'available_to',
  'segment_ids',
  'active',
];
const FIELDS = new Set<string>(ORDER);

/** The editor's names for the fields whose API names read otherwise, for the checks with no message of their own. */
const LABELS = formIssueMessages({
  'cost.amount': 'Cost',
  'coupon.value': 'Coupon value',
  'coupon.valid_days': 'Valid for',
  image_url: 'Image',
  segment_ids: 'Segments',
  available_to: 'Available until',
});

const fieldOf = (path: readonly PropertyKey[]): TRewardField => {
  const [first, second] = path.map(String);
  if (first === 'cost') return second === 'currency' ? 'currency' : 'amount';
  if (first === 'coupon' && second) return `coupon.${second}` as TRewardField;
  return first && FIELDS.has(first) ? (first as TRewardField) : 'name';
};

/**
 * Everything the server's schema would refuse, with its messages, one per field, so that the Validation Error
 * dialog lists it all at once; and what the schema cannot know from the body: a limited stock left empty, and a
 * stock below what was already redeemed.
 */
export const validateReward = (values: TRewardFormValues, redeemed: number): TRewardFormError[] => {
  const errors: TRewardFormError[] = [];
  const listed = new Set<TRewardField>();
  const add = (field: TRewardField, message: string) => {
    if (listed.has(field)) return;
    listed.add(field);
    errors.push({ field, message });
  };

  const parsed = ZSaveRewardRequest.safeParse(toRewardBody(values, values.image_url), {
    error: LABELS,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) add(fieldOf(issue.path), issue.message);
  // The schema checks these only once the rest of the body is valid; the dialog lists them at once.
  const { coupon } = values;
  if (
    values.type === 'coupon' &&
    coupon.value_type === 'percent' &&
    coupon.value !== '' &&
    coupon.value > 100
  )
    add('coupon.value', REWARD_MESSAGES.percentRange);
  if (values.available_from && values.available_to && values.available_to < values.available_from)
    add('available_to', REWARD_MESSAGES.windowOrder);
  if (!values.stock_unlimited) {
    if (values.stock === '') add('stock', REWARD_MESSAGES.stockWhole);
    else if (values.stock < redeemed) add('stock', REWARD_MESSAGES.stockBelowRedeemed(redeemed));
  }
  return errors.sort((a, b) => ORDER.indexOf(a.field) - ORDER.indexOf(b.field));
};
