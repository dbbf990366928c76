import { z } from 'zod';

/** Decimal numeric text: '12', '-3.5', '.5', '1e3'. Not 'Infinity', '0x10', '' or ' ', which Number() reads. */
const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A finite number from a JSON number or from numeric text as forms and query strings send it (' 12 ', '1e3');
 * undefined for anything else: booleans, lists, blanks, 'Infinity', '1e400' (which Number() turns into Infinity).
 */
export const readNumber = (value: unknown): number | undefined => {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && NUMERIC_TEXT.test(value.trim())
        ? Number(value.trim())
        : undefined;
  return number !== undefined && Number.isFinite(number) ? number : undefined;
};

/**
 * A number schema that also takes numeric text (query strings, form fields). Other text, booleans and lists reach
 * the schema unchanged, so its own message refuses them; unlike z.coerce.number, which reads true as 1, [5] as 5
 * and '' as 0.
 */
export const numberFromText = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? (readNumber(value) ?? value) : value), schema);
