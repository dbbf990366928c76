// `npm run worker`: an engine worker process (needs DATABASE_URL); install and build first when out of date.
import { buildIfOutOfDate } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';
import { forwardSignals, run, whenOrphaned } from './lib/run.mjs';

if (!(await ensureInstalled())) process.exit(1);

const built = await buildIfOutOfDate();
if (built !== 0) process.exit(built);

const code = await run(process.execPath, [fromRoot('apps/api/dist/worker.js')], {
  cwd: repoRoot,
  onSpawn: (child) => {
    forwardSignals(child);
    whenOrphaned(() => child.kill('SIGTERM'));
  },
});
process.exit(code);
