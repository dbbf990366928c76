import { dayInZone } from '@/ui/display-date';

/**
 * The calendar day of a stored date-time ('YYYY-MM-DD') in the business's time zone, where the server reads the days
 * it is sent: read in this browser's zone instead, a save from a browser ahead of the business moved the end a day on.
 */
export const dayOf = (value: string | null | undefined, timeZone?: string) => dayInZone(value, timeZone);

/** 'R200' for a value shown with the client's currency symbol. */
export const money = (symbol: string, value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : `${symbol}${value}`;
