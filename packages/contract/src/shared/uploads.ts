import { z } from 'zod';

/** Upload `type`; only images are uploaded from the console. */
export const ZUploadType = z.enum(['IMAGE']);
export type TUploadType = z.infer<typeof ZUploadType>;

/** Upload `category` per caller (spec 2 §7, spec 3 §7). */
export const ZUploadCategory = z.enum([
  'challenge_image',
  'badge_icon',
  'milestone_images',
  'currency_icon',
  'product_image',
  'subscription_image',
  'reward_image',
]);
export type TUploadCategory = z.infer<typeof ZUploadCategory>;
export const UPLOAD_CATEGORIES = ZUploadCategory.options;

/** Images accepted by the file boxes: PNG, JPEG and SVG (DESIGN §9). */
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.svg'] as const;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type TImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

export const hasImageExtension = (fileName: string) => {
  const lower = fileName.toLowerCase();
  return IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
};
