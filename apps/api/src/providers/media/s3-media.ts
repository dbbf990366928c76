import { assertMediaKey, type MediaProvider } from './media-provider';

export type S3MediaConfig = {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2, …); addressed path-style. */
  endpoint?: string | undefined;
  /** Without them the SDK's own chain applies (instance role, profile, environment). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where the bucket is read from (a CDN or public bucket domain); else the bucket's own URL. */
  publicUrl?: string | undefined;
};

const publicBase = (config: S3MediaConfig) => {
  if (config.publicUrl) return config.publicUrl;
  if (config.endpoint) return `${config.endpoint}/${config.bucket}`;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
};

type S3Sdk = typeof import('@aws-sdk/client-s3');

export const createS3Media = (config: S3MediaConfig): MediaProvider => {
  // The SDK takes a few hundred milliseconds to load: only a server that stores media in a bucket pays for it.
  let connection: Promise<{ client: InstanceType<S3Sdk['S3Client']>; sdk: S3Sdk }> | null = null;
  const connect = () => {
    connection ??= import('@aws-sdk/client-s3').then((module) => ({
      sdk: module,
      client: new module.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // Many S3-compatible stores refuse the SDK's newer default checksum headers; TLS already guards the bytes.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }));
    return connection;
  };
  const base = publicBase(config);
  return {
    name: 's3',
    put: async ({ key, body, contentType }) => {
      assertMediaKey(key);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // The key is the content's hash: the object never changes.
          CacheControl: 'public, max-age=31536000, immutable',
          // A bucket cannot send our CSP; opened directly, an SVG is downloaded rather than rendered.
          ...(contentType === 'image/svg+xml' ? { ContentDisposition: 'attachment' } : {}),
        }),
      );
      return { location: `${base}/${key}` };
    },
  };
};
