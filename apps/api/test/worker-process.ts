import { type ChildProcess, spawn } from 'node:child_process';
import { API_DIR, WORKER_BUNDLE } from './api-bundle';

export type WorkerProcess = { child: ChildProcess; output: () => string };

/** `node dist/worker.js` with the given environment (DATABASE_URL at least); its output is kept for messages. */
export const startWorker = (env: Record<string, string>): WorkerProcess => {
  let output = '';
  const child = spawn(process.execPath, [WORKER_BUNDLE], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
};
