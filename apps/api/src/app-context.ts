import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from './config';
import type { Database } from './db/database';
import { createEngine, ENGINE_STEPS, ENGINE_TASKS, type Engine } from './engine';
import { createTokenService, type TokenService } from './http/auth/tokens';
import { type BillingProvider, billingProviderFor } from './providers/billing';
import { type MailProvider, mailProviderFor } from './providers/mail';
import { type MediaProvider, mediaProviderFor } from './providers/media';
import { type PlacesProvider, placesProviderFor } from './providers/places';

/** What every module's routes and services are built from: the composition root fills it once. */
export type AppContext = {
  config: TConfig;
  database: Database;
  log: FastifyBaseLogger;
  tokens: TokenService;
  mail: MailProvider;
  billing: BillingProvider;
  places: PlacesProvider;
  media: MediaProvider;
  /** The event processor; started by the server when it runs in-process, driven by `drain()` in tests. */
  engine: Engine;
};

export const createAppContext = (input: {
  config: TConfig;
  database: Database;
  jwtSecret: string;
  log: FastifyBaseLogger;
  billing?: BillingProvider;
}): AppContext => ({
  config: input.config,
  database: input.database,
  log: input.log,
  tokens: createTokenService(input.jwtSecret),
  mail: mailProviderFor(input.config.mail, { db: input.database.db, log: input.log }),
  billing: input.billing ?? billingProviderFor(input.config),
  places: placesProviderFor(input.config),
  media: mediaProviderFor(input.config),
  engine: createEngine({
    database: input.database,
    steps: ENGINE_STEPS,
    tasks: ENGINE_TASKS,
    log: input.log,
    batchSize: input.config.engine.batchSize,
  }),
});
