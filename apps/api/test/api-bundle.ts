import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = path.resolve(API_DIR, '../..');
export const WORKER_BUNDLE = path.join(API_DIR, 'dist/worker.js');
export const SERVER_BUNDLE = path.join(API_DIR, 'dist/server.js');

/** What the bundle is built from (as scripts/lib/build.mjs counts it for `npm run worker`). */
const BUNDLE_INPUTS = [
  path.join(API_DIR, 'src'),
  path.join(API_DIR, 'drizzle'),
  path.join(API_DIR, 'tsup.config.ts'),
  path.join(REPO_ROOT, 'packages/contract/src'),
];

const newestMtime = (entry: string): number => {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.isDirectory() && (child.name === 'node_modules' || child.name === 'dist')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
};

const builtAt = (bundle: string) => {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * The worker and the server run as production runs them, `node dist/worker.js` and `node dist/server.js`: a
 * bundle starts on a fraction of the CPU that compiling the sources through tsx takes, and the API suites start
 * dozens of processes. `npm test` builds before the API suites; a file run on its own builds the bundles here when
 * one is missing or older than its sources, as `npm run worker` does.
 */
export const ensureApiBuilt = () => {
  const built = Math.min(builtAt(WORKER_BUNDLE), builtAt(SERVER_BUNDLE));
  if (built > 0 && Math.max(...BUNDLE_INPUTS.map(newestMtime)) <= built) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`building the API bundle failed (${result.status}): ${result.stdout}${result.stderr}`);
  }
};
