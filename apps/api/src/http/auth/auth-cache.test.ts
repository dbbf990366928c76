import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ERROR_MESSAGES } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../test/db-kind';
import {
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { overHttp } from '../../../test/over-http';
import { createServerDatabase, type ServerDatabase } from '../../../test/server-database';
import { exitOf, type ServerProcess, startServer } from '../../../test/server-process';
import { buildApp } from '../../app';
import { type AppContext, createAppContext } from '../../app-context';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db/connect';
import type { Database } from '../../db/database';
import { createLogger } from '../../logger';
import { ENTRY_TTL_MS } from './auth-cache';

/**
 * Each API process keeps who is signed in for a moment (auth-cache). Here one process (A, in this test) changes a
 * user, and a second one (B, a server process of its own with its own pool and listener, on the same PostgreSQL)
 * must refuse the old access within a second, although it had just answered from its cache.
 */
const JWT_SECRET = 'auth-cache-test-secret-0123456789abcdef';

let storage: ServerDatabase;
let database: Database;
let ctx: AppContext;
let dataDir: string;
let a: FastifyInstance;
let server: ServerProcess;
let b: FastifyInstance;
let admin: SignedIn;
let branchId: string;

/** Polls B until it answers `status`; how long that took, or null if it still had not after two seconds. */
/**
 * How soon the other process must refuse, as a test can check it: the promise is MAX_STALENESS_MS (a second), but a
 * wall-clock second also measures how loaded the machine running the suite is. Half the entries' 10 s backstop
 * still tells the mechanism apart: a refusal before it came from the notification or the staleness guard, not from
 * an entry's expiry.
 */
const REFUSED_WITHIN_MS = ENTRY_TTL_MS / 2;

const untilB = async (request: () => Promise<{ statusCode: number }>, status: number) => {
  const started = performance.now();
  while (performance.now() - started < REFUSED_WITHIN_MS) {
    if ((await request()).statusCode === status) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
};

const customersOn = (app: FastifyInstance, session: SignedIn) => () =>
  app.inject({
    method: 'GET',
    url: '/api/v2/client/loyalty/users?page=1&size=15',
    headers: bearer(session.clientToken),
  });

/** B answers from its cache: the session has been used there just now, twice. */
const warmB = async (session: SignedIn) => {
  for (let i = 0; i < 2; i++) expect((await customersOn(b, session)()).statusCode).toBe(200);
};

const updateUser = (payload: Record<string, unknown>) =>
  a.inject({
    method: 'PUT',
    url: '/api/v2/update/client/user',
    headers: bearer(admin.clientToken),
    payload,
  });

const manager = () =>
  createStaffAndSignIn(a, admin, {
    manager_of: [branchId],
    user_permissions: { CUSTOMERS: { read: true } },
  });

// PostgreSQL only: on PGlite one process owns the embedded database, so there is no second API process to reach
// (npm test runs this suite on PostgreSQL too).
describe.skipIf(testDbKind() !== 'postgres')(
  'changes reach every API process at once (by the notification, not an entry’s expiry)',
  () => {
    beforeAll(async () => {
      storage = await createServerDatabase('auth-cache');
      server = await startServer({
        ...storage.env,
        JWT_SECRET,
        ENGINE_IN_PROCESS: '0',
        RATE_LIMIT_IP_PER_MINUTE: '100000',
        RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
      });
      b = overHttp(server.url);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-auth-cache-'));
      database = await openPostgres(storage.url as string, { max: 4 });
      ctx = createAppContext({
        config: loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent' }),
        database,
        jwtSecret: JWT_SECRET,
        log: createLogger('silent'),
      });
      a = await buildApp(ctx, { webDistDir: null });
      await a.ready();
      admin = await createClientAndSignIn(a, { plan: 'BUSINESS' });
      branchId = (await createBranch(a, admin))._id;
    }, 120_000);

    afterAll(async () => {
      if (server) {
        server.child.kill('SIGTERM');
        await exitOf(server.child);
      }
      await a?.close();
      await database?.close();
      await storage?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('a deactivated user’s token is refused by the other process', async () => {
      const staff = await manager();
      await warmB(staff);
      expect((await updateUser({ user_id: staff.userId, status: 'INACTIVE' })).statusCode).toBe(200);
      const refusedAfter = await untilB(customersOn(b, staff), 401);
      expect(refusedAfter).not.toBeNull();
      expect(refusedAfter as number).toBeLessThan(REFUSED_WITHIN_MS);
      const res = await customersOn(b, staff)();
      expect(res.json().message).toBe(API_ERROR_MESSAGES.invalidToken);
    });

    it('a permission taken away is refused by the other process', async () => {
      const staff = await manager();
      await warmB(staff);
      expect(
        (await updateUser({ user_id: staff.userId, user_permissions: { CUSTOMERS: { read: false } } }))
          .statusCode,
      ).toBe(200);
      const refusedAfter = await untilB(customersOn(b, staff), 403);
      expect(refusedAfter).not.toBeNull();
      expect(refusedAfter as number).toBeLessThan(REFUSED_WITHIN_MS);
    });

    it('a password reset ends the earlier sessions in the other process', async () => {
      const staff = await manager();
      await warmB(staff);
      const forgot = await a.inject({
        method: 'POST',
        url: '/api/v2/client-user/forgot-password',
        payload: { email: staff.email },
      });
      expect(forgot.statusCode).toBe(200);
      const [mail] = await database.query<{ link: string }>(
        'SELECT link FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
        [staff.email],
      );
      const token = mail?.link.split('/').at(-1) ?? '';
      const reset = await a.inject({
        method: 'POST',
        url: '/api/v2/client-user/reset-password',
        payload: { token, password: 'a brand new password' },
      });
      expect(reset.statusCode).toBe(200);
      const refusedAfter = await untilB(customersOn(b, staff), 401);
      expect(refusedAfter).not.toBeNull();
      expect(refusedAfter as number).toBeLessThan(REFUSED_WITHIN_MS);
    });

    it('a revoked API key is refused by the other process', async () => {
      const { _id, key } = await createApiKey(a, admin, 'till in the other process');
      const player = () =>
        b.inject({
          method: 'GET',
          url: '/api/v1/players/ffffffffffffffffffffffff',
          headers: { 'x-api-key': key },
        });
      for (let i = 0; i < 2; i++) expect((await player()).statusCode).toBe(404);
      const revoked = await a.inject({
        method: 'DELETE',
        url: `/api/integrations/api-keys/${_id}`,
        headers: bearer(admin.clientToken),
      });
      expect(revoked.statusCode).toBe(200);
      const refusedAfter = await untilB(player, 401);
      expect(refusedAfter).not.toBeNull();
      expect(refusedAfter as number).toBeLessThan(REFUSED_WITHIN_MS);
    });

    it('still refuses at once when the other process’s listening connection is cut', async () => {
      const staff = await manager();
      await warmB(staff);
      // Every listening connection on this database goes, B's among them: B must not trust what it kept.
      await database.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'laurel-auth-listener'`,
      );
      await database.query("UPDATE client_users SET status = 'INACTIVE' WHERE id = $1", [staff.userId]);
      const refusedAfter = await untilB(customersOn(b, staff), 401);
      expect(refusedAfter).not.toBeNull();
      expect(refusedAfter as number).toBeLessThan(REFUSED_WITHIN_MS);
    });
  },
);
