import { z } from 'zod';
import { fieldLabel, maxLengthMessage, numberMessage, requiredMessage } from '../messages/form-rules';
import { ZId } from '../shared/ids';

/** Field builders of the commerce forms: every message follows the generic form rules (spec 1 §5). */

/** A required text: missing, blank or not a string is '{field} is required'. */
export const requiredText = (field: string, max: number) =>
  z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, requiredMessage(field))
    .max(max, maxLengthMessage(field, max));

/** An optional text; blank is stored as none. */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${fieldLabel(field)} must be text` })
    .trim()
    .max(max, maxLengthMessage(field, max))
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

export const MAX_MONEY = 999_999_999;

/** A decimal amount of money with at most two places (DESIGN §9), never negative. */
export const moneyField = (field: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? requiredMessage(field) : numberMessage(field)),
    })
    .finite(numberMessage(field))
    .min(0, `${fieldLabel(field)} must not be negative`)
    .max(MAX_MONEY, `${fieldLabel(field)} must not be more than ${MAX_MONEY}`)
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      `${fieldLabel(field)} must have at most two decimal places`,
    );

/** A whole number within bounds: missing is '{field} is required', a non-number 'must be a number'. */
export const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage(field) : numberMessage(field),
    })
    .int(`${fieldLabel(field)} must be a whole number`)
    .min(min, `${fieldLabel(field)} must be at least ${min}`)
    .max(max, `${fieldLabel(field)} must not be more than ${max}`);

/** A whole number that may be left empty (null): a limit that is not set does not apply. */
export const optionalWholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: numberMessage(field) })
    .int(`${fieldLabel(field)} must be a whole number`)
    .min(min, `${fieldLabel(field)} must be at least ${min}`)
    .max(max, `${fieldLabel(field)} must not be more than ${max}`)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** A list of ids (categories, products, branches), repeats dropped. */
export const idList = (field: string, max = 200) =>
  z
    .array(ZId, { error: `${fieldLabel(field)} must be a list of ids` })
    .max(max, `${fieldLabel(field)} must not hold more than ${max} items`)
    .nullable()
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]);
