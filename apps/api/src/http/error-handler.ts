import { installPlainIssueMessages, namesField, type TFieldError } from '@laurel/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { failure } from './envelope';
import { HttpError, UNSTORABLE_TEXT, UNSUPPORTED_MEDIA_TYPE } from './errors';

const fieldLabel = (path: string) => path.replace(/^\//, '').replace(/\//g, '.') || 'request';

/**
 * A message that says only what is wrong ('is required', 'must be at least 1': the event-data schemas', which the
 * order and basket routes share, whose field the event's own answer names) gets its field in front, as every other
 * 400 reads; a message with its own subject ('Name is required') is kept verbatim.
 */
const SUBJECTLESS = /^(?:is|are|must|has|have|cannot|should)\b/;
const withSubject = (field: string, message: string) =>
  SUBJECTLESS.test(message) && !namesField(message, field) ? `${field} ${message}` : message;

// Fastify's own codes for malformed requests, mapped to statuses and plain messages.
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty but JSON was declared.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: UNSUPPORTED_MEDIA_TYPE },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: { status: 400, message: 'The request URL is malformed.' },
  // Not Fastify's text, which repeats the whole over-long address back.
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A value in the request URL is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request could not be routed.' },
};

/** A 400 not about one field: the request as a whole is the field, so `content.errors` is there as on every 400. */
const badRequest = (reply: FastifyReply, message: string) =>
  reply.status(400).send(failure(message, { errors: [{ field: 'request', message }] }));

export const sendError = (reply: FastifyReply, error: unknown, request: FastifyRequest) => {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    if (error.statusCode === 400 && error.content === null) return badRequest(reply, error.message);
    return reply.status(error.statusCode).send(failure(error.message, error.content));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: TFieldError[] = error.validation.map((issue) => {
      // A field the body should not have is reported under its own name, not the whole request's.
      const unknown =
        issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys?.[0] : undefined;
      if (unknown) {
        const parent = fieldLabel(issue.instancePath);
        const field = parent === 'request' ? unknown : `${parent}.${unknown}`;
        return { field, message: issue.message ?? `Unknown field '${unknown}'.` };
      }
      const field = fieldLabel(issue.instancePath);
      return { field, message: withSubject(field, issue.message ?? 'is not valid') };
    });
    // One value can break several checks that share a message (an integer too large is neither whole nor in range).
    const distinct = errors.filter(
      (error, index) =>
        errors.findIndex((other) => other.field === error.field && other.message === error.message) === index,
    );
    return reply
      .status(400)
      .send(failure(distinct[0]?.message ?? 'The request is not valid.', { errors: distinct }));
  }
  // Text PostgreSQL cannot store (a NUL byte, an invalid encoding) is the client's input, not our failure.
  const pgCode =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  if (pgCode === '22021' || pgCode === '22P05' || pgCode === '22P02')
    return badRequest(reply, UNSTORABLE_TEXT);
  const fastifyError = error as Partial<FastifyError> & { status?: number };
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known)
    return known.status === 400
      ? badRequest(reply, known.message)
      : reply.status(known.status).send(failure(known.message, null));
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    if (status === 400)
      return badRequest(reply, fastifyError.message ?? 'The request could not be processed.');
    return reply
      .status(status)
      .send(failure(fastifyError.message ?? 'The request could not be processed.', null));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(failure('Something went wrong on our side. Please try again.', null));
};

export const installErrorHandling = (app: FastifyInstance) => {
  // zod's defaults ('Too big: expected string to have <=64 characters') give way to plain messages naming the field.
  installPlainIssueMessages();
  app.setErrorHandler((error, request, reply) => sendError(reply, error, request));
};
