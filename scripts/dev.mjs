// `npm run dev`: the API under `tsx watch` (port 8080) and the Vite dev server (proxying /api) side by side.
// Each runs in a process group of its own so that stopping one stops its whole tree; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled } from './lib/install.mjs';
import { repoRoot } from './lib/paths.mjs';
import { signalExitCode, whenOrphaned } from './lib/run.mjs';

if (!(await ensureInstalled())) process.exit(1);

const isWindows = process.platform === 'win32';
// The API runs with apps/api as its working directory; keep its data where `npm start` keeps it (./data at the root).
const env = { ...process.env, DATA_DIR: path.resolve(repoRoot, process.env.DATA_DIR || 'data') };
const children = [];
let stopping = false;
let exitCode = 0;

const stopAll = (signal) => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      if (isWindows) child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
};

const stop = (signal, code) => {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  stopAll(signal);
  // Anything still running after 5 s is stopped for good.
  setTimeout(() => stopAll('SIGKILL'), 5000).unref();
};

const start = (name, workspace) => {
  // stdin is not shared: a background process group reading the terminal would be stopped (SIGTTIN).
  const child = spawn('npm', ['run', 'dev', '-w', workspace], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: !isWindows,
    shell: isWindows,
  });
  child.on('error', (error) => {
    console.error(`[dev] could not start the ${name}: ${error.message}`);
    stop('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] the ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop('SIGTERM', code || (signal ? signalExitCode(signal) : 1));
    }
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(exitCode);
  });
  children.push(child);
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal, 0));
}

whenOrphaned(() => stop('SIGTERM', 0));

console.log(
  '[dev] API: http://localhost:8080/api (tsx watch) | console: the Vite URL below (proxies /api). Ctrl-C stops both.',
);
start('API', 'apps/api');
start('console', 'apps/web');
