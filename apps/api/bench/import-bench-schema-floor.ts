/**
 * bench:import's second reference, beside the COPY floor: the same rows written the way the schema needs them, but
 * by PostgreSQL alone. From the COPY's scratch table (`bench_import_floor`, columns c1..c10 in the file's order), one
 * `INSERT … SELECT` per table, in one session, into empty copies of the tables an import writes (`LIKE … INCLUDING
 * ALL`: the same columns, generated search text and indexes, the trigram one included): a customer, a loyalty record,
 * and per currency a wallet with its balance, an Opening Balance ledger row and a lot. No foreign keys, triggers,
 * checks against existing members or webhooks: a floor the import cannot beat, where the COPY floor writes 145 bytes
 * a row into a table without an index.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

const TABLES = ['customers', 'loyalty_accounts', 'wallets', 'economy_transactions', 'wallet_lots'] as const;

export type SchemaFloor = { rows: number; ms: number; perTableMs: Record<(typeof TABLES)[number], number> };

/** Writes the first `rows` rows of `bench_import_floor` set-based into `bench_floor.*`, timed; drops them after. */
export const schemaFloor = async (
  pool: pg.Pool,
  input: { clientId: string; rows: number; currencies: readonly { _id: string; code: string }[] },
): Promise<SchemaFloor> => {
  const client = await pool.connect();
  const [a, b] = input.currencies as [{ _id: string; code: string }, { _id: string; code: string }];
  try {
    await client.query('DROP SCHEMA IF EXISTS bench_floor CASCADE');
    await client.query('CREATE SCHEMA bench_floor');
    for (const table of TABLES)
      await client.query(`CREATE TABLE bench_floor.${table} (LIKE public.${table} INCLUDING ALL)`);
    // The rows, their customer ids and branches: the same ids in every statement, computed as the import does.
    const source = `(SELECT f.*, substr(md5('c' || f.c1), 1, 24) AS cid, br.id AS branch_id
        FROM (SELECT * FROM bench_import_floor LIMIT ${input.rows}) f
        LEFT JOIN branches br ON br.client_id = '${input.clientId}' AND lower(br.display_name) = lower(f.c8)) s`;
    const perCurrency = `(VALUES ('${a._id}', 1), ('${b._id}', 2)) AS cur(id, k)`;
    const amount = 'CASE cur.k WHEN 1 THEN s.c9 ELSE s.c10 END::numeric';
    const statements: Record<(typeof TABLES)[number], string> = {
      customers: `INSERT INTO bench_floor.customers (id, client_id, external_id, name, surname, email, cell_number,
          birthday, member_date, member_branch_id, status)
        SELECT s.cid, '${input.clientId}', s.c1, s.c4, s.c5, s.c2, s.c3, s.c6, current_date::text, s.branch_id, 'ACTIVE'
        FROM ${source}`,
      loyalty_accounts: `INSERT INTO bench_floor.loyalty_accounts (id, client_id, customer_id, loyalty_number,
          card_number, card_linked, member_date, member_branch_id)
        SELECT substr(md5('a' || s.c1), 1, 24), '${input.clientId}', s.cid, s.c7, s.c7, false, current_date::text, s.branch_id
        FROM ${source}`,
      wallets: `INSERT INTO bench_floor.wallets (client_id, customer_id, currency_id, balance)
        SELECT '${input.clientId}', s.cid, cur.id, ${amount} FROM ${source} CROSS JOIN ${perCurrency}`,
      economy_transactions: `INSERT INTO bench_floor.economy_transactions (id, client_id, customer_id, branch_id,
          currency_id, transaction_type, value, wallet_balance_post_transaction, shortfall, cause_kind, cause_id,
          event_id, reference, reason, occurred_at)
        SELECT substr(md5('l' || s.c1 || cur.k), 1, 24), '${input.clientId}', s.cid, s.branch_id, cur.id,
               'Opening Balance', ${amount}, ${amount}, 0, 'import', 'schema-floor', 'row-' || s.c1, 'schema-floor',
               'Opening balance imported from bench-members.csv', now()
        FROM ${source} CROSS JOIN ${perCurrency}`,
      wallet_lots: `INSERT INTO bench_floor.wallet_lots (id, client_id, customer_id, currency_id, transaction_id,
          amount, remaining, expires_at)
        SELECT substr(md5('t' || s.c1 || cur.k), 1, 24), '${input.clientId}', s.cid, cur.id,
               substr(md5('l' || s.c1 || cur.k), 1, 24), ${amount}, ${amount}, NULL
        FROM ${source} CROSS JOIN ${perCurrency}`,
    };
    const perTableMs = {} as SchemaFloor['perTableMs'];
    let ms = 0;
    for (const table of TABLES) {
      const started = performance.now();
      await client.query(statements[table]);
      perTableMs[table] = performance.now() - started;
      ms += perTableMs[table];
    }
    const written = Number(
      (await client.query('SELECT count(*) AS n FROM bench_floor.customers')).rows[0].n as string,
    );
    return { rows: written, ms, perTableMs };
  } finally {
    await client.query('DROP SCHEMA IF EXISTS bench_floor CASCADE').catch(() => undefined);
    client.release();
  }
};
