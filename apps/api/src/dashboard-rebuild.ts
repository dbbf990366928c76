import { performance } from 'node:perf_hooks';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/connect';
import { applyMigrations } from './db/migrate';
import { rebuildDashboard } from './engine';

/**
 * `npm run dashboard:rebuild [-- <client_id>]`: recomputes the dashboard's rollups of one client, or of every
 * client, from the event log and the ledgers (engine/dashboard/rebuild-dashboard.ts). Each client is rebuilt in
 * one transaction holding its engine lock, so workers may keep running against PostgreSQL meanwhile; the embedded
 * database (PGlite, no DATABASE_URL) belongs to one process: stop the server first.
 */
const main = async () => {
  const config = loadConfigOrExit();
  const database = await openDatabase(config);
  try {
    await applyMigrations(database);
    const only = process.argv[2];
    const clients = only
      ? [only]
      : (await database.query<{ id: string }>('SELECT id FROM clients ORDER BY id')).map((row) => row.id);
    for (const clientId of clients) {
      const started = performance.now();
      const found = await rebuildDashboard(database, clientId);
      if (!found) {
        console.error(`No client ${clientId}.`);
        process.exitCode = 1;
        continue;
      }
      console.log(
        `Dashboard rollups of client ${clientId} rebuilt in ${Math.round(performance.now() - started)} ms.`,
      );
    }
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
