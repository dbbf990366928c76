const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad = (value: number) => String(value).padStart(2, '0');
const TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D|\[[^\]]*]/g;

/**
 * A day as dayjs formats it with the tokens the console's date fields use (YYYY, YY, MMMM, MMM, MM, M, DD, D and
 * [escaped] text), in English: what a date field's stand-in shows without loading dayjs. A 'YYYY-MM-DD' value is
 * that calendar day; a Date or date-time string is read in the browser's time zone, as dayjs does.
 */
export const formatDay = (value: Date | string | null | undefined, format: string) => {
  if (!value) return '';
  const day =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00`)
      : new Date(value);
  if (Number.isNaN(day.getTime())) return '';
  const [year, month, date] = [day.getFullYear(), day.getMonth(), day.getDate()];
  const parts: Record<string, string> = {
    YYYY: String(year),
    YY: String(year).slice(-2),
    MMMM: MONTHS[month] ?? '',
    MMM: (MONTHS[month] ?? '').slice(0, 3),
    MM: pad(month + 1),
    M: String(month + 1),
    DD: pad(date),
    D: String(date),
  };
  return format.replace(TOKENS, (token) => parts[token] ?? token.slice(1, -1));
};

/** A day typed as text ('1 Dec 2025', '2025-12-01') as 'YYYY-MM-DD', or null when it does not read as one. */
export const parseDay = (text: string) => {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()}T00:00:00` : text;
  const day = new Date(iso);
  return Number.isNaN(day.getTime())
    ? null
    : `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};
