/**
 * An example value built from a JSON Schema (2020-12, as zod emits it): the schema's own `examples`/`default`
 * first, else a plausible value of its type. Used where an /api/v1 operation's contract gives no example, so
 * every integrator operation shows one; the document test validates each against its schema.
 */
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  additionalProperties?: boolean | Schema;
};

const SAMPLE_ID = '5f1c2b3a4d5e6f7a8b9c0d1e';
const SAMPLE_TIME = '2026-11-24T08:30:00.000Z';

const FORMATS: Record<string, string> = {
  'date-time': SAMPLE_TIME,
  date: '2026-11-24',
  time: '08:30:00',
  email: 'ayanda@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '3f1b8c2e-6a4d-4e8f-9b1a-2c3d4e5f6a7b',
};

/** Strings for the patterns the contract uses; a pattern not listed gets a value the test would flag. */
const PATTERN_SAMPLES = [SAMPLE_ID, '4242', '2026-11-24', 'ZAR', 'A-1009', '+27821234567', 'abc123'];

const stringSample = (schema: Schema, name: string) => {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format] as string;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fit = PATTERN_SAMPLES.find((sample) => pattern.test(sample));
    if (fit) return fit;
  }
  if (/(^|_)id$/.test(name)) return SAMPLE_ID;
  if (/email/.test(name)) return FORMATS.email as string;
  if (/(_at|date)$/.test(name)) return SAMPLE_TIME;
  const base = name ? name.replace(/_/g, ' ') : 'text';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const padded = base.length < min ? base.padEnd(min, 'x') : base;
  return padded.slice(0, Math.max(min, Math.min(padded.length, max)));
};

const numberSample = (schema: Schema, integer: boolean) => {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const value = Math.max(low, Math.min(schema.maximum ?? Number.POSITIVE_INFINITY, integer ? 1 : 1.5));
  return integer ? Math.ceil(value) : value;
};

export const sampleOf = (
  schema: Schema | boolean | undefined,
  resolve: (ref: string) => Schema | undefined,
  name = '',
  depth = 0,
): unknown => {
  if (!schema || schema === true || depth > 12) return null;
  if (schema.$ref) return sampleOf(resolve(schema.$ref), resolve, name, depth + 1);
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const chosen = branches.find((branch) => branch.type !== 'null') ?? branches[0];
    return sampleOf(chosen, resolve, name, depth + 1);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, resolve, name, depth + 1)));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        result[key] = sampleOf(property, resolve, key, depth + 1);
      }
      return result;
    }
    case 'array': {
      const item = schema.items ?? schema.prefixItems?.[0];
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(item, resolve, name, depth + 1));
    }
    case 'string':
      return stringSample(schema, name);
    case 'integer':
      return numberSample(schema, true);
    case 'number':
      return numberSample(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.properties ? sampleOf({ ...schema, type: 'object' }, resolve, name, depth) : null;
  }
};
