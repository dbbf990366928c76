import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

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
    PUBLIC_URL: optionalString.refine((value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value), {
      message: 'must be an absolute http(s) URL such as https://laurel.example.com',
    }),
    JWT_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters long',
    }),
    DEMO: z.enum(['0', '1', 'true', 'false'], { message: "must be '0' or '1'" }).default('1'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET,
    demo: env.DEMO === '1' || env.DEMO === 'true',
    logLevel: env.LOG_LEVEL,
  }));

export type TConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad variable is named in the error. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => {
  const parsed = ZConfig.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    return `${name} ${issue.message}${got === undefined ? '' : ` (got '${got}')`}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
};
