import { readFileSync } from 'node:fs';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { migrationLevel } from '../db/migrate';
import { recentResults } from '../db/recent-results';
import {
  type EngineTally,
  type QueueDepth,
  readQueueDepth,
  readWebhookBacklog,
  type WebhookBacklog,
} from '../engine';
import { API_PACKAGE_JSON } from '../paths';

const VERSION = (JSON.parse(readFileSync(API_PACKAGE_JSON, 'utf8')) as { version: string }).version;

/** Figures read from the database at scrape time are reused this long, so scrapes cannot hammer it. */
const DATABASE_FIGURES_MAX_AGE_MS = 5_000;

type DatabaseFigures = {
  queue: QueueDepth;
  webhooks: WebhookBacklog;
  migrations: { applied: number; available: number };
};

/** What a dispatcher's written results came to (see WebhookDispatcher's `onResults`). */
export type WebhookTally = { delivered: number; failed: number; gaveUp: number };

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The operator's Prometheus metrics (docs/operations.md): one registry per app (or worker) instance, never the
 * global one, so that several apps in one test process keep their own. Labels hold route patterns, methods and
 * statuses only: never an id, a path as sent, or anything of a tenant.
 *
 * `collectProcess`: Node's default process metrics (memory, CPU, event-loop lag, GC) under their usual names
 * (`process_*`, `nodejs_*`), which ready-made Node.js dashboards read; only when someone can scrape them, since
 * the event-loop monitor keeps a timer running.
 */
export const createMetrics = (input: { database: Database; collectProcess: boolean }) => {
  const { database } = input;
  const registry = new Registry();
  const registers = [registry];
  // The event-loop monitor samples every 100 ms, not prom-client's 10: 0.05% of a core idle instead of 0.4%.
  if (input.collectProcess) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });

  // One read of the queue and the migrations per scrape at most every few seconds; a failed read is an answer too
  // (the database is down), so that scrapes go on reporting the process and do not pile onto a sick database.
  const recent = recentResults<DatabaseFigures | null>({ maxAgeMs: DATABASE_FIGURES_MAX_AGE_MS });
  const figures = () =>
    recent('database', async () => {
      try {
        const [queue, webhooks, migrations] = await Promise.all([
          readQueueDepth(database),
          readWebhookBacklog(database),
          migrationLevel(database),
        ]);
        return { queue, webhooks, migrations };
      } catch {
        return null;
      }
    });
  /** A gauge read from the database at scrape time; it keeps its last value while the database is unreachable. */
  const databaseGauge = (name: string, help: string, read: (figures: DatabaseFigures) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const current = await figures();
        if (current) this.set(read(current));
      },
    });

  new Gauge({
    name: 'laurel_database_up',
    help: '1 when the last scrape could read the database, 0 when it could not.',
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'laurel_build_info',
    help: 'Always 1; the labels say which Laurel version runs on which database kind.',
    labelNames: ['version', 'database'],
    registers,
    collect() {
      this.set({ version: VERSION, database: database.kind }, 1);
    },
  });
  databaseGauge('laurel_migrations_applied', 'Database migrations applied.', (f) => f.migrations.applied);
  databaseGauge(
    'laurel_migrations_available',
    'Database migrations this version ships; more than applied means the schema is behind.',
    (f) => f.migrations.available,
  );
  databaseGauge(
    'laurel_engine_events_waiting',
    'Events stored and not yet settled by the engine (due now or waiting for a retry).',
    (f) => f.queue.waiting,
  );
  databaseGauge(
    'laurel_engine_oldest_waiting_event_age_seconds',
    'How long the longest-waiting due event has waited (since it arrived or its retry fell due); 0 if none.',
    (f) => f.queue.oldestDueSeconds,
  );
  databaseGauge(
    'laurel_webhook_deliveries_waiting',
    'Webhook deliveries of active endpoints not yet made (due now, in flight or waiting for a retry).',
    (f) => f.webhooks.waiting,
  );
  databaseGauge(
    'laurel_webhook_oldest_due_delivery_age_seconds',
    'How long the longest-waiting due webhook delivery has waited (since written or since its retry fell due); 0 if none.',
    (f) => f.webhooks.oldestDueSeconds,
  );
  new Gauge({
    name: 'laurel_db_pool_connections',
    help: 'Open database connections of this process (PGlite: always 1, in-process).',
    registers,
    collect() {
      this.set(database.pool?.totalCount ?? 1);
    },
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'laurel_db_pool_idle_connections',
      help: 'Open database connections not in use.',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'laurel_db_pool_waiting_queries',
      help: 'Queries waiting for a free database connection.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const eventsProcessed = new Counter({
    name: 'laurel_engine_events_processed_total',
    help: "Events this process's engine marked processed.",
    registers,
  });
  const eventsParked = new Counter({
    name: 'laurel_engine_events_parked_total',
    help: "Events this process's engine parked (rejected for good, or out of attempts).",
    registers,
  });

  const webhookAttempts = new Counter({
    name: 'laurel_webhook_attempts_total',
    help: "Webhook delivery attempts this process's dispatcher made, by outcome (delivered: a 2xx in time; failed).",
    labelNames: ['outcome'],
    registers,
  });
  const webhooksGivenUp = new Counter({
    name: 'laurel_webhook_deliveries_given_up_total',
    help: "Webhook deliveries this process's dispatcher gave up on (the retry schedule spent; the endpoint switched off).",
    registers,
  });

  return {
    registry,
    http: {
      requests: new Counter({
        name: 'laurel_http_requests_total',
        help: 'HTTP requests answered, by route pattern, method and status.',
        labelNames: ['route', 'method', 'status'],
        registers,
      }),
      duration: new Histogram({
        name: 'laurel_http_request_duration_seconds',
        help: 'Time from request to response, by route pattern, method and status.',
        labelNames: ['route', 'method', 'status'],
        registers,
      }),
      exports: new Counter({
        name: 'laurel_exports_total',
        help: 'CSV exports delivered, by route pattern.',
        labelNames: ['route'],
        registers,
      }),
      uploads: new Counter({
        name: 'laurel_uploads_total',
        help: 'Files accepted by the routes that take one (images, catalogue imports), by route pattern.',
        labelNames: ['route'],
        registers,
      }),
    },
    /** For the engine's `onSettled`. */
    countSettled: (tally: EngineTally) => {
      if (tally.processed > 0) eventsProcessed.inc(tally.processed);
      if (tally.parked > 0) eventsParked.inc(tally.parked);
    },
    /** For the webhook dispatcher's `onResults`. */
    countWebhooks: (tally: WebhookTally) => {
      if (tally.delivered > 0) webhookAttempts.inc({ outcome: 'delivered' }, tally.delivered);
      if (tally.failed > 0) webhookAttempts.inc({ outcome: 'failed' }, tally.failed);
      if (tally.gaveUp > 0) webhooksGivenUp.inc(tally.gaveUp);
    },
    /** The exposition text (Prometheus text format 0.0.4) and its content type. */
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
};
