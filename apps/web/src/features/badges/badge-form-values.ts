import {
  BADGE_DEFAULT_THEME,
  BADGE_DEFAULTS,
  BADGE_THEME_KEYS,
  type TBadge,
  type TBadgeCategory,
  type TBadgeIcon,
  type TBadgeThemeKey,
  type TSaveBadgeRequest,
  type TUploadResult,
} from '@laurel/contract';

/** What the editor holds. Dates are calendar days ('YYYY-MM-DD') in the browser's time zone. */
export type TBadgeFormValues = {
  name: string;
  description: string;
  sub_copy: string;
  dates_enabled: boolean;
  start_date: string | null;
  end_date: string | null;
  quantity_limited: boolean;
  /** A number input's value: empty while the user has cleared it. */
  quantity: number | '';
  category: TBadgeCategory;
  level: number | '';
  icon: TBadgeIcon;
  theme: Record<TBadgeThemeKey, string>;
};

/** The fields a validation message belongs to; theme colours are `theme.<key>`. */
export type TBadgeField =
  | 'name'
  | 'description'
  | 'sub_copy'
  | 'quantity'
  | 'level'
  | 'category'
  | 'icon'
  | 'start_date'
  | 'end_date'
  | `theme.${TBadgeThemeKey}`;

export type TBadgeFormError = { field: TBadgeField; message: string };

export const EMPTY_ICON: TBadgeIcon = { name: null, prefix: null, url: null, etag: null, file_name: null };

/** A new badge: Unlimited, quantity 0, no dates, Achievement level 1, the spec's gold theme (spec 2 §2, §9). */
export const newBadgeValues = (): TBadgeFormValues => ({
  name: '',
  description: '',
  sub_copy: '',
  dates_enabled: BADGE_DEFAULTS.dates_enabled,
  start_date: null,
  end_date: null,
  quantity_limited: BADGE_DEFAULTS.quantity_limited,
  quantity: BADGE_DEFAULTS.quantity,
  category: BADGE_DEFAULTS.category,
  level: BADGE_DEFAULTS.level,
  icon: { ...EMPTY_ICON },
  theme: { ...BADGE_DEFAULT_THEME },
});

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar day (in this browser's time zone) of an ISO date-time, as 'YYYY-MM-DD'. */
export const dayOf = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

const localDate = (day: string, hours: number, minutes: number, seconds: number, ms: number) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, hours, minutes, seconds, ms);
};

/** A start date is the start of its day and an end date the end of its day (spec 2 §2). */
export const startOfDay = (day: string) => localDate(day, 0, 0, 0, 0).toISOString();
export const endOfDay = (day: string) => localDate(day, 23, 59, 59, 999).toISOString();

export const valuesOfBadge = (badge: TBadge): TBadgeFormValues => ({
  name: badge.name,
  description: badge.description,
  sub_copy: badge.sub_copy,
  dates_enabled: badge.dates_enabled,
  start_date: dayOf(badge.start_date),
  end_date: dayOf(badge.end_date),
  quantity_limited: badge.quantity_limited,
  quantity: badge.quantity,
  category: badge.category,
  level: badge.level,
  icon: { ...EMPTY_ICON, ...badge.icon },
  theme: { ...BADGE_DEFAULT_THEME, ...badge.theme },
});

/** The edited flag (spec 2 §4): Save is enabled once anything differs from what was loaded or a file is chosen. */
export const isSameValues = (a: TBadgeFormValues, b: TBadgeFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The icon the save sends: the file just uploaded, else the stored image, else the library icon. */
export const iconToSave = (values: TBadgeFormValues, uploaded: TUploadResult | null): TBadgeIcon => {
  if (uploaded)
    return {
      ...EMPTY_ICON,
      url: uploaded.location,
      etag: uploaded.etag,
      file_name: uploaded.file_name,
    };
  if (values.icon.url)
    return { ...EMPTY_ICON, url: values.icon.url, etag: values.icon.etag, file_name: values.icon.file_name };
  if (values.icon.name) return { ...EMPTY_ICON, name: values.icon.name, prefix: values.icon.prefix };
  return { ...EMPTY_ICON };
};

/** The request body; dates are sent only while they are enabled. */
export const toBadgeBody = (values: TBadgeFormValues, icon: TBadgeIcon): TSaveBadgeRequest => ({
  name: values.name.trim(),
  description: values.description.trim(),
  sub_copy: values.sub_copy.trim(),
  quantity_limited: values.quantity_limited,
  quantity: values.quantity === '' ? (values.quantity_limited ? null : 0) : values.quantity,
  dates_enabled: values.dates_enabled,
  start_date: values.dates_enabled && values.start_date ? startOfDay(values.start_date) : null,
  end_date: values.dates_enabled && values.end_date ? endOfDay(values.end_date) : null,
  icon,
  theme: Object.fromEntries(BADGE_THEME_KEYS.map((key) => [key, values.theme[key].trim()])) as Record<
    TBadgeThemeKey,
    string
  >,
  category: values.category,
  level: values.level === '' ? BADGE_DEFAULTS.level : values.level,
});

/** The first message per field, for showing on the fields once a save was refused. */
export const errorsByField = (errors: readonly TBadgeFormError[]) => {
  const byField: Partial<Record<TBadgeField, string>> = {};
  for (const { field, message } of errors) byField[field] ??= message;
  return byField;
};
