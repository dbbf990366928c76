import v8 from 'node:v8';
import { buildApp } from './app';
import { createAppContext } from './app-context';
import { warnOfShiftedClock } from './clock';
import { loadConfigOrExit } from './config';
import { openDatabase, openReadSide } from './db/connect';
import { applyMigrations } from './db/migrate';
import { seedDemo } from './demo/seed-demo';
import { resolveJwtSecret } from './http/jwt-secret';
import { createLogger } from './logger';
import { listenForMetrics } from './metrics/metrics-listener';

// Under load V8 let the heap grow to four times what is live (about 45 MB) before a full collection, so the
// process sat near 300 MB; twice is enough, for a few percent more time in the collector (docs/performance.md).
v8.setFlagsFromString('--heap-growing-percent=100');

/** Composition root: config -> database -> migrations -> secrets -> routes -> listen. */
const main = async () => {
  const config = loadConfigOrExit();

  const database = await openDatabase(config);
  await applyMigrations(database);
  const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
  const log = createLogger(config.logLevel);
  warnOfShiftedClock(log, config.clockStart);
  const reads = await openReadSide(config, database);
  const ctx = createAppContext({ config, database, reads, jwtSecret, log });
  if (config.demo) await seedDemo(ctx);
  const app = await buildApp(ctx);
  let closeMetrics = async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await ctx.engine.stop();
      await ctx.webhooks.stop();
      await closeMetrics();
      await app.close();
      await reads.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const { port: metricsPort, host: metricsHost, token: metricsToken } = config.metrics;
  if (metricsPort !== undefined) {
    const listener = await listenForMetrics(ctx.metrics, {
      port: metricsPort,
      host: metricsHost,
      token: metricsToken,
      log,
    });
    closeMetrics = listener.close;
  }
  // PGlite belongs to this process, so its events are processed here; on PostgreSQL `npm run worker` may add more.
  if (config.engine.inProcess || database.kind === 'pglite') {
    ctx.engine.start();
    // The webhook dispatcher runs where the engine does: beside it here, or in `npm run worker`.
    await ctx.webhooks.start();
  }
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'Laurel is serving');
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
