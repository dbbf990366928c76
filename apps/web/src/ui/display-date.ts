const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A stored timestamp as a Date; null when missing or unreadable. */
export const parseDate = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** '3 Mar 2025', or '—' for a missing or unreadable timestamp. */
export const displayDate = (value: string | null | undefined) => {
  const date = parseDate(value);
  return date ? dateFormat.format(date) : '—';
};

/** '3 Mar 2025, 10:15', or `fallback` for a missing or unreadable timestamp. */
export const displayDateTime = (value: string | null | undefined, fallback = '—') => {
  const date = parseDate(value);
  return date ? dateTimeFormat.format(date) : fallback;
};
