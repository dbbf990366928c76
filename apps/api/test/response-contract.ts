import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { documentPath, isDocumented, type OpenApiDocument } from '../src/openapi/document';

/**
 * The contract check: every answer a test receives through `app.inject()` is held against the OpenAPI document
 * the app serves. Its status must be one the operation lists, and a JSON body must match that response's
 * schema. A mismatch is recorded here and fails the test that received it (see response-contract-setup.ts).
 */
const violations: string[] = [];
export const takeViolations = () => violations.splice(0);

type Checker = { ajv: Ajv2020; defs: Record<string, unknown>; validators: Map<string, ValidateFunction> };
const checkers = new WeakMap<OpenApiDocument, Checker>();
const LOCAL_REF = /"#\/components\/schemas\//g;

const checkerFor = (doc: OpenApiDocument): Checker => {
  let checker = checkers.get(doc);
  if (!checker) {
    // OpenAPI-only keywords (`example`, `format: binary`) are annotations here.
    const ajv = new Ajv2020({
      strict: false,
      logger: false,
      validateSchema: false,
      code: { optimize: false },
    });
    addFormats.default(ajv);
    ajv.addFormat('binary', true);
    const defs = JSON.parse(JSON.stringify(doc.components.schemas ?? {}).replace(LOCAL_REF, '"#/$defs/'));
    checker = { ajv, defs, validators: new Map() };
    checkers.set(doc, checker);
  }
  return checker;
};

/** One response schema compiled on its own (with the document's shared schemas as $defs): fast to compile. */
const validatorFor = (doc: OpenApiDocument, key: string, schema: unknown) => {
  const checker = checkerFor(doc);
  let validate = checker.validators.get(key);
  if (!validate) {
    const own = JSON.parse(JSON.stringify(schema ?? {}).replace(LOCAL_REF, '"#/$defs/'));
    validate = checker.ajv.compile({ ...own, $defs: checker.defs });
    checker.validators.set(key, validate);
  }
  return validate;
};

export type ReceivedResponse = {
  method: string;
  /** The route's URL pattern, e.g. `/api/v2/client/:id`. */
  url: string;
  status: number;
  contentType: string;
  /** `br`, `gzip` or `deflate` when the compression hook ran before this check. */
  contentEncoding?: string;
  payload: unknown;
};

const decoded = (payload: string | Buffer, encoding = '') => {
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'gzip') return gunzipSync(bytes);
  if (encoding === 'deflate') return inflateSync(bytes);
  return bytes;
};

type Listed = { $ref?: string; content?: Record<string, { schema?: unknown }> };

/** What is wrong with one answer against the document, or null. */
export const checkResponse = (doc: OpenApiDocument, received: ReceivedResponse): string | null => {
  const where = `${received.method} ${received.url}`;
  const method = received.method.toLowerCase();
  const operation = doc.paths[documentPath(received.url)]?.[method];
  if (!operation) return `${where} is not in the OpenAPI document`;
  // A 5xx is a failure of its own, which the test asserting a status reports better.
  if (received.status >= 500) return null;
  const status = String(received.status);
  const listed = operation.responses[status] as Listed | undefined;
  const body = String(received.payload).slice(0, 300);
  if (!listed) {
    return `${where} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')}): ${body}`;
  }
  const shared = listed.$ref?.split('/').pop();
  const response = shared ? (doc.components.responses as Record<string, Listed>)[shared] : listed;
  const type = received.contentType.split(';')[0]?.trim() ?? '';
  const media = response?.content?.[type];
  if (!media) {
    const types = Object.keys(response?.content ?? {}).join(', ') || 'no body';
    return `${where} answered ${status} as '${type}', which the document does not list for it (${types})`;
  }
  const { payload } = received;
  if (type !== 'application/json' || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return null;
  const key = shared ?? `${method} ${received.url} ${status}`;
  const validate = validatorFor(doc, `${key} ${type}`, media.schema);
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoded(payload, received.contentEncoding).toString('utf8'));
  } catch {
    return `${where} ${status}: the body is not JSON although its content type says so: ${body}`;
  }
  if (validate(parsed)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(body)'} ${error.message}`)
    .join('; ');
  return `${where} ${status}: the body does not match the document: ${errors}: ${body}`;
};

/** The document global-setup built once for the whole run (null outside Vitest's runner). */
let sharedDocument: OpenApiDocument | null | undefined;
const providedDocument = () => {
  if (sharedDocument === undefined) {
    const file = inject('openapiDocumentPath');
    sharedDocument = file ? (JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument) : null;
  }
  return sharedDocument;
};

export const installResponseContract = (app: FastifyInstance) => {
  let own: OpenApiDocument | undefined;
  // The shared document when it has the operation; this app's own (built on demand) for routes only it has.
  const documentFor = (url: string, method: string) => {
    const shared = providedDocument();
    if (shared?.paths[documentPath(url)]?.[method.toLowerCase()]) return shared;
    own ??= app.swagger() as unknown as OpenApiDocument;
    return own;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || !request.routeOptions.config?.permission || !isDocumented({ url })) return payload;
    const violation = checkResponse(documentFor(url, request.method), {
      method: request.method,
      url,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      contentEncoding: String(reply.getHeader('content-encoding') ?? ''),
      payload,
    });
    if (violation) violations.push(violation);
    return payload;
  });
};
