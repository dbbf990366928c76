import { z } from 'zod';
import { DEFAULT_COUNTRY_CODE, DEFAULT_COUNTRY_CODE_EXTENSION } from './contact';
import { DAYS_OF_WEEK } from './days-of-week';
import { verbatimLabels } from './verbatim-labels';

export const ZDeliveryFeeType = z.enum(['FLAT-FEE', 'BASE-RADIUS', 'MULTI-RADII']);
export type TDeliveryFeeType = z.infer<typeof ZDeliveryFeeType>;
export const DELIVERY_FEE_TYPES = ZDeliveryFeeType.options;
export const DELIVERY_FEE_TYPE_LABELS = verbatimLabels(DELIVERY_FEE_TYPES);

/** Fields each delivery fee type requires (spec 1 §5). */
export const DELIVERY_FEE_REQUIRED_FIELDS = {
  'FLAT-FEE': ['max_delivery_radius', 'delivery_fee'],
  'BASE-RADIUS': ['base_delivery_radius', 'delivery_fee_per_km', 'delivery_fee'],
  'MULTI-RADII': ['delivery_radii'],
} as const satisfies Record<TDeliveryFeeType, readonly string[]>;

/** Trading status of a branch on a day (spec 1 §4). */
export const STORE_STATUS = { OPEN: 1, CLOSED: 2, OPEN_24_HOURS: 3 } as const;
export const ZStoreStatus = z.enum(STORE_STATUS);
export type TStoreStatus = z.infer<typeof ZStoreStatus>;
// From the object, not the schema: the console's pages read this list without zod (apps/web contract-for-browser).
export const STORE_STATUSES: TStoreStatus[] = Object.values(STORE_STATUS);
export const STORE_STATUS_LABELS: Record<TStoreStatus, string> = {
  [STORE_STATUS.OPEN]: 'Open',
  [STORE_STATUS.CLOSED]: 'Closed',
  [STORE_STATUS.OPEN_24_HOURS]: 'Open 24hrs',
};

/** Fields that become required when another branch field is set (spec 1 §5). */
export const BRANCH_DEPENDENT_REQUIRED_FIELDS = [
  { field: 'image_url', when: 'display_name' },
  { field: 'banking_details', when: 'franchise' },
  { field: 'vat_number', when: 'vat_registered' },
] as const;

export const DEFAULT_TRADING_HOURS = { from: '06:00', to: '06:00', status: STORE_STATUS.OPEN } as const;

/** Values a new branch starts with (spec 1 §3, §9). */
export const BRANCH_DEFAULTS = {
  franchise: true,
  offline: true,
  vat_registered: true,
  country_code: DEFAULT_COUNTRY_CODE,
  country_code_extension: DEFAULT_COUNTRY_CODE_EXTENSION,
  stock_replacement: { replace_by_default: true },
  delivery: true,
  delivery_fee_type: 'FLAT-FEE' satisfies TDeliveryFeeType,
} as const;

/** A trading-times table with the default hours for every day, public holidays included. */
export const defaultTradingTimes = () =>
  DAYS_OF_WEEK.map(({ id }) => ({
    day: id,
    from: DEFAULT_TRADING_HOURS.from,
    to: DEFAULT_TRADING_HOURS.to,
    closed: false,
    status: DEFAULT_TRADING_HOURS.status as TStoreStatus,
  }));

export const ZBankAccountType = z.enum(['CHEQUE', 'SAVINGS', 'TRANSMISSION']);
export type TBankAccountType = z.infer<typeof ZBankAccountType>;
export const BANK_ACCOUNT_TYPES = ZBankAccountType.options;
