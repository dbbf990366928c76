import { clockStartingAt, warnOfShiftedClock } from './clock';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/connect';
import { applyMigrations } from './db/migrate';
import { createEngine, ENGINE_STEPS, engineTasks } from './engine';
import { createQueueUpkeepTask } from './engine/core/queue-upkeep';
import { createEventLogTask } from './engine/events/event-partitions';
import { createLogger } from './logger';
import { createMetrics } from './metrics/metrics';
import { listenForMetrics } from './metrics/metrics-listener';
import { createCustomerImportTask } from './modules/customers';
import { createWebhookDispatcher } from './modules/webhooks/dispatcher';
import { mailProviderFor } from './providers/mail';

/**
 * `npm run worker`: an engine worker on its own (DESIGN §1). Several may run against one PostgreSQL: they share
 * the event queue (SKIP LOCKED) and never work on the same player at once.
 */
const main = async () => {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'DATABASE_URL must be set: a separate worker needs PostgreSQL (PGlite belongs to one process).',
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  warnOfShiftedClock(log, config.clockStart);
  // Signals are handled from the start: a stop during migrations ends the process cleanly too.
  let closing = false;
  let stopEngine: () => Promise<void> = async () => {};
  let closeDatabase: () => Promise<void> = async () => {};
  let closeMetrics: () => Promise<void> = async () => {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    await stopEngine();
    await closeMetrics();
    await closeDatabase();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const database = await openDatabase(config);
  closeDatabase = () => database.close();
  await applyMigrations(database);
  if (closing) return;
  // Each worker exposes its own engine counters, on METRICS_PORT when set (it has no other listener).
  const { port: metricsPort, host: metricsHost, token: metricsToken } = config.metrics;
  const metrics = createMetrics({ database, collectProcess: metricsPort !== undefined });
  const engine = createEngine({
    database,
    steps: ENGINE_STEPS,
    tasks: [
      ...engineTasks(clockStartingAt(config.clockStart)),
      createCustomerImportTask(log, config.imports),
      createEventLogTask({ retentionDays: config.engine.eventRetentionDays, log }),
      createQueueUpkeepTask({ mode: config.engine.vacuum, log, tables: ['event_queue'] }),
    ],
    log,
    batchSize: config.engine.batchSize,
    idlePollMs: config.engine.idlePollMs,
    onSettled: metrics.countSettled,
  });
  // The worker sends webhooks too (DESIGN §10): several workers share the outbox as they share the events.
  const webhooks = createWebhookDispatcher({
    database,
    config,
    log,
    mail: mailProviderFor(config.mail, { db: database.db, log }),
    yieldTo: engine.backlogged,
    onResults: metrics.countWebhooks,
    upkeep: createQueueUpkeepTask({ mode: config.engine.vacuum, log, tables: ['webhook_queue'] }),
  });
  stopEngine = async () => {
    await engine.stop();
    await webhooks.stop();
  };
  if (metricsPort !== undefined) {
    const listener = await listenForMetrics(metrics, {
      port: metricsPort,
      host: metricsHost,
      token: metricsToken,
      log,
    });
    closeMetrics = listener.close;
  }
  engine.start();
  await webhooks.start();
  log.info({ batchSize: config.engine.batchSize }, 'Laurel engine worker is running');
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
