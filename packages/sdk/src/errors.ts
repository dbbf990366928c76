import type { TFieldError } from '@laurel/contract';

/**
 * Any answer but a 2xx, after the retries the client may make, or a request that never got an answer (`status` 0).
 * `message` is the envelope's message (on a 400 the first field error's); `errors` lists every field error of a 400.
 */
export class LaurelError extends Error {
  override readonly name = 'LaurelError';
  readonly status: number;
  /** The envelope's `content` (null when the answer was not an envelope). */
  readonly content: unknown;
  readonly errors: TFieldError[];
  /** The raw answer text, for an answer that was not JSON (a proxy's error page). */
  readonly body: string;

  constructor(
    message: string,
    details: { status: number; content?: unknown; body?: string; cause?: unknown } = { status: 0 },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.content = details.content ?? null;
    this.body = details.body ?? '';
    this.errors = fieldErrorsOf(details.content);
  }
}

const fieldErrorsOf = (content: unknown): TFieldError[] => {
  if (typeof content !== 'object' || content === null || !('errors' in content)) return [];
  const { errors } = content as { errors: unknown };
  return Array.isArray(errors)
    ? errors.filter(
        (error): error is TFieldError =>
          typeof error === 'object' &&
          error !== null &&
          typeof (error as TFieldError).field === 'string' &&
          typeof (error as TFieldError).message === 'string',
      )
    : [];
};
