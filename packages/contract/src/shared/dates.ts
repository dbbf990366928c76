import { z } from 'zod';

/** Dates in payloads and filters (spec 1 §9, DESIGN §4). */
export const DATE_FORMAT = 'YYYY-MM-DD';
/** Display format used on the onboarding side and a few tables. */
export const DISPLAY_DATE_FORMAT = 'MM-DD-YYYY';
export const TIME_FORMAT = 'HH:mm';

export const ISO_DATE_REGEX = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
export const TIME_OF_DAY_REGEX = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const ZIsoDate = z.string().regex(ISO_DATE_REGEX, `Date must be in the format ${DATE_FORMAT}`);
export type TIsoDate = z.infer<typeof ZIsoDate>;
export const ZTimeOfDay = z.string().regex(TIME_OF_DAY_REGEX, `Time must be in the format ${TIME_FORMAT}`);

/** The calendar date of a Date in UTC, as YYYY-MM-DD. */
export const toIsoDate = (date: Date) => date.toISOString().slice(0, 10);

/** A client's time zone defaults to UTC; weeks start on Monday (DESIGN §5). */
export const DEFAULT_TIME_ZONE = 'UTC';
