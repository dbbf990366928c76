import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import type { TEndpoint } from '@laurel/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { DeclaredRoute } from '../http/route';
import { ERROR_RESPONSES, ERROR_SCHEMAS, errorResponseRef, errorStatusesFor } from './error-responses';
import { sampleOf } from './examples';
import { operationIdFor } from './operation-ids';
import { accessText, SECURITY_SCHEMES, securityFor } from './security';
import { TAG_DESCRIPTIONS } from './tags';
import { WEBHOOK_OPERATIONS_NOTE, webhooksDocument } from './webhooks';

type Schema = Record<string, unknown>;
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Response = { description?: string; content?: Record<string, Media>; $ref?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, Media> };
  responses: Record<string, Response>;
};
export type OpenApiDocument = {
  openapi: string;
  info: Schema;
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** What Laurel posts to the client's endpoints (OpenAPI 3.1), by event type. */
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema>; responses?: Schema; securitySchemes?: Schema };
};

const JSON_TYPE = 'application/json';
const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** `/api/v2/client/:id` -> `/api/v2/client/{id}`, as @fastify/swagger writes paths. */
export const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
export const isDocumented = (route: { url: string }) =>
  route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');

const resolver = (doc: OpenApiDocument) => (ref: string) =>
  doc.components.schemas?.[ref.replace('#/components/schemas/', '')] as Schema | undefined;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;

const uploadBody = (upload: NonNullable<TEndpoint['upload']>) => {
  const properties: Record<string, Schema> = {
    file: { type: 'string', format: 'binary', description: upload.file },
  };
  for (const [name, description] of Object.entries(upload.fields ?? {})) {
    properties[name] = { type: 'string', description };
  }
  const content: Record<string, Media> = {
    'multipart/form-data': { schema: { type: 'object', required: ['file'], properties } },
  };
  for (const type of upload.rawTypes ?? []) {
    content[type] = { schema: { type: 'string', description: `The file itself as the body (${type}).` } };
  }
  return { required: true, content };
};

/** Names of the operation's inputs (path, query, top-level body fields): a record id among them may be 404. */
const inputNames = (operation: Operation, resolve: (ref: string) => Schema | undefined) => {
  const names = (operation.parameters ?? []).map((parameter) => parameter.name);
  let body = operation.requestBody?.content[JSON_TYPE]?.schema;
  if (body?.$ref) body = resolve(body.$ref as string);
  const variants = [body, ...(((body?.anyOf ?? body?.oneOf) as Schema[] | undefined) ?? [])];
  for (const variant of variants) {
    names.push(...Object.keys((variant?.properties as Schema | undefined) ?? {}));
  }
  return names;
};

/** zod writes `anyOf: [one]` for a defaulted array; the schema itself is the same and reads better. */
const collapseSingleBranches = (node: unknown) => {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  const branches = schema.anyOf as Schema[] | undefined;
  if (Array.isArray(branches) && branches.length === 1 && typeof branches[0] === 'object') {
    const [only] = branches as [Schema];
    if (Object.keys(only).every((key) => !(key in schema) || key === 'anyOf')) {
      delete schema.anyOf;
      Object.assign(schema, only);
    }
  }
  for (const child of Object.values(schema)) collapseSingleBranches(child);
};

const hasExample = (media: Media | undefined) =>
  Boolean(
    media &&
      (media.example !== undefined ||
        media.examples !== undefined ||
        (media.schema?.examples as unknown[] | undefined)?.length),
  );

/** Every integrator operation shows an example request body and answer; built from the schema if none is given. */
const addExamples = (operation: Operation, resolve: (ref: string) => Schema | undefined) => {
  const body = operation.requestBody?.content[JSON_TYPE];
  if (body && !hasExample(body)) body.example = sampleOf(body.schema, resolve);
  for (const [status, response] of Object.entries(operation.responses)) {
    const media = response.content?.[JSON_TYPE];
    if (status.startsWith('2') && media && !hasExample(media))
      media.example = sampleOf(media.schema, resolve);
  }
};

/**
 * Completes the document @fastify/swagger builds from the zod schemas with what `route()` knows of each
 * operation: its security, permission, error answers, multipart body, operationId and examples. Derived, so a new
 * route is documented in full by registering it.
 */
export const describeOperations = (
  doc: OpenApiDocument,
  routes: DeclaredRoute[],
  defaults: { bodyLimit: number },
): OpenApiDocument => {
  doc.components.schemas = { ...doc.components.schemas, ...ERROR_SCHEMAS };
  doc.components.responses = ERROR_RESPONSES;
  const resolve = resolver(doc);
  const taken = new Set<string>();
  const tags = new Set<string>();
  for (const route of routes.filter(isDocumented)) {
    const operation = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const endpoint = route.endpoint;

    let operationId = operationIdFor(endpoint, route.method, route.url);
    for (let n = 2; taken.has(operationId); n += 1)
      operationId = `${operationIdFor(endpoint, route.method, route.url)}${n}`;
    taken.add(operationId);
    operation.operationId = operationId;
    operation.security = securityFor(route.token);
    operation.tags = operation.tags?.length ? operation.tags : ['other'];
    for (const tag of operation.tags) tags.add(tag);

    if (endpoint?.upload) operation.requestBody = uploadBody(endpoint.upload);
    const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
    const limit = hasBody ? ` Bodies up to ${megabytes(route.bodyLimit ?? defaults.bodyLimit)}.` : '';
    const plan = endpoint?.planFeature ? ` The plan must include ${endpoint.planFeature}.` : '';
    operation.description = [
      operation.description,
      `${accessText(route.permission, route.token, endpoint?.openTo)}${plan}${limit}`,
      operation.tags.includes('webhooks') ? WEBHOOK_OPERATIONS_NOTE : '',
    ]
      .filter(Boolean)
      .join('\n\n');

    for (const status of route.successStatuses) {
      const response = operation.responses[String(status)];
      if (!response) continue;
      if (response.description === 'Default Response')
        response.description = SUCCESS_TEXT[status] ?? 'Success';
      // A download (CSV export) answers the file itself, not an envelope.
      if (response.content?.[JSON_TYPE]?.schema?.type === 'string') {
        response.content = { 'text/csv': { schema: { type: 'string' } } };
      }
    }
    for (const status of errorStatusesFor(route, inputNames(operation, resolve))) {
      operation.responses[String(status)] ??= errorResponseRef(status);
    }
    if (route.url.startsWith('/api/v1/')) addExamples(operation, resolve);
  }
  doc.webhooks = webhooksDocument() as unknown as OpenApiDocument['webhooks'];
  tags.add('webhooks');
  doc.tags = [...tags].sort().map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    return description ? { name, description } : { name };
  });
  collapseSingleBranches(doc.paths);
  return doc;
};

/** The @fastify/swagger options: OpenAPI 3.1 from the zod schemas, completed by `describeOperations`. */
/** OpenAPI's contact: a mailto: address is its `email` (the `url` field wants a web page). */
const contactOf = (where: string) =>
  where.startsWith('mailto:')
    ? { name: 'Support', email: decodeURIComponent(where.slice('mailto:'.length).split('?')[0] ?? '') }
    : { name: 'Support', url: where };

export const openapiOptions = (input: {
  routes: () => DeclaredRoute[];
  publicUrl: string;
  version: string;
  bodyLimit: number;
  /** BUGS_URL, where integrators report problems. */
  contactUrl?: string | null;
}): FastifyDynamicSwaggerOptions => ({
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Laurel API',
      description:
        'Loyalty, gamification and commerce platform. Integrators: the `/api/v1` operations take an API key ' +
        '(`X-Api-Key` or `Authorization: Bearer`). Every answer is an envelope `{ success, message, content }`. ' +
        'Laurel also posts signed webhooks to the endpoints a business adds (`/api/integrations/webhooks`): the ' +
        '`webhooks` section lists each event type and its body; the integrator guide (`docs/integrator-guide.md`, ' +
        'Webhooks) shows how to verify them.',
      version: input.version,
      ...(input.contactUrl ? { contact: contactOf(input.contactUrl) } : {}),
    },
    servers: [{ url: input.publicUrl, description: 'This Laurel server' }],
    components: { securitySchemes: SECURITY_SCHEMES as never },
  },
  // The document describes the API only: the console's files, media and the docs pages stay out of it.
  transform: (input) =>
    isDocumented(input) ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
  transformObject: (document) =>
    describeOperations(
      ('openapiObject' in document
        ? document.openapiObject
        : document.swaggerObject) as unknown as OpenApiDocument,
      input.routes(),
      { bodyLimit: input.bodyLimit },
    ) as unknown as ReturnType<SwaggerTransformObject>,
});
