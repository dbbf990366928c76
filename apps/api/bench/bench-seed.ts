/**
 * What several benchmarks seed the same way: the bench client's branches, branch manager and API key (through the
 * API), and customers with one INSERT … SELECT generate_series (names, emails and cells from a hash of the row).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { ensureClient, log, must, type Server, type Session, signIn } from './bench-support';

export type BenchClient = {
  owner: Session;
  manager: Session;
  branchIds: string[];
  managedBranchId: string;
  apiKey: string;
};

/**
 * `count` branches named `<prefix> NN`, a BRANCH_MANAGER of the first with the given permissions, and an API key,
 * all through the API; a rerun on a kept database reuses what exists.
 */
export const ensureBranchesAndManager = async (
  server: Server,
  owner: Session,
  options: {
    prefix: string;
    count: number;
    managerEmail: string;
    password: string;
    permissions: Record<string, Record<string, boolean>>;
  },
): Promise<BenchClient> => {
  const token = owner.clientToken;
  const listed = await must(server, 'GET', '/api/branches?page=1&size=100', { token });
  const branchIds = (listed.content.branch_list as { _id: string; display_name: string }[])
    .filter((branch) => branch.display_name.startsWith(`${options.prefix} `))
    .map((branch) => branch._id);
  for (let n = branchIds.length + 1; n <= options.count; n += 1) {
    const created = await must(server, 'POST', '/api/branches', {
      token,
      body: {
        display_name: `${options.prefix} ${String(n).padStart(2, '0')}`,
        franchise: false,
        vat_registered: false,
        email: `branch${n}@laurel.test`,
        contact_number: '0215551234',
        address: {
          full_address: '1 Main Road, Sea Point, Cape Town',
          coordinates: { lat: -33.91, lng: 18.38 },
        },
        delivery_settings: {
          delivery: true,
          delivery_fee_type: 'FLAT-FEE',
          max_delivery_radius: 5,
          delivery_fee: 25,
        },
      },
    });
    branchIds.push(created.content._id);
  }
  const managedBranchId = branchIds[0] as string;
  let manager = await signIn(server, options.managerEmail, options.password);
  if (!manager) {
    await must(server, 'POST', '/api/v2/create/client/user', {
      token,
      body: {
        name: 'Bench',
        surname: 'Manager',
        user_name: options.managerEmail,
        cell_number: '0831234567',
        email: options.managerEmail,
        password: options.password,
        role: 'BRANCH_MANAGER',
        status: 'ACTIVE',
        manager_of: [managedBranchId],
        user_permissions: options.permissions,
      },
    });
    manager = await signIn(server, options.managerEmail, options.password);
    if (!manager) throw new Error('the bench branch manager cannot sign in after being created');
  }
  const key = await must(server, 'POST', '/api/integrations/api-keys', {
    token,
    body: { name: 'bench till' },
  });
  return { owner, manager, branchIds, managedBranchId, apiKey: key.content.key as string };
};

export const NAMES = [
  'Thandi',
  'Sipho',
  'Lerato',
  'Thabo',
  'Nomvula',
  'Bongani',
  'Zanele',
  'Johan',
  'Pieter',
  'Priya',
];
export const SURNAMES = [
  'Mokoena',
  'Dlamini',
  'Nkosi',
  'Naidoo',
  'Botha',
  'van der Merwe',
  'Smith',
  'Adams',
  'Pillay',
];

/** Customer c's columns, the same expressions in both statements: its id, names, email and +27 cell number. */
export const customerId = (c: string) => `substr(md5($1::text || ':c:' || ${c}), 1, 24)`;
export const firstName = (c: string) =>
  `($2::text[])[1 + (hashint4(${c}) & 2147483647) % array_length($2::text[], 1)]`;
export const surname = (c: string) =>
  `($3::text[])[1 + (hashint4(${c} + 7) & 2147483647) % array_length($3::text[], 1)]`;
export const customerName = (c: string) => `${firstName(c)} || ' ' || ${surname(c)}`;
export const customerEmail = (c: string) => `'customer' || ${c} || '@bench.laurel.test'`;
export const customerCell = (c: string) =>
  `'+278' || lpad(((${c}::bigint * 7919) % 100000000)::text, 8, '0')`;

/** $1 client, $2 names, $3 surnames, $4 branch ids, $5 how many. */
export const CUSTOMERS_SQL = `
INSERT INTO customers (id, client_id, name, surname, email, cell_number, status, member_date, member_branch_id, created_at, updated_at)
SELECT ${customerId('c')}, $1,
  ${firstName('c')}, ${surname('c')},
  ${customerEmail('c')}, ${customerCell('c')}, 'ACTIVE', '2024-01-01',
  ($4::text[])[1 + c % array_length($4::text[], 1)], now() - interval '4 years', now() - interval '4 years'
FROM generate_series(1, $5::int) AS c`;

/**
 * Runs a bulk load with `table`'s secondary indexes dropped and built once afterwards (several times faster than
 * row by row), inside the caller's transaction; `dropIndexes: false` keeps them (a table shared with other rows).
 */
export const loadWithoutIndexes = async (
  client: pg.PoolClient,
  table: string,
  load: () => Promise<unknown>,
  dropIndexes = true,
) => {
  const indexes = dropIndexes
    ? (
        await client.query<{ name: string; definition: string }>(
          `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
            WHERE x.indrelid = $1::regclass
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
          [table],
        )
      ).rows
    : [];
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  let started = performance.now();
  await load();
  const loadMs = performance.now() - started;
  started = performance.now();
  for (const index of indexes) {
    log(`building ${index.name}…`);
    await client.query(index.definition);
  }
  return { loadMs, indexMs: performance.now() - started };
};

/** The owner of bench `area`'s business: `bench.<area>.owner@laurel.test`, the business named `Bench <title>`. */
export const benchOwner = (area: string, title: string) => ({
  email: `bench.${area}.owner@laurel.test`,
  password: 'bench password 1',
  alias: `Bench ${title}`,
  name: `Bench ${title} (Pty) Ltd`,
});

/**
 * Bench `area`'s business through the API: its owner signed in (registered first if need be) on BUSINESS,
 * `branches` branches named `<title> Branch NN`, a branch manager `bench.<area>.manager@laurel.test` of the first
 * with `permissions`, and an API key.
 */
export const ensureBenchClient = async (
  server: Server,
  options: {
    area: string;
    title: string;
    branches: number;
    permissions: Record<string, Record<string, boolean>>;
  },
) => {
  const owner = benchOwner(options.area, options.title);
  return ensureBranchesAndManager(server, await ensureClient(server, owner), {
    prefix: `${options.title} Branch`,
    count: options.branches,
    managerEmail: `bench.${options.area}.manager@laurel.test`,
    password: owner.password,
    permissions: options.permissions,
  });
};

/** The number a `SELECT count(*) AS n …` answers. */
export const countOf = async (pool: pg.Pool, sql: string, params: unknown[]) =>
  Number((await pool.query(sql, params)).rows[0].n);

/** The bench client's customers afresh by CUSTOMERS_SQL (in the caller's transaction); answers the time it took. */
export const reseedCustomers = async (
  db: pg.Pool | pg.PoolClient,
  clientId: string,
  branchIds: string[],
  count: number,
) => {
  await db.query('DELETE FROM customers WHERE client_id = $1', [clientId]);
  const started = performance.now();
  await db.query(CUSTOMERS_SQL, [clientId, NAMES, SURNAMES, branchIds, count]);
  return performance.now() - started;
};

/**
 * Runs `load` in one transaction on a connection of its own, with `settings` set for it alone (SET LOCAL), rolled
 * back on any error; after the commit each table of `vacuum` is vacuumed and analysed, as a table live for a while
 * would be. Answers what `load` answered and the vacuum's time.
 */
export const seedInTransaction = async <T>(
  pool: pg.Pool,
  options: { settings: Record<string, string>; vacuum: readonly string[] },
  load: (client: pg.PoolClient) => Promise<T>,
) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const [name, value] of Object.entries(options.settings))
      await client.query(`SET LOCAL ${name} = '${value}'`);
    const loaded = await load(client);
    await client.query('COMMIT');
    const started = performance.now();
    for (const table of options.vacuum) await client.query(`VACUUM (ANALYZE) ${table}`);
    return { loaded, vacuumMs: performance.now() - started };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};
