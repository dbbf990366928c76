// `npm run measure:idle`: what an idle Laurel costs. Starts the built server (building what is stale, as `npm start`
// does) on a fresh temporary PGlite data directory with the demo business, waits until /api/health answers and then
// a minute more (the demo's engine work and start-up settle), then reads the CPU time of the server process (and of
// any process it started) from /proc over a minute of no traffic at all. Prints the share of one core and PASS or
// MISS against 1%. A measurement, not a test: `npm test` does not run it.
//
//   npm run measure:idle [-- --settle 60 --window 60 --no-build --cpu-prof]
//
// --cpu-prof runs the server with node's --cpu-prof and says where the profile is (open it in Chrome's DevTools).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildIfOutOfDate } from './lib/build.mjs';
import { freePort } from './lib/free-port.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';

const GOAL_PERCENT = 1;

const { values: options } = parseArgs({
  options: {
    settle: { type: 'string', default: '60' },
    window: { type: 'string', default: '60' },
    'no-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const settleSeconds = Number(options.settle);
const windowSeconds = Number(options.window);
if (!(settleSeconds >= 0 && windowSeconds > 0)) {
  console.error('--settle must be 0 or more seconds and --window more than 0');
  process.exit(2);
}
if (process.platform !== 'linux') {
  console.error('measure:idle reads /proc: it runs on Linux only.');
  process.exit(2);
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
const statFields = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
};

/** Every live process below `root`, found through each process's parent id. */
const descendantsOf = (root) => {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields) parents.set(Number(entry), Number(fields[1]));
  }
  const found = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
};

/**
 * CPU ticks used so far by the server (user + system), with those of the children it has waited for, and each live
 * descendant's own. A descendant is counted only over the part of the window it was seen alive at both ends.
 */
const cpuTicks = (pid) => {
  const own = statFields(pid);
  if (!own) throw new Error(`the server (pid ${pid}) is gone`);
  // utime, stime, cutime, cstime are fields 14-17 of stat; 12-15 counted after the name.
  const server = [11, 12, 13, 14].reduce((sum, index) => sum + Number(own[index]), 0);
  const children = new Map();
  for (const child of descendantsOf(pid)) {
    const fields = statFields(child);
    if (fields) children.set(child, Number(fields[11]) + Number(fields[12]));
  }
  return { server, children };
};

const used = (before, after) => {
  let ticks = after.server - before.server;
  for (const [pid, end] of after.children) {
    const start = before.children.get(pid);
    if (start !== undefined) ticks += end - start;
  }
  return ticks;
};

if (!options['no-build']) {
  if (!(await ensureInstalled())) process.exit(1);
  const built = await buildIfOutOfDate();
  if (built !== 0) process.exit(built);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'laurel-idle-'));
// Kept after the run (the data directory is not); the profile covers the whole run, start-up and demo included.
const profileDir = options['cpu-prof'] ? mkdtempSync(path.join(os.tmpdir(), 'laurel-idle-profile-')) : '';
const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO: '1',
  LOG_LEVEL: 'warn',
};
// PGlite, as `npm start` runs by default.
delete env.DATABASE_URL;
delete env.METRICS_PORT;

const nodeArgs = options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const server = spawn(process.execPath, [...nodeArgs, fromRoot('apps/api/dist/server.js')], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
let exited = false;
server.on('exit', () => {
  exited = true;
});

const stopServer = async () => {
  if (!exited) server.kill('SIGTERM');
  for (let waited = 0; !exited && waited < 30_000; waited += 100) await sleep(100);
  if (!exited) server.kill('SIGKILL');
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}

const healthy = async () => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
};

let code = 0;
try {
  const startedAt = Date.now();
  console.log(`[measure:idle] server pid ${server.pid} on port ${port}, data in ${dataDir} (demo)`);
  while (!(await healthy())) {
    if (exited) throw new Error('the server stopped before answering /api/health');
    if (Date.now() - startedAt > 300_000) throw new Error('no answer from /api/health within 5 minutes');
    await sleep(500);
  }
  console.log(
    `[measure:idle] answering after ${Math.round((Date.now() - startedAt) / 1000)} s; settling for ${settleSeconds} s`,
  );
  await sleep(settleSeconds * 1000);
  const before = cpuTicks(server.pid);
  const from = performance.now();
  await sleep(windowSeconds * 1000);
  const after = cpuTicks(server.pid);
  const seconds = (performance.now() - from) / 1000;
  const percent = (used(before, after) / ticksPerSecond / seconds) * 100;
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const verdict = percent < GOAL_PERCENT ? 'PASS' : 'MISS';
  console.log(
    `idle CPU: ${percent.toFixed(2)}% of a core over ${Math.round(seconds)} s (load average ${load}; ${os.cpus().length} cores)`,
  );
  console.log(`${verdict}: the goal is under ${GOAL_PERCENT}% of a core`);
  if (verdict === 'MISS') code = 1;
} catch (error) {
  console.error(`[measure:idle] ${error.message}`);
  code = 2;
} finally {
  await stopServer();
  if (profileDir) console.log(`[measure:idle] CPU profile of the whole run in ${profileDir}`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
