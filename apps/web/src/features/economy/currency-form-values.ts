import {
  BLANK_CURRENCY,
  type TCurrency,
  type TCurrencyCode,
  type TExpiryPolicy,
  type TSaveCurrencyRequest,
  type TWalletCurrencyType,
} from '@laurel/contract';
import type { TNumberField } from '@/features/economy/earn-config-form-values';

/** A currency's icon: a library icon (name and prefix) or an uploaded image (url and etag). */
export type TCurrencyIconValue = {
  name: string | null;
  prefix: string | null;
  url: string | null;
  etag: string | null;
};

export type TCurrencyFormValues = {
  type: TWalletCurrencyType;
  name: string;
  code: string;
  conversion_rate: TNumberField;
  icon: TCurrencyIconValue;
  expiry_policy: TExpiryPolicy;
  expiry_days: TNumberField;
};

export const EMPTY_CURRENCY_ICON: TCurrencyIconValue = { name: null, prefix: null, url: null, etag: null };

/** The blank currency the form starts with, and returns to after every save (spec 3 §2, §4). */
export const blankCurrencyValues = (): TCurrencyFormValues => ({
  type: BLANK_CURRENCY.type,
  name: BLANK_CURRENCY.name,
  code: BLANK_CURRENCY.code,
  conversion_rate: BLANK_CURRENCY.conversion_rate,
  icon: EMPTY_CURRENCY_ICON,
  expiry_policy: 'never',
  expiry_days: '',
});

export const valuesOfCurrency = (currency: TCurrency): TCurrencyFormValues => ({
  type: currency.type,
  name: currency.name,
  code: currency.code,
  conversion_rate: currency.conversion_rate,
  icon: { ...currency.icon },
  expiry_policy: currency.expiry_policy,
  expiry_days: currency.expiry_days ?? '',
});

/** The real-currency selector sets the name (and short code) to the code and resets the rate to 0 (spec 3 §2). */
export const chooseCurrencyCode = (
  values: TCurrencyFormValues,
  code: TCurrencyCode,
): TCurrencyFormValues => ({
  ...values,
  name: code,
  code,
  conversion_rate: 0,
});

/** Changing the type starts the fields it owns afresh; the icon stays. */
export const chooseCurrencyType = (
  values: TCurrencyFormValues,
  type: TWalletCurrencyType,
): TCurrencyFormValues =>
  values.type === type
    ? values
    : {
        ...blankCurrencyValues(),
        type,
        icon: values.icon,
        expiry_policy: values.expiry_policy,
        expiry_days: values.expiry_days,
      };

export const isSameCurrency = (a: TCurrencyFormValues, b: TCurrencyFormValues) =>
  a.type === b.type &&
  a.name === b.name &&
  a.code === b.code &&
  a.conversion_rate === b.conversion_rate &&
  a.icon.name === b.icon.name &&
  a.icon.prefix === b.icon.prefix &&
  a.icon.url === b.icon.url &&
  a.icon.etag === b.icon.etag &&
  a.expiry_policy === b.expiry_policy &&
  (a.expiry_policy !== 'after_days' || a.expiry_days === b.expiry_days);

/** The icon to save: a newly uploaded image wins over the library choice; otherwise what the form holds. */
export const currencyIconToSave = (
  values: TCurrencyFormValues,
  uploaded: { location: string; etag: string | null } | null,
): TCurrencyIconValue =>
  uploaded
    ? { name: null, prefix: null, url: uploaded.location, etag: uploaded.etag }
    : values.icon.url
      ? { ...values.icon, name: null, prefix: null }
      : { ...values.icon, url: null, etag: null };

/** The body of the save; the console blocks nothing (spec 3 §5), the server answers what it cannot keep. */
export const toCurrencyBody = (
  values: TCurrencyFormValues,
  icon: TCurrencyIconValue,
): TSaveCurrencyRequest => ({
  type: values.type,
  name: values.type === 'real' ? values.code : values.name.trim(),
  code: values.code.trim(),
  conversion_rate: values.conversion_rate === '' ? 0 : values.conversion_rate,
  icon,
  expiry_policy: values.expiry_policy,
  expiry_days: values.expiry_policy === 'after_days' && values.expiry_days !== '' ? values.expiry_days : null,
});
