import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { readMultipartForm } from './multipart-form';

/** A request whose multipart parts fail with `error` when read. */
const failingWith = (error: Error) =>
  ({
    parts: async function* () {
      yield* [];
      throw error;
    },
  }) as unknown as FastifyRequest;

const answers = {
  tooLarge: () => new HttpError(413, 'too large'),
  oneFileOnly: () => new HttpError(400, 'one'),
};
const outcome = (error: Error) =>
  readMultipartForm(failingWith(error), answers).then(
    () => null,
    (caught: unknown) => caught,
  );

describe('readMultipartForm', () => {
  it("answers the parser's failures with 400 and a plain reason", async () => {
    for (const [message, reason] of [
      ['Unexpected end of multipart data', 'it ends before its closing boundary'],
      [
        'Part terminated early due to unexpected end of multipart data',
        'it ends before its closing boundary',
      ],
      ['Multipart: Boundary not found', 'the Content-Type header names no boundary'],
      [
        'The needle cannot have a length bigger than 256.',
        'the boundary in the Content-Type header is empty',
      ],
    ] as const) {
      const error = await outcome(new Error(message));
      expect(error, message).toBeInstanceOf(HttpError);
      expect(error, message).toMatchObject({ statusCode: 400 });
      expect((error as HttpError).message, message).toMatch(`Malformed multipart body: ${reason}`);
    }
  });

  it('answers a request stream that broke off with 400', async () => {
    const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    expect(await outcome(reset)).toMatchObject({
      statusCode: 400,
      message: 'Malformed multipart body: the request ended before the body did.',
    });
  });

  it('passes any other error on unchanged (a 500 the error handler logs), never as a 400 naming it', async () => {
    const ours = new Error('ENOSPC: no space left on device');
    expect(await outcome(ours)).toBe(ours);
    const typeError = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(await outcome(typeError)).toBe(typeError);
  });
});
