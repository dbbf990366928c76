import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { API_DIR, ensureApiBuilt, SERVER_BUNDLE } from './api-bundle';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export type ServerProcess = { child: ChildProcess; url: string; output: () => string };

/** Runs the server as a real process: the bundle of the current sources (built first when they are newer). */
export const startServer = async (env: Record<string, string>): Promise<ServerProcess> => {
  ensureApiBuilt();
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: beside the browser journeys on two cores a fresh PGlite's migrations once took over a minute.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return { child, url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy: ${output}`);
};

export const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
