const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const zonedDateFormats = new Map<string, Intl.DateTimeFormat>();
/** '3 Mar 2025' in a named zone (the business's), or in this browser's without one. */
const dateFormatIn = (timeZone: string | undefined) => {
  if (!timeZone) return dateFormat;
  let format = zonedDateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone,
      });
    } catch {
      return dateFormat; // a zone this browser does not know: its own
    }
    zonedDateFormats.set(timeZone, format);
  }
  return format;
};
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

/** '3 Mar 2025' (in `timeZone` when given), or '—' for a missing or unreadable timestamp. */
export const displayDate = (value: string | null | undefined, timeZone?: string) => {
  const date = parseDate(value);
  return date ? dateFormatIn(timeZone).format(date) : '—';
};

/**
 * The calendar day of a stored date-time as 'YYYY-MM-DD' in `timeZone` (the business's, where the server reads days
 * too; this browser's without one); a plain day is kept as it is; null when missing or unreadable.
 */
export const dayInZone = (value: string | null | undefined, timeZone?: string) => {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = parseDate(value);
  if (!date) return null;
  // en-CA writes dates as YYYY-MM-DD.
  const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-CA', options).format(date); // a zone this browser does not know
  }
};

/** '3 Mar 2025, 10:15', or `fallback` for a missing or unreadable timestamp. */
export const displayDateTime = (value: string | null | undefined, fallback = '—') => {
  const date = parseDate(value);
  return date ? dateTimeFormat.format(date) : fallback;
};
