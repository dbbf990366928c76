import { createLocalMedia } from './local-media';
import type { MediaProvider } from './media-provider';
import { createS3Media, type S3MediaConfig } from './s3-media';

export type { MediaObject, MediaProvider } from './media-provider';

export const mediaProviderFor = (config: {
  dataDir: string;
  publicUrl: string;
  media: { s3: S3MediaConfig | null };
}): MediaProvider =>
  config.media.s3
    ? createS3Media(config.media.s3)
    : createLocalMedia({ dataDir: config.dataDir, publicUrl: config.publicUrl });
