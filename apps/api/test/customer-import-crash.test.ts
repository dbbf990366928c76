import { randomBytes } from 'node:crypto';
import type { TCustomerImport } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { createCurrency } from './economy-helpers';
import { bearer, callAs, createClientAndSignIn } from './factories';
import { overHttp } from './over-http';
import { createServerDatabase } from './server-database';
import { exitOf, type ServerProcess, startServer } from './server-process';
import { startReceiver } from './webhook-receiver';

/*
 * Issue 24: an import survives a restart. The server (its in-process engine runs the import) is killed with
 * SIGKILL once the import has committed its first chunk and before it has finished; a new server on the same
 * database resumes it (on PostgreSQL once the dead run's lease runs out, on PGlite at once). Every row is then
 * applied once: one customer per external_id, one Opening Balance per non-zero balance, and every wallet's
 * balance is its ledger's sum and the amount in the file. A subscribed endpoint is told of each once: one
 * customer.created per member and one wallet.credited per opening balance (a chunk's outbox rows commit with it).
 */

// Four chunks of 500 rows (IMPORT_CHUNK_ROWS): the kill lands after the first, three are left for the restart.
const ROWS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Varied amounts in cents: every thirteenth member starts at 0 (no ledger row), the others at up to 1,000.00. */
const centsOf = (index: number) => (index % 13 === 0 ? 0 : ((index * 7_919) % 100_000) + 1);
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const importFile = (code: string, tag: string) => {
  const lines = [`external_id,email,name,surname,balance:${code}`];
  for (let index = 0; index < ROWS; index += 1) {
    lines.push(
      `crash-${tag}-${index},member.${index}.${tag}@example.com,Member${index},Crash,${money(centsOf(index))}`,
    );
  }
  return `${lines.join('\n')}\n`;
};

const report = async (server: ServerProcess, token: string, id: string) => {
  const res = await fetch(`${server.url}/api/customers/imports/${id}`, { headers: bearer(token) });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`import report: ${res.status} ${body}`);
  return (JSON.parse(body) as { content: TCustomerImport }).content;
};

const cents = (value: string | number | null) => Math.round(Number(value ?? 0) * 100);

describe('a server killed with SIGKILL in the middle of a customer import', () => {
  it('resumes after the restart and applies every row once, every balance equal to its ledger', async () => {
    const database = await createServerDatabase('import-crash');
    const env = {
      ...database.env,
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
      IMPORT_CHUNK_ROWS: '500',
      IMPORT_LEASE_SECONDS: '5',
    };
    const servers: ServerProcess[] = [];
    const receiver = await startReceiver();
    try {
      const first = await startServer(env);
      servers.push(first);
      const app = overHttp(first.url);
      const admin = await createClientAndSignIn(app, { plan: 'BUSINESS' });
      const currency = await createCurrency(app, admin, { name: 'Points' });
      const endpoint = await callAs(app, admin)('POST', '/api/integrations/webhooks', {
        url: receiver.url,
        event_types: ['customer.created', 'wallet.credited'],
        active: true,
      });
      expect(endpoint.statusCode, endpoint.body).toBe(200);
      const tag = randomBytes(4).toString('hex');
      const expected = new Map(
        Array.from({ length: ROWS }, (_, index) => [`crash-${tag}-${index}`, centsOf(index)] as const),
      );

      const form = new FormData();
      form.append('file', new Blob([importFile(currency.code, tag)], { type: 'text/csv' }), 'programme.csv');
      const upload = await fetch(`${first.url}/api/customers/imports`, {
        method: 'POST',
        headers: bearer(admin.clientToken),
        body: form,
      });
      const uploadBody = await upload.text();
      expect(upload.status, uploadBody).toBe(202);
      const importId = (JSON.parse(uploadBody) as { content: TCustomerImport }).content._id;

      // Killed as soon as a chunk is committed: rows done, the import not finished.
      let atKill = await report(first, admin.clientToken, importId);
      const startBy = Date.now() + 60_000;
      while (atKill.rows_done === 0 && atKill.status !== 'completed' && Date.now() < startBy) {
        await sleep(20);
        atKill = await report(first, admin.clientToken, importId);
      }
      first.child.kill('SIGKILL');
      expect((await exitOf(first.child)).signal).toBe('SIGKILL');
      const killedAt = new Date();
      expect(atKill).toMatchObject({ status: 'running', rows: ROWS });
      expect(atKill.rows_done).toBeGreaterThan(0);
      expect(atKill.rows_done).toBeLessThan(ROWS);
      expect(atKill.started_at).not.toBeNull();

      const second = await startServer(env);
      servers.push(second);
      // On PostgreSQL the dead run's lease (IMPORT_LEASE_SECONDS) runs out first; then the rest of the file.
      let done = await report(second, admin.clientToken, importId);
      const finishBy = Date.now() + 120_000;
      while (done.status !== 'completed' && done.status !== 'failed' && Date.now() < finishBy) {
        await sleep(250);
        done = await report(second, admin.clientToken, importId);
      }
      const nonZero = [...expected.values()].filter((amount) => amount !== 0).length;
      expect(done).toMatchObject({
        status: 'completed',
        failure: null,
        rows: ROWS,
        rows_done: ROWS,
        created: ROWS,
        updated: 0,
        unchanged: 0,
        failed: 0,
        balances_set: nonZero,
        errors: [],
        started_at: atKill.started_at,
      });

      second.child.kill('SIGTERM');
      expect(await exitOf(second.child)).toEqual({ code: 0, signal: null });

      const db = await database.open();
      try {
        const customers = await db.query<{ id: string; external_id: string; created_at: string }>(
          'SELECT id, external_id, created_at::text FROM customers WHERE client_id = $1',
          [admin.clientId],
        );
        // Exactly one customer per external_id in the file, and no other.
        expect(customers).toHaveLength(ROWS);
        expect(new Set(customers.map((c) => c.external_id))).toEqual(new Set(expected.keys()));
        // Both servers applied rows: the first until the kill, the second after the restart.
        const beforeKill = customers.filter((c) => new Date(c.created_at) < killedAt).length;
        expect(beforeKill).toBeGreaterThanOrEqual(atKill.rows_done);
        expect(beforeKill).toBeLessThan(ROWS);

        const opening = await db.query<{ external_id: string; n: string | number; total: string }>(
          `SELECT c.external_id, count(*) AS n, sum(e.value)::text AS total
           FROM economy_transactions e JOIN customers c ON c.id = e.customer_id
           WHERE e.client_id = $1 AND e.currency_id = $2 AND e.transaction_type = 'Opening Balance'
           GROUP BY c.external_id`,
          [admin.clientId, currency._id],
        );
        const openingOf = new Map(opening.map((row) => [row.external_id, row]));
        const wallets = await db.query<{ external_id: string; balance: string; ledger: string | null }>(
          `SELECT c.external_id, w.balance::text AS balance,
                  (SELECT sum(e.value) FROM economy_transactions e
                   WHERE e.client_id = w.client_id AND e.customer_id = w.customer_id
                     AND e.currency_id = w.currency_id)::text AS ledger
           FROM wallets w JOIN customers c ON c.id = w.customer_id
           WHERE w.client_id = $1 AND w.currency_id = $2`,
          [admin.clientId, currency._id],
        );
        const walletOf = new Map(wallets.map((row) => [row.external_id, row]));
        const wrong: string[] = [];
        for (const [externalId, amount] of expected) {
          const ledgerRows = openingOf.get(externalId);
          const wallet = walletOf.get(externalId);
          const balance = cents(wallet?.balance ?? 0);
          const ledger = cents(wallet?.ledger ?? 0);
          const openingRows = Number(ledgerRows?.n ?? 0);
          if (openingRows !== (amount === 0 ? 0 : 1) || cents(ledgerRows?.total ?? 0) !== amount)
            wrong.push(
              `${externalId}: ${openingRows} Opening Balance rows of ${ledgerRows?.total}, file ${amount}`,
            );
          if (balance !== amount || ledger !== balance)
            wrong.push(`${externalId}: balance ${wallet?.balance}, ledger ${wallet?.ledger}, file ${amount}`);
        }
        expect(wrong.slice(0, 20)).toEqual([]);
        expect(wallets.filter((row) => cents(row.balance) !== cents(row.ledger))).toEqual([]);
        expect(opening).toHaveLength(nonZero);

        // Told once of each: the chunk the kill interrupted rolled back with its outbox rows.
        const told = await db.query<{
          event_type: string;
          customers: string | number;
          rows: string | number;
        }>(
          `SELECT event_type, count(DISTINCT customer_id) AS customers, count(*) AS rows FROM webhook_deliveries
           WHERE client_id = $1 GROUP BY event_type ORDER BY event_type`,
          [admin.clientId],
        );
        expect(told.map((row) => [row.event_type, Number(row.customers), Number(row.rows)])).toEqual([
          ['customer.created', ROWS, ROWS],
          ['wallet.credited', nonZero, nonZero],
        ]);
      } finally {
        await db.close();
      }
    } finally {
      for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await Promise.all(servers.map((server) => exitOf(server.child)));
      await receiver.close();
      await database.close();
    }
  }, 240_000);
});
