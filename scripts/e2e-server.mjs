// Playwright's webServer: the built server on a fresh, temporary data directory (a new PGlite each run).
// DATABASE_URL from the environment is ignored on purpose; the directory is removed when the server stops.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromRoot, repoRoot } from './lib/paths.mjs';
import { forwardSignals, run, whenOrphaned } from './lib/run.mjs';

const PREFIX = 'laurel-e2e-';

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

// Data directories left by runs that were killed outright (named after the pid that made them).
for (const entry of readdirSync(os.tmpdir())) {
  const pid = Number(entry.startsWith(PREFIX) ? entry.slice(PREFIX.length).split('-')[0] : Number.NaN);
  if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
    rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
}

// A journey that stops and starts its own server on the same data (e2e/support/own-server.ts) names the directory
// in E2E_DATA_DIR: it is used and kept, and the journey removes it.
const givenDataDir = process.env.E2E_DATA_DIR;
const dataDir = givenDataDir || mkdtempSync(path.join(os.tmpdir(), `${PREFIX}${process.pid}-`));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
if (!givenDataDir) process.on('exit', removeDataDir);

const env = {
  ...process.env,
  PORT: process.env.E2E_PORT || '8090',
  HOST: '127.0.0.1',
  // Uploaded files' absolute URLs point where the journeys open the console.
  PUBLIC_URL: process.env.E2E_BASE_URL || `http://127.0.0.1:${process.env.E2E_PORT || '8090'}`,
  DATA_DIR: dataDir,
  DEMO: '0',
  // Journeys read reset links from the outbox; never enabled outside tests and development.
  MAIL_OUTBOX_API: '1',
  // Journeys sign in many times from one address.
  RATE_LIMIT_IP_PER_MINUTE: process.env.RATE_LIMIT_IP_PER_MINUTE || '100000',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
delete env.E2E_DATA_DIR;

console.log(
  `[e2e-server] http://127.0.0.1:${env.PORT} on ${givenDataDir ? 'the' : 'a fresh'} data directory ${dataDir}`,
);
const code = await run(process.execPath, [fromRoot('apps/api/dist/server.js')], {
  cwd: repoRoot,
  env,
  onSpawn: (child) => {
    forwardSignals(child);
    whenOrphaned(() => child.kill('SIGTERM'));
  },
});
process.exit(code);
