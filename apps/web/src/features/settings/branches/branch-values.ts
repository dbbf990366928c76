import {
  BRANCH_DEFAULTS,
  DELIVERY_FEE_REQUIRED_FIELDS,
  defaultTradingTimes,
  STORE_STATUS,
  type TBankAccountType,
  type TBranch,
  type TBranchRequest,
  type TDeliveryFeeType,
  type TStoreStatus,
} from '@laurel/contract';

/** A number field as the input holds it: '' while blank. */
export type TNumberField = number | '';

export type TRadiusRow = { radius: TNumberField; fee: TNumberField };

export type TTradingTimeRow = { day: number; from: string; to: string; status: TStoreStatus };

/** The branch form's values: text as typed, numbers as the inputs hold them (spec 1 §3 "Branch"). */
export type TBranchFormValues = {
  display_name: string;
  branch_number: string;
  email: string;
  contact_number: string;
  image_url: string;
  address: string;
  registered_name: string;
  registration_number: string;
  vat_registered: boolean;
  vat_number: string;
  franchise: boolean;
  banking_details: {
    account_number: string;
    account_type: TBankAccountType | '';
    branch_code: string;
    name: string;
  };
  replace_by_default: boolean;
  delivery: boolean;
  delivery_fee_type: TDeliveryFeeType;
  max_delivery_radius: TNumberField;
  base_delivery_radius: TNumberField;
  delivery_fee_per_km: TNumberField;
  delivery_fee: TNumberField;
  delivery_radii: TRadiusRow[];
  trading_times: TTradingTimeRow[];
  /** Kept as loaded: the form does not edit them. */
  offline: boolean;
  country_code: string;
  country_code_extension: string;
  coordinates: { lat: number; lng: number } | null;
};

/** Field paths as the contract reports them: 'display_name', 'delivery_settings.delivery_fee', 'trading_times.3.from'. */
export type TBranchErrors = Record<string, string>;

const EMPTY_BANKING: TBranchFormValues['banking_details'] = {
  account_number: '',
  account_type: '',
  branch_code: '',
  name: '',
};

/** A new branch starts from the entity's defaults (spec 1 §3, §9). */
export const newBranchValues = (): TBranchFormValues => ({
  display_name: '',
  branch_number: '',
  email: '',
  contact_number: '',
  image_url: '',
  address: '',
  registered_name: '',
  registration_number: '',
  vat_registered: BRANCH_DEFAULTS.vat_registered,
  vat_number: '',
  franchise: BRANCH_DEFAULTS.franchise,
  banking_details: EMPTY_BANKING,
  replace_by_default: BRANCH_DEFAULTS.stock_replacement.replace_by_default,
  delivery: BRANCH_DEFAULTS.delivery,
  delivery_fee_type: BRANCH_DEFAULTS.delivery_fee_type,
  max_delivery_radius: '',
  base_delivery_radius: '',
  delivery_fee_per_km: '',
  delivery_fee: '',
  delivery_radii: [],
  trading_times: defaultTradingTimes().map(({ day, from, to, status }) => ({ day, from, to, status })),
  offline: BRANCH_DEFAULTS.offline,
  country_code: BRANCH_DEFAULTS.country_code,
  country_code_extension: BRANCH_DEFAULTS.country_code_extension,
  coordinates: null,
});

const numberField = (value: number | null | undefined): TNumberField => value ?? '';

/** A saved branch as the form shows it; days missing from its table get the default hours. */
export const branchValuesOf = (branch: TBranch): TBranchFormValues => {
  const delivery = branch.delivery_settings;
  const defaults = newBranchValues();
  return {
    display_name: branch.display_name,
    branch_number: branch.branch_number ?? '',
    email: branch.email ?? '',
    contact_number: branch.contact_number ?? '',
    image_url: branch.image_url ?? '',
    address: branch.address?.full_address ?? '',
    registered_name: branch.registered_name ?? '',
    registration_number: branch.registration_number ?? '',
    vat_registered: branch.vat_registered,
    vat_number: branch.vat_number ?? '',
    franchise: branch.franchise,
    banking_details: branch.banking_details ? { ...branch.banking_details } : EMPTY_BANKING,
    replace_by_default: branch.stock_replacement.replace_by_default,
    delivery: delivery.delivery,
    delivery_fee_type: delivery.delivery_fee_type,
    max_delivery_radius: numberField(delivery.max_delivery_radius),
    base_delivery_radius: numberField(delivery.base_delivery_radius),
    delivery_fee_per_km: numberField(delivery.delivery_fee_per_km),
    delivery_fee: numberField(delivery.delivery_fee),
    delivery_radii: (delivery.delivery_radii ?? []).map(({ radius, fee }) => ({ radius, fee })),
    trading_times: defaults.trading_times.map((row) => {
      const saved = branch.trading_times.find((time) => time.day === row.day);
      return saved ? { day: saved.day, from: saved.from, to: saved.to, status: saved.status } : row;
    }),
    offline: branch.offline,
    country_code: branch.country_code,
    country_code_extension: branch.country_code_extension,
    coordinates: branch.address?.coordinates ?? null,
  };
};

const text = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};
const number = (value: TNumberField) => (value === '' ? null : value);

/** The fields a fee type uses: the others are sent empty, so that a branch keeps only what its type needs. */
const usesField = (type: TDeliveryFeeType, field: string) =>
  (DELIVERY_FEE_REQUIRED_FIELDS[type] as readonly string[]).includes(field);

/**
 * The request body. Blanks are sent as null (the contract would read a blank number as 0); banking details with
 * nothing filled in are none at all, so that a franchise without them gets 'banking details is required'.
 */
export const toBranchRequest = (values: TBranchFormValues, savedAddress?: string): TBranchRequest => {
  const banking = values.banking_details;
  const hasBanking = [banking.account_number, banking.account_type, banking.branch_code, banking.name].some(
    (item) => item.trim() !== '',
  );
  const type = values.delivery_fee_type;
  const address = text(values.address);
  return {
    display_name: values.display_name.trim(),
    branch_number: text(values.branch_number),
    email: values.email.trim(),
    contact_number: values.contact_number.trim(),
    image_url: text(values.image_url),
    registered_name: text(values.registered_name),
    registration_number: text(values.registration_number),
    vat_registered: values.vat_registered,
    vat_number: values.vat_registered ? text(values.vat_number) : null,
    franchise: values.franchise,
    offline: values.offline,
    country_code: values.country_code,
    country_code_extension: values.country_code_extension,
    address: address
      ? {
          full_address: address,
          // Coordinates belong to the address they were found for.
          coordinates: address === savedAddress?.trim() ? values.coordinates : null,
        }
      : null,
    banking_details: hasBanking
      ? {
          account_number: banking.account_number.trim(),
          account_type: (banking.account_type || undefined) as TBankAccountType,
          branch_code: banking.branch_code.trim(),
          name: banking.name.trim(),
        }
      : null,
    stock_replacement: { replace_by_default: values.replace_by_default },
    delivery_settings: {
      delivery: values.delivery,
      delivery_fee_type: type,
      max_delivery_radius: usesField(type, 'max_delivery_radius') ? number(values.max_delivery_radius) : null,
      base_delivery_radius: usesField(type, 'base_delivery_radius')
        ? number(values.base_delivery_radius)
        : null,
      delivery_fee_per_km: usesField(type, 'delivery_fee_per_km') ? number(values.delivery_fee_per_km) : null,
      delivery_fee: usesField(type, 'delivery_fee') ? number(values.delivery_fee) : null,
      delivery_radii: usesField(type, 'delivery_radii')
        ? values.delivery_radii
            .map((row) => ({ radius: number(row.radius) ?? 0, fee: number(row.fee) ?? 0 }))
            .sort((a, b) => a.radius - b.radius)
        : null,
    },
    trading_times: values.trading_times.map((row) => ({
      day: row.day,
      from: row.from,
      to: row.to,
      closed: row.status === STORE_STATUS.CLOSED,
      status: row.status,
    })),
  };
};

/** Server field errors (`content.errors` of a 400, fields such as '/delivery settings/delivery fee') in the same shape. */
export const serverErrorsOf = (content: unknown): TBranchErrors => {
  const list = (content as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return {};
  const errors: TBranchErrors = {};
  for (const item of list) {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const path = field.replace(/^\//, '').replace(/\//g, '.').replace(/ /g, '_');
    errors[path] ??= message;
  }
  return errors;
};

export const sameBranchValues = (a: TBranchFormValues, b: TBranchFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);
