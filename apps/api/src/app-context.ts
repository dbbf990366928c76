import type { TConfig } from './config';
import type { Database } from './db/database';

/** What every module's routes and services are built from: the composition root fills it once. */
export type AppContext = {
  config: TConfig;
  database: Database;
  jwtSecret: string;
};
