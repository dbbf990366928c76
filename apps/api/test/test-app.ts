import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app';
import { type AppContext, createAppContext } from '../src/app-context';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import type { BillingProvider } from '../src/providers/billing';
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
