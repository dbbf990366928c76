import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind, withDatabaseName } from './db-kind';
import { clientRegistration } from './factories';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';

// The server under test stores in PGlite (a copy of the migrated template: a fresh PGlite is made by every e2e run)
// or in an empty PostgreSQL database of its own, which the first start migrates.
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testDbKind() === 'pglite') {
    const database = await createServerDatabase('crash');
    env = { ...database.env, RATE_LIMIT_IP_PER_MINUTE: '1000000' };
    cleanup = database.close;
    return;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-crash-'));
  env = { DATA_DIR: dataDir, RATE_LIMIT_IP_PER_MINUTE: '1000000' };
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `laurel_crash_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  env.DATABASE_URL = withDatabaseName(admin, name);
  const dropDatabase = async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  cleanup = async () => {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanup());

const register = async (server: ServerProcess, body: ReturnType<typeof clientRegistration>) => {
  const res = await fetch(`${server.url}/api/v2/self-onboard/create/client`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
};

const signInStatus = async (server: ServerProcess, email: string, password: string) =>
  (
    await fetch(`${server.url}/api/v2/client-user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).status;

describe('a server killed with SIGKILL in the middle of writes', () => {
  it('keeps every acknowledged write and comes back healthy; SIGTERM shuts down cleanly', async () => {
    const first = await startServer(env);
    const acknowledged: { email: string; password: string }[] = [];
    let stop = false;
    // Eight writers register businesses back to back until the server dies under them.
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const body = clientRegistration();
        const status = await register(first, body).catch(() => 0);
        if (status === 200)
          acknowledged.push({ email: body.client_user.email, password: body.client_user.password });
      }
    });
    while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect((await exitOf(first.child)).signal).toBe('SIGKILL');

    const second = await startServer(env);
    // 'ok' means every migration is applied (the details are the operator's, in GET /metrics).
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as {
      content: { status: string };
    };
    expect(health.content.status).toBe('ok');
    for (const { email, password } of acknowledged) {
      expect(await signInStatus(second, email, password), email).toBe(200);
    }
    // The database takes new writes after recovery.
    const after = clientRegistration();
    expect(await register(second, after)).toBe(200);

    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toEqual({ code: 0, signal: null });

    const third = await startServer(env);
    expect(await signInStatus(third, after.client_user.email, after.client_user.password)).toBe(200);
    third.child.kill('SIGTERM');
    expect((await exitOf(third.child)).code).toBe(0);
  }, 180_000);
});
