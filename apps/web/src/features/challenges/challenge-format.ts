import dayjs from 'dayjs';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '3 Mar 2025', or '—' for a missing or unreadable date. */
export const displayDate = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : '—';
};

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
