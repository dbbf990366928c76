import { z } from 'zod';
import { numberFromText } from '../shared/numbers';
import { whenMissing } from './issue-messages';

/**
 * A string that must be present and non-blank; one message for missing, wrong type and blank. Limits a caller adds
 * without a message of their own (`.max(100)`) keep the plain fallback ('name must be at most 100 characters'), not
 * this message: a name too long is not missing.
 */
export const requiredString = (message: string) =>
  z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message);

/** A boolean that may arrive as a JSON boolean only; anything else is the given message. */
export const requiredBoolean = (message: string) => z.boolean({ error: message });

/** A flag that arrives as a JSON boolean or, in query strings and form fields, as the text `true` or `false`. */
export const queryBoolean = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: message })
    .transform((value) => value === true || value === 'true');

/** Query-string numbers: `?page=2`. */
export const queryInt = (message: string, min: number, max: number) =>
  numberFromText(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** A list's page number, one-based; a cap keeps OFFSET arithmetic sane. */
export const ZPageNumber = queryInt('page must be a whole number from 1 to 1000000', 1, 1_000_000);

/** A list's page size (the console's sizes are 10 to 100). */
export const ZPageSize = queryInt('size must be between 1 and 100', 1, 100);

export const ZPageQuery = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
