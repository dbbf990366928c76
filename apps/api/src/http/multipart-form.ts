import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export type UploadedFile = { bytes: Buffer; fileName: string };
export type MultipartForm = { fields: Record<string, string>; file: UploadedFile | null };

/** What each route answers to the limits the multipart plugin enforces (5 MiB, one file). */
export type MultipartAnswers = { tooLarge: () => HttpError; oneFileOnly: () => HttpError };

// The parser's (busboy's, with its dicer and streamsearch) own words for a body it cannot read, and what they
// mean to the sender. Only these, and the request stream breaking off, are the sender's problem.
const PARSER_PROBLEMS: [RegExp, string][] = [
  [/^Multipart: Boundary not found$|^Boundary required$/i, 'the Content-Type header names no boundary'],
  [
    /unexpected end of multipart data$/i,
    'it ends before its closing boundary (cut short, or its boundary is not the one the Content-Type names)',
  ],
  [/^The needle /i, 'the boundary in the Content-Type header is empty or too long'],
  [
    /^Unsupported Content-Type\.$|^Missing Content-Type-header\.$/i,
    'the Content-Type header is not multipart',
  ],
];
// The request stream ending before the body did (the sender went away or cut the upload).
const STREAM_BROKEN = new Set(['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE']);

const malformed = (reason: string) => new HttpError(400, `Malformed multipart body: ${reason}.`);

/** The 400 for a parser or request-stream failure, named plainly; null for anything else (a fault of ours). */
const malformedBecause = (error: unknown) => {
  if (!(error instanceof Error)) return null;
  const known = PARSER_PROBLEMS.find(([pattern]) => pattern.test(error.message));
  if (known) return malformed(known[1]);
  const code = (error as { code?: unknown }).code;
  if ((typeof code === 'string' && STREAM_BROKEN.has(code)) || error.message === 'aborted')
    return malformed('the request ended before the body did');
  return null;
};

/**
 * Reads a whole `multipart/form-data` request: its text fields and its first file, held in memory (the plugin
 * caps it at 5 MiB). Every way the body can be unreadable is a 400, and nothing is kept of it.
 */
export const readMultipartForm = async (
  request: FastifyRequest,
  answers: MultipartAnswers,
): Promise<MultipartForm> => {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    // Fields may come before or after the file, so every part is read.
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw answers.tooLarge();
      file ??= { bytes, fileName: part.filename };
    }
  } catch (error) {
    throw multipartError(error, answers);
  }
  return { fields, file };
};

/**
 * What to throw for an error met while reading a multipart body (here, or by a route that streams its file):
 * the route's answers to the plugin's limits, a 400 for an unreadable body, anything else as it is.
 */
export const multipartError = (error: unknown, answers: MultipartAnswers): unknown => {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return answers.tooLarge();
  if (code === 'FST_FILES_LIMIT') return answers.oneFileOnly();
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return malformed('a field declared as JSON is not valid JSON');
  // The plugin's other limits and checks carry their own 4xx status, which the error handler keeps.
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  // Anything else is not the body's fault: it stays a 500, logged by the error handler.
  return malformedBecause(error) ?? error;
};
