import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../src/openapi/document';
import { sampleOf } from '../src/openapi/examples';

/**
 * Wrong-shaped inputs for an operation of the served OpenAPI document, for the bad-input sweep: each one paired
 * with whether the document's own schema refuses it (Ajv), so a test can insist that those are refused.
 */
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
};
type BadInput = { what: string; value: unknown };

const LOCAL_REF = /"#\/components\/schemas\//g;

/** Validates values against schemas of the document (its shared schemas reachable as `$defs`). */
export const schemaChecker = (doc: OpenApiDocument) => {
  const ajv = new Ajv2020({ strict: false, logger: false, validateSchema: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  const defs = JSON.parse(JSON.stringify(doc.components.schemas ?? {}).replace(LOCAL_REF, '"#/$defs/'));
  const compiled = new WeakMap<object, ValidateFunction>();
  const resolve = (ref: string) =>
    doc.components.schemas?.[ref.replace('#/components/schemas/', '')] as Schema | undefined;
  return {
    resolve,
    /** True when the schema accepts the value. */
    accepts: (schema: Schema, value: unknown) => {
      let validate = compiled.get(schema);
      if (!validate) {
        const own = JSON.parse(JSON.stringify(schema).replace(LOCAL_REF, '"#/$defs/'));
        validate = ajv.compile({ ...own, $defs: defs });
        compiled.set(schema, validate);
      }
      return validate(value) as boolean;
    },
  };
};

const typesOf = (schema: Schema, resolve: (ref: string) => Schema | undefined, depth = 0): Set<string> => {
  if (depth > 8) return new Set();
  if (schema.$ref) {
    const target = resolve(schema.$ref);
    return target ? typesOf(target, resolve, depth + 1) : new Set();
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return new Set(branches.flatMap((branch) => [...typesOf(branch, resolve, depth + 1)]));
  if (schema.enum) return new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return new Set(types.map((type) => (type === 'integer' ? 'number' : type)));
};

/** A value of a type the schema does not take: a string for a number, a number for a string, and so on. */
const wrongTypeFor = (types: Set<string>): unknown => {
  if (!types.has('string')) return 'not a number';
  if (!types.has('number')) return 12345;
  if (!types.has('array')) return ['x'];
  return { x: 1 };
};

type Resolve = (ref: string) => Schema | undefined;

const own = (schema: Schema | undefined, resolve: Resolve): Schema | undefined =>
  schema?.$ref ? resolve(schema.$ref) : schema;

/** The object branch of a schema (its only shape, or the object among its alternatives). */
const objectSchemaOf = (schema: Schema | undefined, resolve: Resolve): Schema | undefined => {
  const resolved = own(schema, resolve);
  if (!resolved) return undefined;
  if (resolved.properties) return resolved;
  return (resolved.anyOf ?? resolved.oneOf)?.map((branch) => objectSchemaOf(branch, resolve)).find(Boolean);
};

/** The item schema of an array of objects. */
const objectItemsOf = (schema: Schema | undefined, resolve: Resolve): Schema | undefined => {
  const resolved = own(schema, resolve);
  const items = (resolved?.anyOf ?? resolved?.oneOf ?? [resolved]).map(
    (branch) => own(branch, resolve)?.items,
  );
  return items.map((item) => objectSchemaOf(item as Schema | undefined, resolve)).find(Boolean);
};

/** A valid-looking object with one thing wrong: a required property left out, or one of the wrong type or null. */
const objectMutations = (object: Schema, resolve: Resolve, at: string, depth: number): BadInput[] => {
  const sample = sampleOf(object, resolve) as Record<string, unknown>;
  const inputs: BadInput[] = [];
  for (const name of object.required ?? []) {
    const { [name]: _left, ...rest } = sample;
    inputs.push({ what: `no ${at}${name}`, value: rest });
  }
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    const wrong = wrongTypeFor(typesOf(property, resolve));
    inputs.push({ what: `${at}${name} = ${JSON.stringify(wrong)}`, value: { ...sample, [name]: wrong } });
    inputs.push({ what: `${at}${name} = null`, value: { ...sample, [name]: null } });
    const types = typesOf(property, resolve);
    // A number as text, an object for a list and a list for an object.
    const swapped = types.has('number')
      ? '1'
      : types.has('array')
        ? { x: 1 }
        : types.has('object')
          ? []
          : undefined;
    if (swapped !== undefined)
      inputs.push({
        what: `${at}${name} = ${JSON.stringify(swapped)}`,
        value: { ...sample, [name]: swapped },
      });
    if (depth >= 2) continue;
    // One level down: a nested object, or the first item of a list of objects, with one thing wrong.
    const nested = objectSchemaOf(property, resolve);
    if (nested) {
      for (const inner of objectMutations(nested, resolve, `${at}${name}.`, depth + 1))
        inputs.push({ what: inner.what, value: { ...sample, [name]: inner.value } });
      continue;
    }
    const items = objectItemsOf(property, resolve);
    if (items) {
      for (const inner of objectMutations(items, resolve, `${at}${name}[0].`, depth + 1))
        inputs.push({ what: inner.what, value: { ...sample, [name]: [inner.value] } });
    }
  }
  return inputs;
};

/**
 * Bodies of the wrong shape: the other JSON types in place of the whole body (an array for an object and the
 * reverse, a string, a number, null), then a valid-looking sample with one thing wrong, at the top or one level down.
 */
export const wrongBodies = (schema: Schema, resolve: Resolve): BadInput[] => {
  const inputs: BadInput[] = [
    { what: 'an array', value: [] },
    { what: 'an object', value: {} },
    { what: 'a string', value: 'text' },
    { what: 'a number', value: 42 },
    { what: 'null', value: null },
  ];
  const object = objectSchemaOf(schema, resolve);
  if (object) inputs.push(...objectMutations(object, resolve, '', 1));
  const items = objectItemsOf(schema, resolve);
  if (items) {
    for (const inner of objectMutations(items, resolve, '[0].', 2))
      inputs.push({ ...inner, value: [inner.value] });
  }
  return inputs;
};

/** A query value its declared parameter cannot take, or none when the parameter takes any text. */
export const wrongQueryValue = (schema: Schema, resolve: Resolve) => {
  const resolved = own(schema, resolve);
  if (!resolved) return undefined;
  const types = typesOf(resolved, resolve);
  if (types.has('number')) return 'not-a-number';
  if (types.has('boolean')) return 'maybe';
  const branches = resolved.anyOf ?? resolved.oneOf ?? [resolved];
  if (branches.every((branch) => branch.enum || branch.format || branch.pattern)) return '%%not-valid%%';
  return undefined;
};
