import { PRIVACY_MESSAGES } from '@laurel/contract';

/** What identifies a member: every value an erasure must find and remove wherever it was copied. */
export type PersonalData = {
  name: string;
  surname: string;
  email: string | null;
  /** Stored form (+27…) and the local form (0…) people type. */
  cellNumbers: string[];
  /**
   * What the member's audit trail says they were called and reached by before (a console, API or import edit since):
   * erased like the current ones. `fullNames` are the name and surname pairs they held; `contacts` the earlier
   * emails and cell numbers no other customer holds or held.
   */
  earlier: { names: string[]; surnames: string[]; fullNames: string[]; contacts: string[] };
  /** Birthday, external id, member card, loyalty and card numbers, saved addresses, other earlier values. */
  others: string[];
};

/** Keys that name a person wherever they appear in a stored payload: their value goes, whatever it is. */
const IDENTIFYING_KEYS = new Set([
  'email',
  'cell_number',
  'cellnumber',
  'phone',
  'phone_number',
  'mobile',
  'contact_number',
  'customer_email',
  'customer_contact_number',
  'customer_name',
  'surname',
  'first_name',
  'last_name',
  'firstname',
  'lastname',
  'full_name',
  'birthday',
  'date_of_birth',
  'full_address',
  'address',
]);

export const ERASED_TEXT = '[erased]';

/** Field names (audit diffs, payloads) whose values identify a customer: their earlier values are erased too. */
export const PERSONAL_FIELD_PATTERN = 'name|email|cell|phone|birthday|external|card|loyalty|address';

/** An ILIKE pattern that finds `value` anywhere in a text. */
export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Identifying values, longest first (so a full name goes before the name inside it). */
const longestFirst = (values: (string | null)[]) =>
  values
    .filter((value): value is string => !!value && value.trim().length >= 3)
    .sort((a, b) => b.length - a.length);

/**
 * Removes a member's identifying values from free text: the full name (now or before) becomes "Erased customer";
 * emails, numbers and the other values become "[erased]"; names and surnames alone go where they stand as whole
 * words (so a surname "Lee" does not rewrite "Leeds").
 *
 * `mentions` is the narrower scrubber for rows about someone else that name the member (another member's referral
 * event, an audit entry about another customer): only full names, emails and cell numbers go, and no key is
 * nulled, so a shared first name, birthday or short id never rewrites another person's record.
 */
export const scrubberOf = (personal: PersonalData) => ({
  ...scrubbing(personal, fullValuesOf(personal), true),
  mentions: scrubbing(personal, contactsOf(personal), false),
});

/** The member's emails and cell numbers, now and before (earlier ones no one else holds or held): found anywhere. */
export const contactsOf = (personal: PersonalData) =>
  longestFirst([personal.email, ...personal.cellNumbers, ...personal.earlier.contacts]);
const fullValuesOf = (personal: PersonalData) => longestFirst([...contactsOf(personal), ...personal.others]);

const namesOf = (personal: PersonalData) => [personal.name, ...personal.earlier.names];
const surnamesOf = (personal: PersonalData) => [personal.surname, ...personal.earlier.surnames];

/** Every full name the member held, now and before, longest first. */
const fullNamesOf = (personal: PersonalData) =>
  [...new Set([`${personal.name} ${personal.surname}`.trim(), ...personal.earlier.fullNames])]
    .filter((fullName) => fullName.length > 0)
    .sort((a, b) => b.length - a.length);

const scrubbing = (personal: PersonalData, values: string[], wholeRecord: boolean) => {
  const fullNames = fullNamesOf(personal);
  const words = wholeRecord
    ? [...new Set([...namesOf(personal), ...surnamesOf(personal)])].filter((word) => word.trim().length > 0)
    : [];
  const wordPattern =
    words.length > 0
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
      : null;
  const fullNamePattern =
    fullNames.length > 0 ? new RegExp(fullNames.map(escapeRegExp).join('|'), 'gi') : null;

  const text = (input: string) => {
    let out = fullNamePattern ? input.replace(fullNamePattern, PRIVACY_MESSAGES.erasedDisplayName) : input;
    for (const value of values) out = out.replace(new RegExp(escapeRegExp(value), 'gi'), ERASED_TEXT);
    if (wordPattern) out = out.replace(wordPattern, ERASED_TEXT);
    return out;
  };

  /** A JSON value with every string scrubbed and, in the member's own records, identifying keys nulled. */
  const json = (input: unknown): unknown => {
    if (typeof input === 'string') return text(input);
    if (Array.isArray(input)) return input.map(json);
    if (input && typeof input === 'object') {
      return Object.fromEntries(
        Object.entries(input as Record<string, unknown>).map(([key, value]) => [
          key,
          wholeRecord && IDENTIFYING_KEYS.has(key.toLowerCase()) && value !== null ? null : json(value),
        ]),
      );
    }
    return input;
  };

  /**
   * An audit entry's changes ({ field: { from, to } }): each side scrubbed as `json` scrubs a value, and an
   * identifying field's sides replaced rather than the field nulled, so the entry keeps its shape (the audit log
   * lists { from, to } for every field it shows).
   */
  const changes = (input: unknown): unknown => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return json(input);
    const side = (key: string, value: unknown) =>
      wholeRecord && IDENTIFYING_KEYS.has(key.toLowerCase()) && value !== null && value !== undefined
        ? ERASED_TEXT
        : json(value);
    return Object.fromEntries(
      Object.entries(input as Record<string, unknown>).map(([key, diff]) => {
        if (!diff || typeof diff !== 'object' || Array.isArray(diff)) return [key, json(diff)];
        const { from, to, ...rest } = diff as { from?: unknown; to?: unknown };
        return [key, { ...(json(rest) as object), from: side(key, from), to: side(key, to) }];
      }),
    );
  };

  /** ILIKE patterns that find a row naming the member (the full name and each identifying value). */
  const likePatterns = [...fullNames, ...values].filter((value) => value.length >= 3).map(likePattern);

  return { text, json, changes, likePatterns };
};
export type Scrubber = ReturnType<typeof scrubberOf>;
