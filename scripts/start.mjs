// `npm start`: install if needed, rebuild what is out of date, then run the built server in the foreground.
import { buildIfOutOfDate } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';
import { forwardSignals, run, whenOrphaned } from './lib/run.mjs';

if (!(await ensureInstalled())) process.exit(1);

const built = await buildIfOutOfDate();
if (built !== 0) process.exit(built);

// The server reads PORT, HOST, DATA_DIR, DATABASE_URL, ... itself and applies migrations on start.
const code = await run(process.execPath, [fromRoot('apps/api/dist/server.js')], {
  cwd: repoRoot,
  onSpawn: (child) => {
    forwardSignals(child);
    whenOrphaned(() => child.kill('SIGTERM'));
  },
});
process.exit(code);
