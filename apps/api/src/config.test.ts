import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.demo).toBe(true);
    expect(config.bugsUrl).toMatch(/^mailto:support@laurel\.dev\?/);
  });

  it("sends 'Bugs & Feedback' to BUGS_URL, and hides it with BUGS_URL=none", () => {
    expect(loadConfig({ BUGS_URL: 'https://feedback.example.com/laurel' }).bugsUrl).toBe(
      'https://feedback.example.com/laurel',
    );
    expect(loadConfig({ BUGS_URL: 'none' }).bugsUrl).toBeNull();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/laurel-x',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      PUBLIC_URL: 'https://loyalty.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      DEMO: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/laurel-x',
      databaseUrl: 'postgres://u@127.0.0.1:5432/db',
      publicUrl: 'https://loyalty.example.com',
      jwtSecret: 'x'.repeat(40),
      demo: false,
    });
  });

  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT is set; the metrics listener is on loopback', () => {
    expect(loadConfig({}).metrics).toEqual({ host: '127.0.0.1', enabled: false });
    expect(loadConfig({ METRICS_PORT: '' }).metrics.enabled).toBe(false);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      enabled: true,
    });
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(32), METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      token: 't'.repeat(32),
      host: '0.0.0.0',
      enabled: true,
    });
  });

  it('stores media locally unless a bucket is set; reads the S3 settings', () => {
    expect(loadConfig({}).media.s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: 'laurel-media',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://abc.r2.cloudflarestorage.com/',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://media.example.com/',
      }).media.s3,
    ).toEqual({
      bucket: 'laurel-media',
      region: 'auto',
      endpoint: 'https://abc.r2.cloudflarestorage.com',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
      publicUrl: 'https://media.example.com',
    });
    // Without keys the SDK's own chain (an instance role) is used.
    expect(loadConfig({ S3_BUCKET: 'laurel-media', S3_REGION: 'eu-west-1' }).media.s3).toMatchObject({
      credentials: undefined,
      endpoint: undefined,
    });
  });

  it('reads CLOCK_START as an instant, with or without NODE_ENV outside production', () => {
    expect(loadConfig({}).clockStart).toBeUndefined();
    expect(loadConfig({ CLOCK_START: '2026-12-31T23:59:30Z' }).clockStart).toEqual(
      new Date(Date.UTC(2026, 11, 31, 23, 59, 30)),
    );
    expect(loadConfig({ CLOCK_START: '2027-01-01T01:00+02:00', NODE_ENV: 'test' }).clockStart).toEqual(
      new Date(Date.UTC(2026, 11, 31, 23)),
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: ' ' }).databaseUrl).toBeUndefined();
  });
});

describe('configuration errors name the bad variable', () => {
  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number \(got 'eighty'\)/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL/],
    [{ PUBLIC_URL: 'example.com' }, /PUBLIC_URL must be an absolute http\(s\) URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters long/],
    [{ DEMO: 'yes' }, /DEMO must be '0' or '1'/],
    [{ S3_BUCKET: 'Laurel_Media', S3_REGION: 'x' }, /S3_BUCKET must be a bucket name/],
    [{ S3_BUCKET: 'laurel-media' }, /S3_REGION is required when S3_BUCKET is set/],
    [
      { S3_BUCKET: 'laurel-media', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'AKID' },
      /S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set/,
    ],
    [{ S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an absolute http\(s\) URL/],
    [{ S3_PUBLIC_URL: 'cdn.example.com' }, /S3_PUBLIC_URL must be an absolute http\(s\) URL/],
    [
      { CLOCK_START: '31/12/2026 23:59' },
      /CLOCK_START must be an ISO 8601 instant with its time zone, such as 2026-12-31T23:59:30Z \(got '31\/12\/2026 23:59'\)/,
    ],
    // Without its zone the instant would depend on the machine's.
    [{ CLOCK_START: '2026-12-31T23:59:30' }, /CLOCK_START must be an ISO 8601 instant with its time zone/],
    [{ CLOCK_START: '2026-13-31T23:59:30Z' }, /CLOCK_START must be an ISO 8601 instant with its time zone/],
    [
      { CLOCK_START: '2026-12-31T23:59:30Z', NODE_ENV: 'production' },
      /CLOCK_START is a test and demo aid and is refused when NODE_ENV=production/,
    ],
    [{ METRICS_PORT: 'nine' }, /METRICS_PORT must be a whole number \(got 'nine'\)/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT must be between 1 and 65535/],
    [{ METRICS_PORT: '9000', PORT: '9000' }, /METRICS_PORT must differ from PORT/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters long$/],
    // A secret, or a URL that may carry a password, is never printed back.
    [{ JWT_SECRET: 'short-secret' }, /JWT_SECRET must be at least 32 characters long$/],
    [{ DATABASE_URL: 'mysql://app:hunter2@db' }, /connection URL$/],
  ])('%j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
