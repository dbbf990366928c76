import type { FastifyBaseLogger } from 'fastify';
import { type Clock, clockStartingAt } from './clock';
import type { TConfig } from './config';
import type { Database } from './db/database';
import { primaryReads, type ReadSide } from './db/read-side';
import { createEngine, ENGINE_STEPS, type Engine, engineTasks } from './engine';
import { createQueueUpkeepTask } from './engine/core/queue-upkeep';
import { createEventLogTask } from './engine/events/event-partitions';
import { type AuthCache, createAuthCache } from './http/auth/auth-cache';
import { createTokenService, type TokenService } from './http/auth/tokens';
import { createMetrics, type Metrics } from './metrics/metrics';
import { createCustomerImportTask } from './modules/customers';
import { createWebhookDispatcher, type WebhookDispatcher } from './modules/webhooks/dispatcher';
import { type BillingProvider, billingProviderFor } from './providers/billing';
import { type MailProvider, mailProviderFor } from './providers/mail';
import { type MediaProvider, mediaProviderFor } from './providers/media';
import { type PlacesProvider, placesProviderFor } from './providers/places';

/** What every module's routes and services are built from: the composition root fills it once. */
export type AppContext = {
  config: TConfig;
  database: Database;
  /** Where lagging reads go (reports, exports, dashboard, segment players, event log): a replica or the primary. */
  reads: ReadSide;
  log: FastifyBaseLogger;
  /** The business clock (CLOCK_START shifts it in tests and demos): year-ends, reviews, expiries read it. */
  clock: Clock;
  tokens: TokenService;
  /** Session users and API keys as the auth guard last read them; services report their changes to it. */
  authCache: AuthCache;
  mail: MailProvider;
  billing: BillingProvider;
  places: PlacesProvider;
  media: MediaProvider;
  /** The event processor; started by the server when it runs in-process, driven by `drain()` in tests. */
  engine: Engine;
  /** The operator's Prometheus metrics of this app instance (src/metrics). */
  metrics: Metrics;
  /** Sends the webhook outbox; started beside the engine, driven by `drain()` in tests. */
  webhooks: WebhookDispatcher;
};

export const createAppContext = (input: {
  config: TConfig;
  database: Database;
  /** READ_DATABASE_URL's replica; the primary when absent. */
  reads?: ReadSide;
  jwtSecret: string;
  log: FastifyBaseLogger;
  billing?: BillingProvider;
}): AppContext => {
  const clock = clockStartingAt(input.config.clockStart);
  const metrics = createMetrics({ database: input.database, collectProcess: input.config.metrics.enabled });
  const mail = mailProviderFor(input.config.mail, { db: input.database.db, log: input.log });
  const engine = createEngine({
    database: input.database,
    steps: ENGINE_STEPS,
    tasks: [
      ...engineTasks(clock),
      createCustomerImportTask(input.log, input.config.imports),
      createEventLogTask({ retentionDays: input.config.engine.eventRetentionDays, log: input.log }),
      createQueueUpkeepTask({ mode: input.config.engine.vacuum, log: input.log, tables: ['event_queue'] }),
    ],
    log: input.log,
    batchSize: input.config.engine.batchSize,
    idlePollMs: input.config.engine.idlePollMs,
    onSettled: metrics.countSettled,
  });
  return {
    config: input.config,
    database: input.database,
    reads: input.reads ?? primaryReads(input.database),
    log: input.log,
    clock,
    tokens: createTokenService(input.jwtSecret),
    authCache: createAuthCache(),
    mail,
    billing: input.billing ?? billingProviderFor(input.config),
    places: placesProviderFor(input.config),
    media: mediaProviderFor(input.config),
    engine,
    metrics,
    webhooks: createWebhookDispatcher({
      database: input.database,
      config: input.config,
      log: input.log,
      mail,
      yieldTo: engine.backlogged,
      onResults: metrics.countWebhooks,
      upkeep: createQueueUpkeepTask({
        mode: input.config.engine.vacuum,
        log: input.log,
        tables: ['webhook_queue'],
      }),
    }),
  };
};
