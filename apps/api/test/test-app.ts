import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TPlan } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app';
import { type AppContext, createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import type { BillingProvider } from '../src/providers/billing';
import { callAs, createApiKey, createBranch, createClientAndSignIn } from './factories';
import { installResponseContract } from './response-contract';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
};

/** One app over one fresh database, driven through `app.inject()`. */
export const createTestApp = async (
  options: BuildOptions & { billing?: BillingProvider; env?: Record<string, string> } = {},
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', ...options.env });
  const database = await createTestDatabase();
  const ctx = createAppContext({
    config,
    database,
    jwtSecret: 'test-secret-that-is-long-enough-0123456789',
    log: createLogger('silent'),
    ...(options.billing ? { billing: options.billing } : {}),
  });
  const app = await buildApp(ctx, { webDistDir: options.webDistDir ?? null });
  installResponseContract(app);
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** For files that send hundreds of requests within a minute from one address and one key. */
export const NO_RATE_LIMITS = { RATE_LIMIT_IP_PER_MINUTE: '1000000', RATE_LIMIT_TOKEN_PER_MINUTE: '1000000' };

/**
 * Where most API test files start: an app, a business on `plan` with its admin signed in, a live API key of it,
 * its `branches` (ids by display name) and `call`, a request as the admin.
 */
export const createClientApp = async <B extends string = never>(
  plan: TPlan,
  options: { env?: Record<string, string>; branches?: readonly B[] } = {},
) => {
  const t = await createTestApp(options.env ? { env: options.env } : {});
  const admin = await createClientAndSignIn(t.app, { plan });
  const key = (await createApiKey(t.app, admin)).key;
  const branchIds = {} as Record<B, string>;
  for (const name of options.branches ?? [])
    branchIds[name] = (await createBranch(t.app, admin, { display_name: name }))._id;
  return { t, admin, key, branchIds, call: callAs(t.app, admin) };
};
