import dayjs from 'dayjs';

/** The calendar day of a stored date-time ('YYYY-MM-DD' in this browser's zone), or null. */
export const dayOf = (value: string | null | undefined) => {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
};

/** 'R200' for a value shown with the client's currency symbol. */
export const money = (symbol: string, value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : `${symbol}${value}`;
