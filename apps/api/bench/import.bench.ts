/**
 * Customer import benchmark (`npm run bench:import`, issue 24 "Scale"): a CSV of BENCH_ROWS members (default
 * 1,000,000; 10 columns: external_id, email, cell_number, name, surname, birthday, loyalty_number, branch and two
 * opening balances) imported through the built API on PostgreSQL, beside PostgreSQL's own COPY of the same file into
 * a scratch table of 10 text columns in the same run (the floor):
 *
 *   1. the file is generated to a temporary file (streamed, never whole in memory);
 *   2. floor: `COPY … FROM STDIN (FORMAT csv, HEADER)` of that file into a scratch table, rows/s;
 *   3. import: the file uploaded over HTTP as multipart/form-data streamed from disk (progress printed), then the
 *      import polled until it completes; rows/s = rows / (upload start → completed), upload and processing times
 *      printed apart; created must equal the rows and failed be 0; a sample of members' wallets read through the API
 *      must equal the file's amounts, and every wallet's balance must equal the sum of the file's amounts;
 *   4. the API process's RSS (VmRSS) sampled all along; its peak printed (the upload and import are streamed).
 *
 * The server runs the import in its own engine worker (ENGINE_IN_PROCESS=1, the default), so the RSS measured is
 * that of the process that receives the upload and applies the rows. Not a test (DESIGN §8): it exits 0 whether the
 * targets are met or missed, 1 when something errored or an answer was wrong.
 *
 * Environment (all optional):
 *   DATABASE_URL      use this PostgreSQL database (a new bench client is registered each run); otherwise a fresh
 *                     `laurel_bench_<random>` database is created on BENCH_ADMIN_URL and dropped at the end
 *   BENCH_ADMIN_URL   default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_ROWS        rows in the file, default 1000000
 *   BENCH_KEEP_DB=1   keep the scratch database (its URL is printed)
 *   BENCH_KEEP_FILE=1 keep the generated CSV (its path is printed)
 *   BENCH_SERVER_JS   run this build of the server instead of dist/server.js (a candidate change, to compare)
 *   BENCH_CPU_PROF    a directory: the API runs with --cpu-prof there (a .cpuprofile written when it stops), to see
 *                     where the server's own time goes
 *   BENCH_SCHEMA_FLOOR_ROWS  rows of the second reference (import-bench-schema-floor.ts: the same rows written
 *                     set-based into empty copies of the import's tables, indexes included), default all; 0 leaves
 *                     it out
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { clientRegistration } from '../test/factories';
import { NAMES, SURNAMES } from './bench-seed';
import {
  assert,
  type Defer,
  ensureBuilt,
  fmtInt,
  type Json,
  log,
  machineCpuSeconds,
  must,
  openBenchDatabase,
  platformLine,
  processCpuSeconds,
  rssSampler,
  runBench,
  type Server,
  type Session,
  signIn,
  sleep,
  startServer,
  stopChild,
  verdict,
} from './bench-support';
import { type SchemaFloor, schemaFloor } from './import-bench-schema-floor';

const ROWS = (() => {
  const raw = process.env.BENCH_ROWS;
  const value = raw === undefined || raw.trim() === '' ? 1_000_000 : Number(raw);
  if (!Number.isInteger(value) || value < 10 || value > 5_000_000)
    throw new Error('BENCH_ROWS must be a whole number between 10 and 5000000');
  return value;
})();
const KEEP_FILE = process.env.BENCH_KEEP_FILE === '1';
const CPU_PROF = process.env.BENCH_CPU_PROF?.trim() || undefined;
const SERVER_JS = process.env.BENCH_SERVER_JS?.trim() || undefined;
const SCHEMA_FLOOR_ROWS = Math.min(
  ROWS,
  Math.max(0, Number.parseInt(process.env.BENCH_SCHEMA_FLOOR_ROWS ?? String(ROWS), 10) || 0),
);

/** The issue's targets. */
const TARGET_RATIO = 0.25;
const TARGET_RSS_MB = 400;

/** An import that makes no progress for this long is a failure, not a slow run. */
const STALL_MS = 10 * 60_000;
const POLL_MS = 500;
const SAMPLE_MEMBERS = 8;

const OWNER = {
  email: 'bench.import.owner@laurel.test',
  password: 'bench password 1',
  alias: 'Bench Import',
  name: 'Bench Import (Pty) Ltd',
};
const BRANCHES = ['Import Sea Point', 'Import Rosebank', 'Import Umhlanga'];
const CURRENCY_CODES = ['BIMPA', 'BIMPB'] as const;

// ---------------------------------------------------------------------------------------------------------------
// The file: member i's columns, the same function for the file and for the checks

const HEADER = [
  'external_id',
  'email',
  'cell_number',
  'name',
  'surname',
  'birthday',
  'loyalty_number',
  'branch',
  `balance:${CURRENCY_CODES[0]}`,
  `balance:${CURRENCY_CODES[1]}`,
];

/** Opening balances in minor units: never 0 (so every row writes two ledger rows), at most two decimals. */
const balanceA = (i: number) => 100 + ((i * 7919) % 5_000_000);
const balanceB = (i: number) => 1 + ((i * 104_729) % 90_000);
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const member = (i: number) => {
  const n = String(i).padStart(8, '0');
  return {
    externalId: `bench-${n}`,
    email: `member${n}@import.bench.laurel.test`,
    // Unique valid South African cell numbers 08xxxxxxxx (the row number itself, so up to 100 million rows).
    cell: `08${n}`,
    name: NAMES[i % NAMES.length] as string,
    surname: SURNAMES[(i * 7) % SURNAMES.length] as string,
    birthday: `${1950 + (i % 55)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    loyaltyNumber: `LB${n}`,
    branch: BRANCHES[i % BRANCHES.length] as string,
    a: balanceA(i),
    b: balanceB(i),
  };
};

const csvLine = (i: number) => {
  const m = member(i);
  return `${m.externalId},${m.email},${m.cell},${m.name},${m.surname},${m.birthday},${m.loyaltyNumber},${m.branch},${decimal(m.a)},${decimal(m.b)}\n`;
};

/** Writes the file in blocks of lines, waiting for the disk when it asks to. */
const writeCsv = async (file: string) => {
  const out = createWriteStream(file);
  out.write(`${HEADER.join(',')}\n`);
  const BLOCK = 2_000;
  for (let first = 1; first <= ROWS; first += BLOCK) {
    let block = '';
    for (let i = first; i < Math.min(first + BLOCK, ROWS + 1); i += 1) block += csvLine(i);
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
};

/** The file's totals per currency, in minor units (what the wallets must add up to). */
const fileTotals = () => {
  let a = 0n;
  let b = 0n;
  for (let i = 1; i <= ROWS; i += 1) {
    a += BigInt(balanceA(i));
    b += BigInt(balanceB(i));
  }
  return [a, b] as const;
};

// ---------------------------------------------------------------------------------------------------------------
// The floor: PostgreSQL's own COPY of the same file into a table of 10 text columns

const copyFloor = async (pool: pg.Pool, file: string) => {
  const client = await pool.connect();
  try {
    await client.query('DROP TABLE IF EXISTS bench_import_floor');
    await client.query(
      `CREATE TABLE bench_import_floor (${HEADER.map((_, index) => `c${index + 1} text`).join(', ')})`,
    );
    const started = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom('COPY bench_import_floor FROM STDIN (FORMAT csv, HEADER)')),
    );
    const ms = performance.now() - started;
    const rows = Number((await client.query('SELECT count(*) AS n FROM bench_import_floor')).rows[0].n);
    // Kept for the schema floor, which reads its rows; dropped after it.
    return { rows, ms };
  } finally {
    client.release();
  }
};

/** The server's WAL position, and the bytes written since one (the whole server's, not this database's alone). */
const walLsn = async (pool: pg.Pool) =>
  (await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn as string;
const walSince = async (pool: pg.Pool, lsn: string) =>
  Number(
    (
      await pool.query<{ bytes: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS bytes', [
        lsn,
      ])
    ).rows[0]?.bytes,
  );

// ---------------------------------------------------------------------------------------------------------------
// The bench client: registered, on GROWTH, 3 branches and 2 currencies, all through the API

const setUpClient = async (server: Server) => {
  let owner: Session | null = await signIn(server, OWNER.email, OWNER.password);
  if (!owner) {
    await must(server, 'POST', '/api/v2/self-onboard/create/client', {
      body: clientRegistration({
        alias: OWNER.alias,
        name: OWNER.name,
        client_user: { name: 'Bench', surname: 'Owner', email: OWNER.email, password: OWNER.password },
      }),
    });
    owner = await signIn(server, OWNER.email, OWNER.password);
    if (!owner) throw new Error('the bench owner cannot sign in after registering');
  }
  const token = owner.clientToken;
  await must(server, 'POST', '/api/billing/plan', { token, body: { plan: 'GROWTH' } });
  // Branches named as the file names them (ensureBranchesAndManager numbers its own): created here, by name.
  const listed = await must(server, 'GET', '/api/branches?page=1&size=100', { token });
  const existing = new Set(
    (listed.content.branch_list as { display_name: string }[]).map((branch) => branch.display_name),
  );
  for (const [n, name] of BRANCHES.entries()) {
    if (existing.has(name)) continue;
    await must(server, 'POST', '/api/branches', {
      token,
      body: {
        display_name: name,
        franchise: false,
        vat_registered: false,
        email: `import.branch${n + 1}@laurel.test`,
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
  }
  // An integration key, to look members up by external_id as an integrator would.
  const key = await must(server, 'POST', '/api/integrations/api-keys', {
    token,
    body: { name: 'bench import' },
  });
  const apiKey = key.content.key as string;
  const listedCurrencies = await must(server, 'GET', '/api/economy/currencies?page=1&size=100', { token });
  const currencies: { _id: string; code: string }[] = [];
  for (const code of CURRENCY_CODES) {
    const found = (listedCurrencies.content as { _id: string; code: string }[]).find((c) => c.code === code);
    if (found) {
      currencies.push(found);
      continue;
    }
    const created = await must(server, 'POST', '/api/economy/currencies', {
      token,
      body: { type: 'custom', name: `Bench ${code}`, code, conversion_rate: 1 },
    });
    currencies.push({ _id: created.content._id, code });
  }
  return { owner, apiKey, currencies };
};

// ---------------------------------------------------------------------------------------------------------------
// The upload: multipart/form-data written by hand around the file streamed from disk

const upload = (server: Server, token: string, file: string, size: number) =>
  new Promise<{ status: number; json: Json; ms: number }>((resolve, reject) => {
    const boundary = `----laurel-bench-${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-members.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const started = performance.now();
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/customers/imports',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: Json;
        try {
          json = JSON.parse(body);
        } catch {
          json = body;
        }
        resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    let shownAt = 0;
    let lastTenth = -1;
    const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
    stream.on('data', (chunk) => {
      sent += chunk.length;
      const tenth = Math.floor((sent / size) * 10);
      if (tenth !== lastTenth || performance.now() - shownAt > 5_000) {
        lastTenth = tenth;
        shownAt = performance.now();
        const seconds = (performance.now() - started) / 1000;
        log(
          `upload ${((sent / size) * 100).toFixed(0).padStart(3)}%  ${(sent / 2 ** 20).toFixed(0)} of ` +
            `${(size / 2 ** 20).toFixed(0)} MiB  ${(sent / 2 ** 20 / Math.max(seconds, 0.001)).toFixed(1)} MiB/s`,
        );
      }
    });
    stream.on('error', (error) => req.destroy(error));
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });

type ImportReport = {
  _id: string;
  status: string;
  rows: number;
  rows_done: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  balances_set: number;
  errors: { row: number; field: string; message: string }[];
  failure: string | null;
  started_at: string | null;
  finished_at: string | null;
};

/** Polls the import until it completes (or fails, or stops moving); logs progress every 5 s. */
const followImport = async (server: Server, token: string, id: string) => {
  let lastDone = -1;
  let movedAt = performance.now();
  let shownAt = 0;
  const started = performance.now();
  for (;;) {
    const report = (await must(server, 'GET', `/api/customers/imports/${id}`, { token }))
      .content as ImportReport;
    if (report.status === 'completed' || report.status === 'failed') return report;
    if (report.rows_done !== lastDone) {
      lastDone = report.rows_done;
      movedAt = performance.now();
    }
    if (performance.now() - movedAt > STALL_MS)
      throw new Error(`the import made no progress for ${STALL_MS / 60_000} min: ${JSON.stringify(report)}`);
    if (performance.now() - shownAt > 5_000) {
      shownAt = performance.now();
      const seconds = (performance.now() - started) / 1000;
      log(
        `import ${report.status}: ${fmtInt(report.rows_done)} of ${fmtInt(report.rows)} rows ` +
          `(${fmtInt(report.rows_done / Math.max(seconds, 0.001))} rows/s since the upload ended)`,
      );
    }
    await sleep(POLL_MS);
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Checks: a sample of members through the API, and every wallet against the file

const checkSample = async (
  server: Server,
  session: { token: string; apiKey: string },
  currencies: { _id: string; code: string }[],
) => {
  const picks = [
    1,
    ROWS,
    ...Array.from({ length: SAMPLE_MEMBERS - 2 }, () => 1 + Math.floor(Math.random() * ROWS)),
  ];
  for (const i of picks) {
    const m = member(i);
    const found = await must(
      server,
      'GET',
      `/api/v1/customers?external_id=${encodeURIComponent(m.externalId)}`,
      {
        apiKey: session.apiKey,
      },
    );
    const customer = found.content as { _id: string; email: string; loyalty_number: string | null };
    assert(customer.email === m.email, `row ${i}: email ${customer.email}, expected ${m.email}`);
    assert(
      customer.loyalty_number === m.loyaltyNumber,
      `row ${i}: loyalty number ${customer.loyalty_number}, expected ${m.loyaltyNumber}`,
    );
    const wallets = (
      await must(server, 'GET', `/api/economy/customers/${customer._id}/wallets`, { token: session.token })
    ).content as { currency: { _id: string }; balance: number }[];
    for (const [index, currency] of currencies.entries()) {
      const expected = (index === 0 ? m.a : m.b) / 100;
      const balance = wallets.find((w) => w.currency._id === currency._id)?.balance;
      assert(balance === expected, `row ${i}: ${currency.code} balance ${balance}, expected ${expected}`);
    }
  }
  return picks.length;
};

const checkTotals = async (pool: pg.Pool, clientId: string, currencies: { _id: string; code: string }[]) => {
  const totals = fileTotals();
  for (const [index, currency] of currencies.entries()) {
    const { rows } = await pool.query<{ wallets: string; balance: string; ledger: string }>(
      `SELECT (SELECT count(*) FROM wallets WHERE client_id = $1 AND currency_id = $2)::text AS wallets,
              (SELECT (coalesce(sum(balance), 0) * 100)::bigint::text FROM wallets WHERE client_id = $1 AND currency_id = $2) AS balance,
              (SELECT (coalesce(sum(value), 0) * 100)::bigint::text FROM economy_transactions
                WHERE client_id = $1 AND currency_id = $2 AND transaction_type = 'Opening Balance') AS ledger`,
      [clientId, currency._id],
    );
    const row = rows[0] as { wallets: string; balance: string; ledger: string };
    const expected = totals[index] as bigint;
    assert(Number(row.wallets) === ROWS, `${currency.code}: ${row.wallets} wallets, expected ${ROWS}`);
    assert(
      BigInt(row.balance) === expected,
      `${currency.code}: wallets sum ${row.balance}, file ${expected}`,
    );
    assert(BigInt(row.ledger) === expected, `${currency.code}: ledger sum ${row.ledger}, file ${expected}`);
  }
  const customers = Number(
    (await pool.query('SELECT count(*) AS n FROM customers WHERE client_id = $1', [clientId])).rows[0].n,
  );
  assert(customers === ROWS, `${customers} customers, expected ${ROWS}`);
};

// ---------------------------------------------------------------------------------------------------------------
// Main

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const loadBefore = os.loadavg();
  ensureBuilt();
  const databaseUrl = await openBenchDatabase(defer);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Dropping the scratch database (WITH FORCE) may reach a connection the pool is still closing: not a failure.
  pool.on('error', (error) => log(`database connection: ${error.message}`));
  defer('closing the pool', () => pool.end());
  const version = (await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
    ?.v;

  const dir = mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-import-'));
  const file = path.join(dir, 'bench-members.csv');
  defer('removing the CSV', () => {
    if (KEEP_FILE) log(`kept ${file}`);
    else rmSync(dir, { recursive: true, force: true });
  });
  log(`writing ${fmtInt(ROWS)} rows to ${file}…`);
  let started = performance.now();
  const size = await writeCsv(file);
  log(`wrote ${(size / 2 ** 20).toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const server = await startServer(databaseUrl, {
    script: SERVER_JS ? path.resolve(SERVER_JS) : undefined,
    nodeArgs: CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROF)] : [],
  });
  if (SERVER_JS) log(`the API runs ${path.resolve(SERVER_JS)}`);
  if (CPU_PROF) log(`the API writes a CPU profile to ${path.resolve(CPU_PROF)} when it stops`);
  defer('stopping the API', () => stopChild(server));
  const serverPid = server.child.pid as number;
  log(`API started on 127.0.0.1:${server.port} (pid ${serverPid})`);
  const sampler = rssSampler(serverPid);
  let rss: ReturnType<typeof sampler.stop> | null = null;
  defer('stopping the memory sampler', () => rss ?? sampler.stop());

  sampler.phase('setup');
  const { owner, apiKey, currencies } = await setUpClient(server);
  const token = owner.clientToken;
  log(
    `client ${owner.clientId}: GROWTH plan, branches ${BRANCHES.join(', ')}; currencies ${CURRENCY_CODES.join(', ')}`,
  );

  // The floor first (the file is then in the page cache for both).
  sampler.phase('copy');
  log('floor: COPY of the file into a scratch table…');
  const walBeforeCopy = await walLsn(pool);
  const floor = await copyFloor(pool, file);
  const copyWal = await walSince(pool, walBeforeCopy);
  assert(floor.rows === ROWS, `COPY loaded ${floor.rows} rows, expected ${ROWS}`);
  log(`COPY: ${fmtInt(floor.rows)} rows in ${(floor.ms / 1000).toFixed(2)} s`);
  let written: SchemaFloor | null = null;
  if (SCHEMA_FLOOR_ROWS > 0) {
    log(`schema floor: ${fmtInt(SCHEMA_FLOOR_ROWS)} rows set-based into copies of the import's tables…`);
    written = await schemaFloor(pool, { clientId: owner.clientId, rows: SCHEMA_FLOOR_ROWS, currencies });
    assert(written.rows === SCHEMA_FLOOR_ROWS, `the schema floor wrote ${written.rows} customers`);
  }
  await pool.query('DROP TABLE bench_import_floor');
  // What COPY left to write out is flushed before the import starts, so that it does not fall on the import.
  await pool.query('CHECKPOINT');

  sampler.phase('upload');
  log(`uploading ${(size / 2 ** 20).toFixed(1)} MiB…`);
  const walBeforeImport = await walLsn(pool);
  started = performance.now();
  const uploaded = await upload(server, token, file, size);
  if (uploaded.status !== 202)
    throw new Error(
      `POST /api/customers/imports answered ${uploaded.status}: ${JSON.stringify(uploaded.json).slice(0, 500)}`,
    );
  const importId = uploaded.json.content._id as string;
  assert(
    uploaded.json.content.rows === ROWS,
    `the upload counted ${uploaded.json.content.rows} rows, expected ${ROWS}`,
  );
  log(`uploaded in ${(uploaded.ms / 1000).toFixed(1)} s; import ${importId} ${uploaded.json.content.status}`);

  sampler.phase('processing');
  const processingStarted = performance.now();
  const apiCpuBefore = processCpuSeconds(serverPid);
  const machineBefore = machineCpuSeconds();
  const report = await followImport(server, token, importId);
  const totalMs = performance.now() - started;
  const processingMs = performance.now() - processingStarted;
  const apiCpu = processCpuSeconds(serverPid) - apiCpuBefore;
  const machineAfter = machineCpuSeconds();
  const machineBusy = machineAfter.busy - machineBefore.busy;
  const importWal = await walSince(pool, walBeforeImport);
  sampler.phase('checks');
  assert(report.status === 'completed', `the import ${report.status}: ${report.failure ?? ''}`);
  assert(
    report.created === ROWS && report.failed === 0 && report.rows_done === ROWS,
    `the import created ${report.created}, failed ${report.failed}, did ${report.rows_done} of ${ROWS} rows; ` +
      `first errors ${JSON.stringify(report.errors.slice(0, 3))}`,
  );
  assert(report.balances_set === 2 * ROWS, `${report.balances_set} balances set, expected ${2 * ROWS}`);
  log('checking a sample of members through the API and every wallet against the file…');
  const sampled = await checkSample(server, { token, apiKey }, currencies);
  await checkTotals(pool, owner.clientId, currencies);
  rss = sampler.stop();
  const loadAfter = os.loadavg();

  // ---- report (stdout) ----
  const rate = (rows: number, ms: number) => rows / (ms / 1000);
  const copyRate = rate(floor.rows, floor.ms);
  const importRate = rate(ROWS, totalMs);
  const ratio = importRate / copyRate;
  const runnerMs =
    report.started_at && report.finished_at
      ? Date.parse(report.finished_at) - Date.parse(report.started_at)
      : null;
  const fmtLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(' ');
  const out: string[] = [];
  out.push('');
  out.push(
    `Customer import benchmark: ${fmtInt(ROWS)} rows, 10 columns (2 balances), ${(size / 2 ** 20).toFixed(1)} MiB; ` +
      `${platformLine(version)}; API over loopback (${SERVER_JS ? path.resolve(SERVER_JS) : 'dist/server.js'})`,
  );
  out.push(
    `Machine: load average (1, 5, 15 min) ${fmtLoad(loadBefore)} before, ${fmtLoad(loadAfter)} after, ` +
      `${rss.load.toFixed(2)} at most during the run (1 min); ${os.cpus().length} cores` +
      `${rss.load > os.cpus().length ? ': other work shared the cores, times are inflated' : ''}`,
  );
  out.push('');
  out.push(
    `COPY FROM STDIN (csv) floor          ${fmtInt(floor.rows).padStart(10)} rows ${(floor.ms / 1000).toFixed(2).padStart(8)} s ${fmtInt(copyRate).padStart(10)} rows/s`,
  );
  if (written) {
    const tables = Object.entries(written.perTableMs)
      .map(([table, ms]) => `${table} ${(ms / 1000).toFixed(2)}`)
      .join(', ');
    out.push(
      `schema floor (set-based, 1 session)  ${fmtInt(written.rows).padStart(10)} rows ${(written.ms / 1000).toFixed(2).padStart(8)} s ${fmtInt(rate(written.rows, written.ms)).padStart(10)} rows/s  (${tables} s)`,
    );
  }
  out.push(
    `import via API (upload → completed)  ${fmtInt(ROWS).padStart(10)} rows ${(totalMs / 1000).toFixed(2).padStart(8)} s ${fmtInt(importRate).padStart(10)} rows/s`,
  );
  out.push(
    `  upload (multipart, streamed)      ${(uploaded.ms / 1000).toFixed(2).padStart(26)} s ` +
      `${(size / 2 ** 20 / (uploaded.ms / 1000)).toFixed(1).padStart(10)} MiB/s`,
  );
  out.push(
    `  processing (202 → completed)      ${(processingMs / 1000).toFixed(2).padStart(26)} s ${fmtInt(rate(ROWS, processingMs)).padStart(10)} rows/s` +
      (runnerMs === null ? '' : `  (runner started_at → finished_at ${(runnerMs / 1000).toFixed(2)} s)`),
  );
  out.push(
    `  CPU while processing: API process ${apiCpu.toFixed(1)} s; whole machine ${machineBusy.toFixed(1)} s busy of ` +
      `${(machineAfter.total - machineBefore.total).toFixed(1)} s (${os.cpus().length} cores; the rest is PostgreSQL and other work)`,
  );
  const walLine = (label: string, bytes: number, rows: number) =>
    `${label} ${(bytes / 2 ** 20).toFixed(0)} MiB (${fmtInt(bytes / rows)} B/row)`;
  out.push(
    `  WAL written by the whole server (other databases' work included): ${walLine('COPY', copyWal, floor.rows)}, ` +
      `${walLine('import', importWal, ROWS)}`,
  );
  out.push(
    `  report: created ${fmtInt(report.created)}, updated ${fmtInt(report.updated)}, unchanged ${fmtInt(report.unchanged)}, ` +
      `failed ${fmtInt(report.failed)}, balances set ${fmtInt(report.balances_set)}; ${sampled} members' wallets read ` +
      'through the API equal the file, every wallet and the ledger add up to the file',
  );
  out.push('');
  out.push(
    `ratio import / COPY floor = ${ratio.toFixed(ratio < 0.1 ? 4 : 2)} (target ≥ ${TARGET_RATIO}) ${verdict(ratio >= TARGET_RATIO)}`,
  );
  if (written) {
    const toSchema = importRate / rate(written.rows, written.ms);
    out.push(
      `ratio import / schema floor = ${toSchema.toFixed(2)} (the same rows written set-based by PostgreSQL alone into the import's tables)`,
    );
  }
  const phases = [...rss.peaks.entries()].map(([phase, mb]) => `${phase} ${mb.toFixed(0)}`).join(', ');
  out.push(
    `API max RSS = ${rss.peak.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB) ${verdict(rss.peak < TARGET_RSS_MB)}` +
      `  (${rss.samples} samples every 100 ms; per phase: ${phases})`,
  );
  out.push(`Total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);
