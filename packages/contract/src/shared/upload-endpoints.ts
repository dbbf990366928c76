import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

export const UPLOAD_MESSAGES = {
  fileRequired: 'Please choose a file to upload.',
  notAnImage: 'Only PNG, JPEG and SVG images are accepted.',
  unsafeSvg: 'This SVG contains scripts or links, which are not allowed.',
  tooLarge: 'Images may be at most 5 MB.',
  uploaded: 'File uploaded.',
} as const;

export const ZUploadResult = z.object({
  /** Absolute URL of the stored file (DESIGN §9). */
  location: z.string(),
  etag: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;

/**
 * `POST upload/upload` (spec 1 §7): multipart with `file`, `name`, `description`, `type` (IMAGE) and `category`;
 * the type is read from the content, not the name.
 */
export const uploadFile = defineEndpoint({
  method: 'POST',
  path: '/upload/upload',
  permission: 'SIGNED_IN',
  token: 'media',
  summary: 'Upload an image (PNG, JPEG or SVG, at most 5 MB); answers its absolute location and etag',
  tags: ['media'],
  upload: {
    file: 'The image: PNG, JPEG or SVG (the type is read from the content), at most 5 MB',
    fields: {
      name: 'File name to keep when the part has none',
      description: 'What the image shows',
      type: 'IMAGE',
      category: 'Where the image is used (e.g. BADGE)',
    },
  },
  response: envelopeOf(ZUploadResult),
});
