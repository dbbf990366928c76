import { readFileSync } from 'node:fs';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { migrationLevel } from '../db/migrate';
import { recentResults } from '../db/recent-results';
import { type EngineTally, readQueueDepth } from '../engine';
import { API_PACKAGE_JSON } from '../paths';

const VERSION = (JSON.parse(readFileSync(API_PACKAGE_JSON, 'utf8')) as { version: string }).version;

/** Figures read from the database at scrape time are reused this long, so scrapes cannot hammer it. */
const DATABASE_FIGURES_MAX_AGE_MS = 5_000;

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The operator's Prometheus metrics (README, Operations): one registry per app (or worker) instance, never the
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
  if (input.collectProcess) collectDefaultMetrics({ register: registry });

  const queue = recentResults<Awaited<ReturnType<typeof readQueueDepth>>>({
    maxAgeMs: DATABASE_FIGURES_MAX_AGE_MS,
  });
  const migrations = recentResults<Awaited<ReturnType<typeof migrationLevel>>>({
    maxAgeMs: DATABASE_FIGURES_MAX_AGE_MS,
  });
  const queueDepth = () => queue('queue', () => readQueueDepth(database));
  const migrationFigures = () => migrations('migrations', () => migrationLevel(database));

  new Gauge({
    name: 'laurel_build_info',
    help: 'Always 1; the labels say which Laurel version runs on which database kind.',
    labelNames: ['version', 'database'],
    registers,
    collect() {
      this.set({ version: VERSION, database: database.kind }, 1);
    },
  });
  new Gauge({
    name: 'laurel_migrations_applied',
    help: 'Database migrations applied.',
    registers,
    async collect() {
      this.set((await migrationFigures()).applied);
    },
  });
  new Gauge({
    name: 'laurel_migrations_available',
    help: 'Database migrations this version ships; more than applied means the schema is behind.',
    registers,
    async collect() {
      this.set((await migrationFigures()).available);
    },
  });
  new Gauge({
    name: 'laurel_engine_events_waiting',
    help: 'Events stored and not yet settled by the engine (due now or waiting for a retry).',
    registers,
    async collect() {
      this.set((await queueDepth()).waiting);
    },
  });
  new Gauge({
    name: 'laurel_engine_oldest_waiting_event_age_seconds',
    help: 'How long the longest-waiting due event has waited (since it arrived or its retry fell due); 0 if none.',
    registers,
    async collect() {
      this.set((await queueDepth()).oldestDueSeconds);
    },
  });
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
    /** The exposition text (Prometheus text format 0.0.4) and its content type. */
    scrape: () => registry.metrics(),
    contentType: registry.contentType,
  };
};
