import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A port nobody listens on now (the system picks it). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * A built server of the journey's own, beside the shared one Playwright starts: for settings that would disturb
 * the other journeys (CLOCK_START). It runs through scripts/e2e-server.mjs like the shared one (same settings, and
 * it stops when the test process goes away), on its own port and data directory, which stays across `restart`, so
 * a journey can stop it and start it again with other settings on the same data. `dispose` removes everything.
 */
export class OwnServer {
  private child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(env: Record<string, string>) {
    // The shared server's name pattern: a run killed outright leaves it for scripts/e2e-server.mjs to remove.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `laurel-e2e-${process.pid}-`));
    const server = new OwnServer(await freePort(), dataDir);
    await server.run(env);
    return server;
  }

  /** Stops the server (SIGTERM: it finishes its work and closes the database) and starts it with `env`. */
  async restart(env: Record<string, string>) {
    await this.stop();
    await this.run(env);
  }

  async stop() {
    const child = this.child;
    this.child = null;
    if (!child) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited(child);
    clearTimeout(killer);
  }

  async dispose() {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async run(env: Record<string, string>) {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/e2e-server.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        E2E_PORT: String(this.port),
        E2E_BASE_URL: this.url,
        E2E_DATA_DIR: this.dataDir,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    // Ready once it answers its health check (start-up includes the migrations).
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server ended at start-up (exit ${child.exitCode})`);
      const healthy = await fetch(`${this.url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await this.stop();
    throw new Error(`the server on port ${this.port} did not answer its health check within 90 s`);
  }
}
