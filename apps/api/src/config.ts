import path from 'node:path';
import { namesField } from '@laurel/contract';
import { z } from 'zod';

/** Where 'Bugs & Feedback' goes when BUGS_URL is not set. */
export const DEFAULT_BUGS_URL =
  'mailto:support@laurel.dev?subject=Laurel%20console%3A%20bugs%20and%20feedback';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const absoluteHttpUrl = (example: string) =>
  optionalString.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
    message: `must be an absolute http(s) URL such as ${example}`,
  });

const ZConfig = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be a postgres:// or postgresql:// connection URL',
    }),
    // Days finished events are kept (whole months are dropped); unset: kept for good (docs/operations.md).
    EVENT_RETENTION_DAYS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ message: 'must be a whole number of days' })
        .int('must be a whole number of days')
        .min(31, 'must be at least 31 (whole months are dropped)')
        .optional(),
    ),
    // Connections each process may open to PostgreSQL (and as many again to READ_DATABASE_URL): the budget an
    // operator divides max_connections by (docs/deployment.md).
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 500')
      .max(500, 'must be between 1 and 500')
      .default(10),
    // Reports, exports, the dashboard, segment player lists and the event log read here when set (a streaming
    // replica of DATABASE_URL); writes never do.
    READ_DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      { message: 'must be a postgres:// or postgresql:// connection URL' },
    ),
    PUBLIC_URL: optionalString.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
      message: 'must be an absolute http(s) URL such as https://laurel.example.com',
    }),
    JWT_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters long',
    }),
    DEMO: z.enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" }).default('1'),
    SMTP_URL: optionalString.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      message: 'must be an smtp:// or smtps:// URL',
    }),
    MAIL_FROM: optionalString,
    STRIPE_SECRET_KEY: optionalString.refine((value) => value === undefined || /^(sk|rk)_/.test(value), {
      message: 'must be a Stripe secret key (sk_… or rk_…)',
    }),
    STRIPE_WEBHOOK_SECRET: optionalString.refine(
      (value) => value === undefined || value.startsWith('whsec_'),
      {
        message: 'must be a Stripe webhook signing secret (whsec_…)',
      },
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_PRICING_TABLE_ID: optionalString,
    TERMS_FILE: optionalString,
    GOOGLE_PLACES_KEY: optionalString,
    WEB_DIST_DIR: optionalString,
    MAIL_OUTBOX_API: z.enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" }).default('0'),
    BRANDING_FILE: optionalString,
    BUGS_URL: optionalString,
    RATE_LIMIT_IP_PER_MINUTE: z.coerce
      .number({ message: 'must be a whole number' })
      .int()
      .min(1)
      .default(300),
    RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce
      .number({ message: 'must be a whole number' })
      .int()
      .min(1)
      .default(1200),
    RATE_LIMIT_PLACES_PER_MINUTE: z.coerce
      .number({ message: 'must be a whole number' })
      .int()
      .min(1)
      .default(30),
    RATE_LIMIT_EMAIL_FAILURES: z.coerce.number({ message: 'must be a whole number' }).int().min(1).default(5),
    RATE_LIMIT_EMAIL_WINDOW_MINUTES: z.coerce
      .number({ message: 'must be a whole number' })
      .int()
      .min(1)
      .default(15),
    TRUST_PROXY: z.enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" }).default('0'),
    ENGINE_IN_PROCESS: z.enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" }).default('1'),
    ENGINE_BATCH_SIZE: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 5000')
      .max(5000, 'must be between 1 and 5000')
      .default(500),
    // Customer imports (issue 24): rows per transaction (default 5,000 on PostgreSQL, 1,000 on PGlite, whose chunks
    // hold the server's only thread) and how long a dead worker's run is held before another worker resumes it.
    IMPORT_CHUNK_ROWS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ message: 'must be a whole number' })
        .int('must be a whole number')
        .min(100, 'must be between 100 and 50000')
        .max(50_000, 'must be between 100 and 50000')
        .optional(),
    ),
    IMPORT_LEASE_SECONDS: z.coerce
      .number({ message: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(5, 'must be at least 5')
      .default(30),
    // auto: the worker vacuums its queue tables where no autovacuum runs (PGlite, or autovacuum off); off: never.
    ENGINE_VACUUM: z.enum(['auto', 'off'], { message: "must be 'auto' or 'off'" }).default('auto'),
    // An idle worker is woken by new work; this is only how often it looks anyway (a lost wake-up).
    ENGINE_IDLE_POLL_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .default(30_000),
    S3_BUCKET: optionalString.refine(
      (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
      { message: 'must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)' },
    ),
    S3_REGION: optionalString,
    S3_ENDPOINT: absoluteHttpUrl('https://s3.example.com'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: absoluteHttpUrl('https://media.example.com'),
    // A test and demo aid (README): an instant with its zone, so the clock means the same on every machine.
    CLOCK_START: optionalString.refine(
      (value) =>
        value === undefined ||
        (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
          Number.isFinite(Date.parse(value))),
      { message: 'must be an ISO 8601 instant with its time zone, such as 2026-12-31T23:59:30Z' },
    ),
    // The operator's Prometheus metrics (docs/operations.md): a bearer token for GET /metrics, and/or a listener.
    METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, {
      message: 'must be at least 16 characters long',
    }),
    METRICS_PORT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ message: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be between 1 and 65535')
        .max(65535, 'must be between 1 and 65535')
        .optional(),
    ),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    // Webhooks (DESIGN §10): plain http to any host, and private addresses, are refused unless these say otherwise.
    WEBHOOK_ALLOW_HTTP: z.enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" }).default('0'),
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" })
      .default('0'),
    // Seconds between a failed delivery's tries; after the last the delivery fails and its endpoint is switched off.
    WEBHOOK_RETRY_SCHEDULE: optionalString.refine(
      (value) => value === undefined || /^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*$/.test(value),
      { message: 'must be a comma-separated list of seconds, such as 1,2,4' },
    ),
    WEBHOOK_CONCURRENCY: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 256')
      .max(256, 'must be between 1 and 256')
      .default(16),
    // How long a sender holds a claimed delivery; one that dies lets it run out and another sends it again. Longer
    // than a send's 10 s limit: a send starts only while the lease will outlast it.
    WEBHOOK_LEASE_SECONDS: z.coerce
      .number({ message: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(11, 'must be at least 11 (longer than a send’s 10 s limit)')
      .default(60),
    NODE_ENV: optionalString,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .superRefine((env, issues) => {
    if (env.READ_DATABASE_URL && !env.DATABASE_URL) {
      issues.addIssue({
        code: 'custom',
        path: ['READ_DATABASE_URL'],
        message: 'needs DATABASE_URL (a replica of the embedded database is not possible)',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      issues.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (the metrics listener is a second one)',
      });
    }
    // A shifted clock closes years and expires balances for real customers, irrevocably: never in production.
    if (env.CLOCK_START && env.NODE_ENV === 'production') {
      issues.addIssue({
        code: 'custom',
        path: ['CLOCK_START'],
        message: 'is a test and demo aid and is refused when NODE_ENV=production',
      });
    }
    if (!env.S3_BUCKET) return;
    if (!env.S3_REGION) {
      issues.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'is required when S3_BUCKET is set' });
    }
    // Both keys, or neither (the SDK's own chain: instance role, profile…); one alone is a typo.
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const [missing, given] = env.S3_ACCESS_KEY_ID
        ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
        : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
      issues.addIssue({ code: 'custom', path: [missing], message: `is required when ${given} is set` });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    readDatabaseUrl: env.READ_DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET,
    demo: env.DEMO === '1' || env.DEMO === 'true',
    logLevel: env.LOG_LEVEL,
    clockStart: env.CLOCK_START ? new Date(env.CLOCK_START) : undefined,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? 'Laurel <no-reply@laurel.local>',
      outboxApi: env.MAIL_OUTBOX_API === '1' || env.MAIL_OUTBOX_API === 'true',
    },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
            pricingTableId: env.STRIPE_PRICING_TABLE_ID ?? '',
          }
        : null,
    termsFile: env.TERMS_FILE,
    googlePlacesKey: env.GOOGLE_PLACES_KEY,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    brandingFile: env.BRANDING_FILE,
    // The spec's profile menu always has 'Bugs & Feedback': by default it writes to Laurel's support; `none` hides it.
    bugsUrl: env.BUGS_URL === 'none' ? null : (env.BUGS_URL ?? DEFAULT_BUGS_URL),
    rateLimits: {
      ipPerMinute: env.RATE_LIMIT_IP_PER_MINUTE,
      tokenPerMinute: env.RATE_LIMIT_TOKEN_PER_MINUTE,
      placesPerMinute: env.RATE_LIMIT_PLACES_PER_MINUTE,
      emailFailures: env.RATE_LIMIT_EMAIL_FAILURES,
      emailWindowMinutes: env.RATE_LIMIT_EMAIL_WINDOW_MINUTES,
    },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    media: {
      s3:
        env.S3_BUCKET && env.S3_REGION
          ? {
              bucket: env.S3_BUCKET,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
              credentials:
                env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                  : undefined,
              publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
            }
          : null,
    },
    metrics: {
      token: env.METRICS_TOKEN,
      port: env.METRICS_PORT,
      host: env.METRICS_HOST,
      /** Collected only when someone can read them: a token for /metrics or a port of their own. */
      enabled: env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined,
    },
    webhooks: {
      allowHttp: env.WEBHOOK_ALLOW_HTTP === '1' || env.WEBHOOK_ALLOW_HTTP === 'true',
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
      /** Loopback hosts take deliveries (plain http too) outside production: a developer's own receiver. */
      allowLoopback: env.NODE_ENV !== 'production',
      retrySchedule: env.WEBHOOK_RETRY_SCHEDULE?.split(',').map((part) => Number(part.trim())),
      concurrency: env.WEBHOOK_CONCURRENCY,
      leaseSeconds: env.WEBHOOK_LEASE_SECONDS,
    },
    engine: {
      inProcess: env.ENGINE_IN_PROCESS === '1' || env.ENGINE_IN_PROCESS === 'true',
      batchSize: env.ENGINE_BATCH_SIZE,
      idlePollMs: env.ENGINE_IDLE_POLL_MS,
      eventRetentionDays: env.EVENT_RETENTION_DAYS,
      vacuum: env.ENGINE_VACUUM,
    },
    imports: { chunkRows: env.IMPORT_CHUNK_ROWS, leaseSeconds: env.IMPORT_LEASE_SECONDS },
  }));

export type TConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

const SECRET_VARIABLE = /SECRET|TOKEN|PASSWORD|_KEY(_ID)?$|_URL$/;

/** Reads and validates the environment; a bad variable is named in the error. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    // Start-up errors reach logs: a secret, or a URL that may carry a password, is named but never printed.
    const shown = got === undefined || SECRET_VARIABLE.test(name) ? '' : ` (got '${got}')`;
    return `${namesField(issue.message, name) ? issue.message : `${name} ${issue.message}`}${shown}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
};

/** For the process entry points: the configuration, or the bad variable named on stderr and exit 1. */
export const loadConfigOrExit = (): TConfig => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};
