import type { TFieldError } from '@laurel/contract';

/** A failure the client caused or should know about: its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly content: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A body in a content type the route does not read (not JSON where JSON is expected). */
export const UNSUPPORTED_MEDIA_TYPE = 'This content type is not supported.';
/** Text PostgreSQL cannot store or would store altered: a NUL, bytes that are not UTF-8, half a surrogate pair. */
export const UNSTORABLE_TEXT = 'The request contains characters or values that cannot be stored.';
/** Valid JSON that names a prototype key: refused, but not called invalid JSON, which would send people looking for a syntax error. */
export const PROTOTYPE_KEY = "The request body may not use the keys '__proto__' or 'constructor.prototype'.";

export const badRequest = (errors: TFieldError[]) =>
  new HttpError(400, errors[0]?.message ?? 'The request is not valid.', { errors });
export const unauthorized = (message = 'Your session has ended. Please sign in again.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not possess the permission needed for this action.') =>
  new HttpError(403, message);
export const notFound = (message = 'The requested record could not be found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests. Please try again later.',
) => new HttpError(429, message, null, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
