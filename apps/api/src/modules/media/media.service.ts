import { createHash } from 'node:crypto';
import {
  type TImageMimeType,
  type TUploadResult,
  UPLOAD_MESSAGES,
  ZUploadCategory,
  ZUploadType,
} from '@laurel/contract';
import { z } from 'zod';
import { badRequest, HttpError } from '../../http/errors';
import type { MediaProvider } from '../../providers/media';
import { inspectSvg } from './svg-check';

export type ImageKind = { contentType: TImageMimeType; extension: 'png' | 'jpg' | 'svg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

export const fileRequired = () => badRequest([{ field: 'file', message: UPLOAD_MESSAGES.fileRequired }]);
export const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge);
const notAnImage = () => new HttpError(415, UPLOAD_MESSAGES.notAnImage);

/** What the bytes are, whatever the name says: PNG and JPEG by signature, SVG by reading it as XML. */
export const imageKindOf = (bytes: Buffer): ImageKind => {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) {
    return { contentType: 'image/jpeg', extension: 'jpg' };
  }
  const verdict = inspectSvg(bytes);
  if (verdict === 'unsafe') throw badRequest([{ field: 'file', message: UPLOAD_MESSAGES.unsafeSvg }]);
  if (verdict === 'not-svg') throw notAnImage();
  return { contentType: 'image/svg+xml', extension: 'svg' };
};

/**
 * The uploader's name, only to echo back: its last path segment, letters, digits and a little punctuation,
 * with the extension of what the file really is.
 */
export const displayName = (uploaded: string, kind: ImageKind) => {
  const base = uploaded.split(/[/\\]/).pop() ?? '';
  const stem = base
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .slice(0, 100);
  const keepsJpeg = kind.extension === 'jpg' && /\.jpeg$/i.test(base);
  return `${stem || 'image'}.${keepsJpeg ? 'jpeg' : kind.extension}`;
};

const ZUploadFields = z.object({
  name: z.string().max(255).optional(),
  description: z.string().max(2000).optional(),
  type: ZUploadType.optional(),
  category: ZUploadCategory.optional(),
});

/** The form fields beside the file: optional, but when sent they must be what the spec allows. */
export const checkUploadFields = (fields: Record<string, string>) => {
  const parsed = ZUploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw badRequest(
    parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? 'request'),
      message: issue.message,
    })),
  );
};

/** Checks one uploaded file and stores it under the client, named by its content's SHA-256. */
export const storeImage = async (
  media: MediaProvider,
  input: { clientId: string; bytes: Buffer; fileName: string },
): Promise<TUploadResult> => {
  if (input.bytes.length === 0) throw fileRequired();
  const kind = imageKindOf(input.bytes);
  const etag = createHash('sha256').update(input.bytes).digest('hex');
  const { location } = await media.put({
    key: `${input.clientId}/${etag}.${kind.extension}`,
    body: input.bytes,
    contentType: kind.contentType,
  });
  return {
    location,
    etag,
    file_name: displayName(input.fileName, kind),
    content_type: kind.contentType,
    size: input.bytes.length,
  };
};
