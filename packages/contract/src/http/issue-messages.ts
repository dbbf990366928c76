import { z } from 'zod';

type TRawIssue = z.core.$ZodRawIssue;

/**
 * An enum named in a message lists at most this many values, then says how many more there are: enough for every
 * value of the API's own lists (event types, webhook event types), which an integrator must be able to read whole.
 */
const LISTED_VALUES = 24;

const FORMAT_NAMES: Record<string, string> = {
  email: 'a valid email address',
  url: 'a valid URL',
  uuid: 'a valid UUID',
  guid: 'a valid GUID',
  datetime: 'a valid ISO 8601 date-time, e.g. 2026-11-24T10:15:00Z',
  date: 'a valid date (YYYY-MM-DD)',
  time: 'a valid time (HH:MM:SS)',
  duration: 'a valid ISO 8601 duration',
  ipv4: 'a valid IPv4 address',
  ipv6: 'a valid IPv6 address',
  e164: 'a valid phone number in international format, e.g. +27821234567',
  base64: 'valid base64',
  base64url: 'valid base64url',
  json_string: 'valid JSON',
  emoji: 'an emoji',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  tuple: 'a list',
  record: 'an object',
  date: 'a date',
  null: 'null',
};

/** How the length or size of an origin is counted: a string has characters, a list items. */
const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

/** A field named by its API path (`items.0.sku`); the whole input is the request. */
export const issueFieldLabel = (path: readonly PropertyKey[] | undefined) =>
  path && path.length > 0 ? path.map(String).join('.') : 'request';

/** Whether a message already names its field ('data.total must be a number', 'tags.abc: …'): no prefix then. */
export const namesField = (message: string, field: string) =>
  message.startsWith(`${field} `) || message.startsWith(`${field}:`);

const subjectOf = (path: readonly PropertyKey[] | undefined) =>
  path && path.length > 0 ? issueFieldLabel(path) : 'The request';

const oneOf = (values: readonly unknown[]) => {
  if (values.length === 1) return `must be ${String(values[0])}`;
  const listed = values.slice(0, LISTED_VALUES).map(String).join(', ');
  const more = values.length - LISTED_VALUES;
  return `must be one of: ${listed}${more > 0 ? ` (and ${more} more)` : ''}`;
};

/** How a number is written: as is for the API ('2000'), grouped for a person ('2,000'). */
type TNumberText = (value: number | bigint) => string;
const asIs: TNumberText = (value) => String(value);
const grouped: TNumberText = (value) => value.toLocaleString('en-US');

/** A limit as said: '64 characters', '1 item', '100', a date in ISO 8601. */
const bound = (origin: string, limit: number | bigint | Date, number: TNumberText) => {
  if (origin === 'date') return new Date(limit instanceof Date ? limit : Number(limit)).toISOString();
  if (limit instanceof Date) return limit.toISOString();
  const unit = UNITS[origin];
  return unit ? `${number(limit)} ${Number(limit) === 1 ? unit[0] : unit[1]}` : number(limit);
};

const sizeMessage = (issue: TRawIssue & { code: 'too_big' | 'too_small' }, number: TNumberText) => {
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  const value = bound(issue.origin, limit, number);
  const countable = issue.origin in UNITS;
  // 'code must be at most 64 characters', 'events must have at most 500 items'
  const have = countable && issue.origin !== 'string' ? 'have' : 'be';
  if (issue.exact) return `must ${have} exactly ${value}`;
  if (
    !big &&
    issue.inclusive &&
    Number(limit) === 1 &&
    (issue.origin === 'string' || issue.origin === 'array')
  )
    return 'must not be empty';
  if (issue.origin === 'date') return `must be ${big ? 'on or before' : 'on or after'} ${value}`;
  if (issue.inclusive === false) {
    if (countable) return `must have ${big ? 'fewer' : 'more'} than ${value}`;
    return `must be ${big ? 'less' : 'greater'} than ${value}`;
  }
  return `must ${have} at ${big ? 'most' : 'least'} ${value}`;
};

const formatMessage = (issue: TRawIssue & { code: 'invalid_format' }) => {
  const detail = issue as { prefix?: string; suffix?: string; includes?: string };
  switch (issue.format) {
    case 'starts_with':
      return `must start with "${detail.prefix}"`;
    case 'ends_with':
      return `must end with "${detail.suffix}"`;
    case 'includes':
      return `must contain "${detail.includes}"`;
    case 'lowercase':
      return 'must be in lower case';
    case 'uppercase':
      return 'must be in upper case';
    case 'regex':
      return 'is not in the expected format';
    default: {
      const name = FORMAT_NAMES[issue.format];
      return `is not ${name ?? `a valid ${issue.format}`}`;
    }
  }
};

/** zod's own English texts, for the issues with no plainer wording here. */
const zodText = z.locales.en();

/** What an issue says without the field, or undefined where zod's own text is kept. */
const predicate = (issue: TRawIssue, number: TNumberText = asIs): string | undefined => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      const type = TYPE_NAMES[issue.expected];
      return type ? `must be ${type}` : undefined;
    }
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue, number);
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_format':
      return formatMessage(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${number(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
    case 'invalid_union': {
      // A discriminated union names its discriminator's values; zod 4 gives them as `options`.
      const options = (issue as { options?: readonly unknown[] }).options;
      return issue.discriminator && options?.length ? oneOf(options) : 'is not valid';
    }
    case 'custom':
      return 'is not valid';
    default:
      return undefined;
  }
};

/**
 * The plain message for an issue whose schema gave none (zod's defaults read 'Too big: expected string to have
 * <=64 characters'): it names the field by its path, e.g. 'customer is required', 'amount must be a number'.
 */
export const plainIssueMessage = (issue: TRawIssue): string => {
  const path = issue.path as readonly PropertyKey[] | undefined;
  const said = predicate(issue);
  if (said) return `${subjectOf(path)} ${said}`;
  const localeText = zodText.localeError(issue);
  const text = (typeof localeText === 'string' ? localeText : localeText?.message) ?? 'Invalid input';
  return path && path.length > 0 ? `${issueFieldLabel(path)}: ${text}` : text;
};

/**
 * Makes `plainIssueMessage` the process's fallback: zod asks it only when neither the schema nor the parse call
 * gave a message, so the spec's own messages ('Name is required.') are never replaced.
 */
export const installPlainIssueMessages = () => {
  z.config({ customError: plainIssueMessage });
};

/**
 * A schema's own message for a value that is missing or of the wrong type only: given as `{ error }` to the schema,
 * zod would otherwise also use it for the schema's checks that have no message of their own (a `.max(200)` said
 * 'id is required'). Those then keep theirs: the plain message in the API, the form's (`formIssueMessage`) in the
 * console.
 */
/** Words of an API field name a person writes otherwise than as a capitalised word: 'image_url' is 'Image URL'. */
const FORM_WORDS: Record<string, string> = {
  url: 'URL',
  urls: 'URLs',
  id: 'ID',
  ids: 'IDs',
  api: 'API',
  sku: 'SKU',
  vat: 'VAT',
  iban: 'IBAN',
  bic: 'BIC',
  utc: 'UTC',
};

/**
 * A field as a form names it: its last named part in words ('coupon.valid_days' is 'Valid days',
 * 'objectives.0.rewards.1.amount' is 'Amount'), as a form shows a message under its field or in a list of them.
 */
export const formFieldLabel = (path: readonly PropertyKey[] | undefined) => {
  const name = [...(path ?? [])].reverse().find((part) => typeof part === 'string' && !/^\d+$/.test(part));
  if (typeof name !== 'string' || name === '') return undefined;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => FORM_WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
};

/** A form's names for fields whose API names read otherwise: `{ 'cost.amount': 'Cost' }` (list indexes left out). */
export type TFormFieldLabels = Readonly<Record<string, string>>;

const labelIn = (labels: TFormFieldLabels, path: readonly PropertyKey[] | undefined) => {
  const named = (path ?? []).map(String).filter((part) => !/^\d+$/.test(part));
  return labels[named.join('.')] ?? labels[named.at(-1) ?? ''];
};

/**
 * The message a console form shows for an issue whose schema gave none, as a sentence naming the field:
 * 'Name must be at most 200 characters.', 'Amount must be a number.', 'Valid days must be a whole number.'; by the
 * form's own name for it where `labels` gives one. Never zod's own English ('Too big: expected string to have
 * <=200 characters'): what has no plainer wording here says the field is not valid.
 */
export const formIssueMessage = (issue: TRawIssue, labels: TFormFieldLabels = {}): string => {
  const path = issue.path as readonly PropertyKey[] | undefined;
  const label = labelIn(labels, path) ?? formFieldLabel(path);
  const said = predicate(issue, grouped) ?? 'is not valid';
  return `${label ?? 'This value'} ${said}.`;
};

/**
 * `formIssueMessage` with a form's names for its fields, given to a parse (`schema.safeParse(body, { error })`):
 * zod asks a parse's map, as the global one, only when the schema gave no message of its own.
 */
export const formIssueMessages =
  (labels: TFormFieldLabels) =>
  (issue: TRawIssue): string =>
    formIssueMessage(issue, labels);

/** Like `whenMissing`, but a value of the wrong type is told so ('must be a number'), not that it is missing. */
export const missingOrWrongType =
  (missing: string, wrongType: string) =>
  (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined || issue.input === null ? missing : wrongType;
  };

/**
 * Makes `formIssueMessage` the console's fallback, as `installPlainIssueMessages` does the API's: zod asks it only
 * when neither the schema nor the parse call gave a message, so the spec's own messages are shown as they are.
 */
export const installFormIssueMessages = () => {
  z.config({ customError: (issue) => formIssueMessage(issue) });
};

export const whenMissing =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;
