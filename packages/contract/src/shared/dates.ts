import { z } from 'zod';

/** Dates in payloads and filters (spec 1 §9, DESIGN §4). */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Display format used on the onboarding side and a few tables. */
export const DISPLAY_DATE_FORMAT = 'MM-DD-YYYY';
export const TIME_FORMAT = 'HH:mm';

export const ISO_DATE_REGEX = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
export const TIME_OF_DAY_REGEX = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/**
 * The days the API takes. PostgreSQL cannot store year 0 and a late year shifted into a time zone overflows its
 * range, so every date and date-time that comes in stays within these.
 */
export const DATE_LIMITS = { min: '1900-01-01', max: '2999-12-31' } as const;

export const DATE_MESSAGES = {
  format: `Date must be in the format ${DATE_FORMAT}`,
  notReal: `Date must be a real date in the format ${DATE_FORMAT}`,
  outOfRange: `Date must be between ${DATE_LIMITS.min} and ${DATE_LIMITS.max}`,
  tooEarly: `Date must not be before ${DATE_LIMITS.min}`,
  dateTimeFormat: 'Date must be an ISO 8601 date-time, e.g. 2026-11-24T10:15:00Z',
  dayOrDateTimeFormat: `Date must be a date (${DATE_FORMAT}) or an ISO 8601 date-time`,
} as const;

/** What a date field says when its value is badly written, not a day of the calendar, or outside DATE_LIMITS. */
export type TDateMessages = { format: string; notReal: string; outOfRange: string };

const DAY_MESSAGES: TDateMessages = DATE_MESSAGES;
const DATE_TIME_MESSAGES: TDateMessages = { ...DATE_MESSAGES, format: DATE_MESSAGES.dateTimeFormat };
const DAY_OR_DATE_TIME_MESSAGES: TDateMessages = {
  ...DATE_MESSAGES,
  format: DATE_MESSAGES.dayOrDateTimeFormat,
};

/** YYYY-MM-DD naming a day of the calendar: 1990-02-30 and 2023-02-29 are not. */
export const isCalendarDate = (value: string) => {
  if (!ISO_DATE_REGEX.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

// YYYY-MM-DD compares as text in calendar order.
const isDayInRange = (day: string) => day >= DATE_LIMITS.min && day <= DATE_LIMITS.max;
const FIRST_INSTANT = Date.parse(`${DATE_LIMITS.min}T00:00:00Z`);
const LAST_INSTANT = Date.parse(`${DATE_LIMITS.max}T23:59:59.999Z`);
const ZOffsetDateTime = z.iso.datetime({ offset: true });

/** What is wrong with a date (YYYY-MM-DD) that comes in, or null: it must be a real day within DATE_LIMITS. */
export const dateProblem = (value: string, messages: TDateMessages = DAY_MESSAGES): string | null => {
  if (!ISO_DATE_REGEX.test(value)) return messages.format;
  if (!isCalendarDate(value)) return messages.notReal;
  return isDayInRange(value) ? null : messages.outOfRange;
};

/**
 * What is wrong with an ISO 8601 date-time with its offset ('2026-11-24T10:15:00+02:00'), or null: its day must be
 * real and the instant within DATE_LIMITS (UTC).
 */
export const dateTimeProblem = (
  value: string,
  messages: TDateMessages = DATE_TIME_MESSAGES,
): string | null => {
  const day = value.slice(0, 10);
  if (ISO_DATE_REGEX.test(day) && !isCalendarDate(day)) return messages.notReal;
  if (!ZOffsetDateTime.safeParse(value).success) return messages.format;
  const instant = Date.parse(value);
  return instant >= FIRST_INSTANT && instant <= LAST_INSTANT ? null : messages.outOfRange;
};

/** A field that takes either a day (YYYY-MM-DD) or a full date-time. */
export const dayOrDateTimeProblem = (value: string, messages: TDateMessages = DAY_OR_DATE_TIME_MESSAGES) =>
  ISO_DATE_REGEX.test(value) ? dateProblem(value, messages) : dateTimeProblem(value, messages);

/** A check for `.superRefine` that reports `problem`'s answer on the field; a field may name its own messages. */
const dateCheck =
  (problem: (value: string, messages: TDateMessages) => string | null, defaults: TDateMessages) =>
  (messages: Partial<TDateMessages> = {}) =>
  (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value, { ...defaults, ...messages });
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/** `.superRefine(checkDate())`: a real day (YYYY-MM-DD) within DATE_LIMITS. */
export const checkDate = dateCheck(dateProblem, DAY_MESSAGES);
/** `.superRefine(checkDateTime())`: an ISO 8601 date-time with its offset, an instant within DATE_LIMITS. */
export const checkDateTime = dateCheck(dateTimeProblem, DATE_TIME_MESSAGES);
/** `.superRefine(checkDayOrDateTime())`: either of the above. */
export const checkDayOrDateTime = dateCheck(dayOrDateTimeProblem, DAY_OR_DATE_TIME_MESSAGES);

/** A date in a filter or a body: a real day within DATE_LIMITS. */
export const ZIsoDate = z.string().superRefine(checkDate());
export type TIsoDate = z.infer<typeof ZIsoDate>;

/**
 * An ISO 8601 date-time with its offset (documented as format date-time), an instant within DATE_LIMITS; badly
 * written (an impossible day included) is `format`, the field's own message.
 */
export const isoDateTime = (format: string = DATE_MESSAGES.dateTimeFormat) =>
  z.iso.datetime({ offset: true, error: format, abort: true }).superRefine(checkDateTime({ format }));
export const ZTimeOfDay = z.string().regex(TIME_OF_DAY_REGEX, `Time must be in the format ${TIME_FORMAT}`);

/** The calendar date of a Date in UTC, as YYYY-MM-DD. */
export const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A date in the past: a real day from DATE_LIMITS.min up to yesterday (UTC). Badly written and impossible days get
 * `notReal`, days from today on `future` (the field's own spec message).
 */
export const checkPastDate =
  (messages: { notReal: string; future: string; tooEarly?: string }) =>
  (value: string, ctx: z.RefinementCtx) => {
    const message = !isCalendarDate(value)
      ? messages.notReal
      : value < DATE_LIMITS.min
        ? (messages.tooEarly ?? DATE_MESSAGES.tooEarly)
        : value >= toIsoDate(new Date())
          ? messages.future
          : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  };

/** A client's time zone defaults to UTC; weeks start on Monday (DESIGN §5). */
export const DEFAULT_TIME_ZONE = 'UTC';
