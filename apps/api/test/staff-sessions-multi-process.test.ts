import { describe, expect, it } from 'vitest';
import { ENTRY_TTL_MS } from '../src/http/auth/auth-cache';
import { testDbKind } from './db-kind';
import { bearer, createClientAndSignIn, signIn } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';
import { NO_RATE_LIMITS } from './test-app';

/*
 * Issue 27: a signed-out session ends everywhere within a second (checked here against the cache's backstop). Two API servers run on one PostgreSQL database;
 * the second has just used (and cached) a session when the first revokes it: the second refuses its token within a
 * second (the staff_sessions trigger's NOTIFY reaches its auth cache).
 */
describe.skipIf(testDbKind() !== 'postgres')(
  'session revocation across API processes (PostgreSQL only: server processes on one database)',
  () => {
    it('a session signed out on one server is refused by the other at once (by the notification, not the cache’s expiry)', async () => {
      const database = await createServerDatabase('sessions-multi');
      const servers: ServerProcess[] = [];
      try {
        const env = { ...database.env, ...NO_RATE_LIMITS };
        servers.push(...(await Promise.all([startServer(env), startServer(env)])));
        const [first, second] = servers as [ServerProcess, ServerProcess];
        const admin = await createClientAndSignIn(overHttp(first.url));
        const other = await signIn(overHttp(first.url), admin.email, admin.password);
        const onSecond = async () =>
          (await fetch(`${second.url}/api/v2/client-user/mfa`, { headers: bearer(other.clientToken) }))
            .status;
        // Used on the second server: its user and session are in that process's cache now.
        expect(await onSecond()).toBe(200);
        expect(await onSecond()).toBe(200);

        const revoked = await fetch(`${first.url}/api/v2/client-user/sessions/revoke-others`, {
          method: 'POST',
          headers: bearer(admin.clientToken),
        });
        expect(revoked.status).toBe(200);
        // The promise is a second (MAX_STALENESS_MS); half the cache entries' 10 s backstop is what a loaded
        // machine can check without measuring its own load: a refusal before it came from the NOTIFY.
        const at = performance.now();
        let status = await onSecond();
        while (status === 200 && performance.now() - at < ENTRY_TTL_MS / 2) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          status = await onSecond();
        }
        expect(status).toBe(401);
        expect(performance.now() - at).toBeLessThan(ENTRY_TTL_MS / 2);
        // The session that revoked the other still works on both.
        for (const server of servers) {
          const res = await fetch(`${server.url}/api/v2/client-user/mfa`, {
            headers: bearer(admin.clientToken),
          });
          expect(res.status).toBe(200);
        }
      } finally {
        for (const server of servers) {
          server.child.kill('SIGTERM');
          await exitOf(server.child);
        }
        await database.close();
      }
    }, 120_000);
  },
);
