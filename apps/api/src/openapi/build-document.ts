import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { createAppContext } from '../app-context';
import { loadConfig } from '../config';
import { openPglite } from '../db/connect';
import { createLogger } from '../logger';
import type { OpenApiDocument } from './document';

/**
 * The OpenAPI document of the app as `buildApp` registers it, built over an empty in-memory PGlite (registering
 * routes reads nothing). `env` picks optional routes, e.g. MAIL_OUTBOX_API=1 for the tests' document.
 */
export const buildOpenApiDocument = async (env: Record<string, string> = {}): Promise<OpenApiDocument> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-openapi-'));
  const database = await openPglite(undefined);
  try {
    const ctx = createAppContext({
      config: loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', ...env }),
      database,
      jwtSecret: 'openapi-document-only-0123456789abcdef',
      log: createLogger('silent'),
    });
    const app = await buildApp(ctx, { webDistDir: null });
    await app.ready();
    const doc = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    return doc;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};
