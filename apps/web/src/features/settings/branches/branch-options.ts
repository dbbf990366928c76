import {
  BANK_ACCOUNT_TYPES,
  DAYS_OF_WEEK,
  DELIVERY_FEE_TYPE_LABELS,
  DELIVERY_FEE_TYPES,
  STORE_STATUS_LABELS,
  STORE_STATUSES,
  type TBankAccountType,
} from '@laurel/contract';

const BANK_ACCOUNT_TYPE_LABELS: Record<TBankAccountType, string> = {
  CHEQUE: 'Cheque',
  SAVINGS: 'Savings',
  TRANSMISSION: 'Transmission',
};

export const BANK_ACCOUNT_TYPE_OPTIONS = BANK_ACCOUNT_TYPES.map((value) => ({
  value,
  label: BANK_ACCOUNT_TYPE_LABELS[value],
}));

export const DELIVERY_FEE_TYPE_OPTIONS = DELIVERY_FEE_TYPES.map((value) => ({
  value,
  label: DELIVERY_FEE_TYPE_LABELS[value],
}));

export const STORE_STATUS_OPTIONS = STORE_STATUSES.map((value) => ({
  value: String(value),
  label: STORE_STATUS_LABELS[value],
}));

export const dayName = (day: number) => DAYS_OF_WEEK.find((item) => item.id === day)?.name ?? `Day ${day}`;
