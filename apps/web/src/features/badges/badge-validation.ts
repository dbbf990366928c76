import { BADGE_MESSAGES, BADGE_THEME_KEYS, type TBadgeThemeKey, ZSaveBadgeRequest } from '@laurel/contract';
import {
  EMPTY_ICON,
  endOfDay,
  iconToSave,
  startOfDay,
  type TBadgeField,
  type TBadgeFormError,
  type TBadgeFormValues,
  toBadgeBody,
} from '@/features/badges/badge-form-values';
import '@/ui/plain-form-messages';

// The badge save's checks, apart from the form's values: they take zod, which the editor loads once edited.

const THEME_MESSAGES: Record<TBadgeThemeKey, string> = {
  primary: BADGE_MESSAGES.primaryColorRequired,
  name: BADGE_MESSAGES.nameColorRequired,
  sub_copy: BADGE_MESSAGES.subCopyColorRequired,
  background: BADGE_MESSAGES.backgroundColorRequired,
  icon: BADGE_MESSAGES.iconColorRequired,
};

const isBlank = (value: string | null | undefined) => !value || value.trim() === '';

const fieldOf = (path: readonly PropertyKey[]): TBadgeField => {
  const [first, second] = path.map(String);
  if (first === 'theme' && second) return `theme.${second}` as TBadgeField;
  return (first ?? 'name') as TBadgeField;
};

/**
 * The badge save's checks (spec 2 §5), in the spec's order, with its messages; then whatever else the server's
 * own schema would refuse (a malformed colour, an over-long name), so that the dialog lists everything at once.
 */
export const validateBadge = (values: TBadgeFormValues, file: File | null): TBadgeFormError[] => {
  const errors: TBadgeFormError[] = [];
  const add = (field: TBadgeField, message: string) => errors.push({ field, message });

  if (isBlank(values.name)) add('name', BADGE_MESSAGES.nameRequired);
  if (values.quantity_limited && values.quantity === '') add('quantity', BADGE_MESSAGES.quantityRequired);
  if (isBlank(values.description)) add('description', BADGE_MESSAGES.descriptionRequired);
  if (isBlank(values.sub_copy)) add('sub_copy', BADGE_MESSAGES.subCopyRequired);
  for (const key of BADGE_THEME_KEYS)
    if (isBlank(values.theme[key])) add(`theme.${key}`, THEME_MESSAGES[key]);
  if (!file && !values.icon.url && !values.icon.name) add('icon', BADGE_MESSAGES.iconRequired);
  if (values.dates_enabled) {
    if (!values.start_date) add('start_date', BADGE_MESSAGES.startDateRequired);
    if (!values.end_date) add('end_date', BADGE_MESSAGES.endDateRequired);
    if (
      values.start_date &&
      values.end_date &&
      Date.parse(endOfDay(values.end_date)) <= Date.parse(startOfDay(values.start_date))
    )
      add('end_date', BADGE_MESSAGES.endDateAfterStart);
  }

  // A file about to be uploaded stands in for the url it will get.
  const icon = file ? { ...EMPTY_ICON, url: file.name } : iconToSave(values, null);
  const parsed = ZSaveBadgeRequest.safeParse(toBadgeBody(values, icon));
  if (!parsed.success) {
    // One message per field: a blank colour is 'required', not also 'not a hex colour'.
    const listed = new Set<string>(errors.map((error) => error.field));
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (listed.has(field)) continue;
      listed.add(field);
      add(field, issue.message);
    }
  }
  return errors;
};
