// The OpenAPI document a running server serves: the built server (apps/api/dist/server.js, what `npm start` runs,
// with the built console) started on a free port over a fresh data directory, asked for GET /api/docs/json.
// Linting this document rather than one built beside the server means the two cannot differ.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { fromRoot, repoRoot } from './paths.mjs';
import { run } from './run.mjs';

const START_TIMEOUT_MS = 180_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built server, writes the document it serves to `file` and stops the server. Resolves
 * `{ paths, operations }`, or `{ error }` saying why there is no document. `onSpawn` receives the server process.
 */
export const writeServedOpenApi = async (file, { onSpawn } = {}) => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'laurel-openapi-'));
  // Production settings on an embedded database of its own: no demo data, no test-only routes.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '0',
    MAIL_OUTBOX_API: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.METRICS_PORT;
  let child;
  let exited = false;
  const server = run(process.execPath, [fromRoot('apps/api/dist/server.js')], {
    cwd: repoRoot,
    env,
    onSpawn: (spawned) => {
      child = spawned;
      onSpawn?.(spawned);
    },
  }).then((code) => {
    exited = true;
    return code;
  });
  try {
    const url = `http://127.0.0.1:${port}/api/docs/json`;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (exited) return { error: `the server exited (code ${await server}) before serving the document` };
      const res = await fetch(url).catch(() => undefined);
      if (res?.ok) {
        const doc = await res.json();
        writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
        const paths = Object.keys(doc.paths ?? {});
        const operations = Object.values(doc.paths ?? {}).reduce(
          (sum, item) => sum + Object.keys(item).length,
          0,
        );
        return { paths: paths.length, operations, outsideApi: paths.filter((p) => !p.startsWith('/api/')) };
      }
      await sleep(250);
    }
    return { error: `the server did not serve ${url} within ${START_TIMEOUT_MS / 1000} s` };
  } finally {
    if (!exited) child?.kill('SIGTERM');
    await server;
    rmSync(dataDir, { recursive: true, force: true });
  }
};
