/**
 * Rewards benchmark (`npm run bench:rewards`, issue 25 "Speed"): redemptions over HTTP on PostgreSQL, beside the
 * same run's floor.
 *
 *   1. a business (registered through the API, a new one each run; BUSINESS, so REWARDS is on) with a currency,
 *      BENCH_CUSTOMERS members (default 2,000; one INSERT … SELECT) each funded through the API's manual
 *      adjustment, and two coupon rewards: one with stock BENCH_REWARD_STOCK (default 1,000), one unlimited;
 *   2. BENCH_SENDERS (default 16) concurrent senders, each on its own keep-alive connection, send BENCH_REDEMPTIONS
 *      (default 6,000) `POST /api/v1/players/{id}/redemptions` with an API key, every fifth for the limited reward
 *      (so it sells out under the same concurrency and the rest of its requests are refused): redemptions/s
 *      (every answer, 201 and 409, is one redemption transaction), p50 and p99;
 *   3. the floor: as many two-statement transactions (UPDATE a balance row, INSERT a ledger row) on copies of the
 *      wallets and ledger tables on as many connections (the economy bench's, economy.bench-scenario.ts);
 *   4. checks: exactly the stock of the limited reward issued (its answers, its row, its redemptions), every other
 *      answer of it 409 'Out of stock', every redemption of the unlimited one issued, every coupon code distinct,
 *      every wallet equal to its ledger and to the funds less what the bench saw it pay;
 *   5. round trips: a second API process whose connection to PostgreSQL passes through a counting proxy in this
 *      process (simple Query and Sync messages: one each per round trip) takes BENCH_COUNTED sequential
 *      redemptions: round trips per redemption (issue 28's target is at most 3), beside the floor's 4.
 *
 * Not a test (DESIGN §8): it exits 0 whether the targets are met or missed, 1 when something errored or an answer
 * was wrong. The machine's load average and cores are printed: on a busy 2-core machine the rates are lower, the
 * ratio to the floor (measured in the same run) less so.
 *
 * Environment (all optional):
 *   DATABASE_URL        use this PostgreSQL database (a new bench client is registered each run); otherwise a fresh
 *                       `laurel_bench_<random>` database is created on BENCH_ADMIN_URL and dropped at the end
 *   BENCH_ADMIN_URL     default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CUSTOMERS     funded members, default 2000
 *   BENCH_REWARD_STOCK  the limited reward's stock, default 1000
 *   BENCH_REDEMPTIONS   redemptions sent, default 6000 (a fifth of them must exceed the stock)
 *   BENCH_SENDERS       concurrent senders (and floor connections), default 16
 *   BENCH_COUNTED       sequential redemptions whose round trips are counted, default 200
 *   BENCH_KEEP_DB=1     keep the scratch database (its URL is printed)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { REWARD_MESSAGES } from '@laurel/contract';
import pg from 'pg';
import { reseedCustomers } from './bench-seed';
import {
  assert,
  type CpuShares,
  call,
  cpuMeter,
  type Defer,
  ensureBuilt,
  ensureClient,
  envInt,
  fmtInt,
  fmtMs,
  log,
  must,
  openBenchDatabase,
  percentile,
  platformLine,
  rssSampler,
  runBench,
  type Server,
  startServer,
  stopChild,
  verdict,
} from './bench-support';
import { measureSpendFloor } from './economy.bench-scenario';
import { profileStatements } from './statement-profile';

const CUSTOMERS = envInt('BENCH_CUSTOMERS', 2_000, 10, 1_000_000);
const STOCK = envInt('BENCH_REWARD_STOCK', 1_000, 1, 1_000_000);
const REDEMPTIONS = envInt('BENCH_REDEMPTIONS', 6_000, 10, 10_000_000);
const SENDERS = envInt('BENCH_SENDERS', 16, 1, 256);
const COUNTED = envInt('BENCH_COUNTED', 200, 10, 100_000);
/** Every LIMITED_EVERY-th redemption asks for the limited reward. */
const LIMITED_EVERY = 5;
if (Math.floor(REDEMPTIONS / LIMITED_EVERY) <= STOCK)
  throw new Error(
    `BENCH_REDEMPTIONS (${REDEMPTIONS}) must send more than BENCH_REWARD_STOCK (${STOCK}) redemptions of the ` +
      `limited reward: every ${LIMITED_EVERY}th one asks for it`,
  );

/** The targets. */
const TARGET_RATIO = 0.3;
const TARGET_ROUND_TRIPS = 3;
const FLOOR_ROUND_TRIPS = 4;

/** Whole units of the currency. */
const COST = 10;
/** Enough for every redemption a member can be sent, the counted ones included, and a margin. */
const FUNDS = COST * (Math.ceil(REDEMPTIONS / CUSTOMERS) + Math.ceil(COUNTED / CUSTOMERS) + 2);

// ---------------------------------------------------------------------------------------------------------------
// Round trips: a TCP proxy to PostgreSQL that counts and times the statements the API sends

/** Splits a stream of PostgreSQL protocol messages (type byte, int32 length) across chunks; `startup` first skips
 * the frontend's startup packet (int32 length, no type byte). */
const messageSplitter = (startup: boolean, onMessage: (type: number, body: Buffer) => void) => {
  let started = !startup;
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    for (;;) {
      const left = pending.length - offset;
      if (!started) {
        if (left < 4 || left < pending.readInt32BE(offset)) break;
        offset += pending.readInt32BE(offset);
        started = true;
        continue;
      }
      if (left < 5 || left < 1 + pending.readInt32BE(offset + 1)) break;
      const length = pending.readInt32BE(offset + 1);
      onMessage(pending[offset] as number, pending.subarray(offset + 5, offset + 1 + length));
      offset += 1 + length;
    }
    pending = pending.subarray(offset);
  };
};

type StatementStats = { sent: number; ms: number };

/**
 * node-postgres sends each statement as one simple Query ('Q') or as Parse/Bind/Describe/Execute/Sync ('S'), then
 * waits for ReadyForQuery ('Z'): one round trip per 'Q' or 'S', timed from it to the 'Z' (PostgreSQL's work and
 * the loopback). Each is named by its text (the Query's, the Parse's before it, or the named statement's a Bind
 * executes), with quoted literals folded. Plain TCP only (the bench's PostgreSQL is on loopback without SSL).
 */
const countingProxy = async (target: { host: string; port: number }) => {
  let roundTrips = 0;
  let statements: Map<string, StatementStats> | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const waiting: { key: string; at: number }[] = [];
    // A named statement is parsed once per connection and then only bound: its text is kept by name.
    const prepared = new Map<string, string>();
    let parsed = '(a statement prepared earlier)';
    const textOf = (body: Buffer) => body.subarray(0, body.indexOf(0)).toString('utf8');
    const fromClient = messageSplitter(true, (type, body) => {
      if (type === 0x50) {
        const name = textOf(body);
        parsed = textOf(body.subarray(body.indexOf(0) + 1));
        if (name) prepared.set(name, parsed);
      }
      if (type === 0x42) {
        const statement = textOf(body.subarray(body.indexOf(0) + 1));
        const text = prepared.get(statement);
        if (text) parsed = `(prepared) ${text}`;
      }
      if (type !== 0x51 && type !== 0x53) return;
      roundTrips += 1;
      const text = type === 0x51 ? textOf(body) : parsed;
      parsed = '(a statement prepared earlier)';
      // Scripts carry their values inlined: folded, so that each shape is one line.
      const shape = text
        .replace(/'(?:[^']|'')*'/g, "'…'")
        .replace(/\s+/g, ' ')
        .trim();
      waiting.push({ key: shape.slice(0, 90), at: performance.now() });
    });
    const fromServer = messageSplitter(false, (type) => {
      if (type !== 0x5a) return;
      const done = waiting.shift();
      if (!done || !statements) return;
      const stats = statements.get(done.key) ?? { sent: 0, ms: 0 };
      stats.sent += 1;
      stats.ms += performance.now() - done.at;
      statements.set(done.key, stats);
    });
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      fromClient(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      client.write(chunk);
      fromServer(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    count: () => roundTrips,
    /** Starts (or restarts) keeping each statement's text, how often it was sent and its time to ReadyForQuery. */
    record: () => {
      statements = new Map();
    },
    statements: () => [...(statements ?? new Map<string, StatementStats>()).entries()],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

const viaProxy = (url: string, port: number) => {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
};

// ---------------------------------------------------------------------------------------------------------------
// The business, its members and rewards, through the API

const setUp = async (server: Server, pool: pg.Pool) => {
  const run = randomBytes(4).toString('hex');
  const owner = await ensureClient(server, {
    email: `bench.rewards.${run}@laurel.test`,
    password: 'bench password 1',
    alias: 'Bench Rewards',
    name: 'Bench Rewards (Pty) Ltd',
  });
  const token = owner.clientToken;
  const apiKey = (
    await must(server, 'POST', '/api/integrations/api-keys', { token, body: { name: 'bench app' } })
  ).content.key as string;
  const currency = (
    await must(server, 'POST', '/api/economy/currencies', {
      token,
      body: { type: 'custom', name: 'Bench Stars', code: 'BRWD', conversion_rate: 1 },
    })
  ).content._id as string;
  const reward = async (name: string, stock: number | null) =>
    (
      await must(server, 'POST', '/api/rewards', {
        token,
        body: {
          name,
          description: 'Bench reward',
          type: 'coupon',
          cost: { currency, amount: COST },
          ...(stock === null ? {} : { stock }),
          coupon: { source: 'generated', value_type: 'amount', value: 25, valid_days: 30 },
        },
      })
    ).content._id as string;
  const limited = await reward('Bench limited coffee', STOCK);
  const unlimited = await reward('Bench mug', null);

  await reseedCustomers(pool, owner.clientId, [], CUSTOMERS);
  const customers = (
    await pool.query<{ id: string }>('SELECT id FROM customers WHERE client_id = $1 ORDER BY id', [
      owner.clientId,
    ])
  ).rows.map((row) => row.id);
  assert(customers.length === CUSTOMERS, `${customers.length} customers seeded, expected ${CUSTOMERS}`);
  log(`funding ${fmtInt(CUSTOMERS)} members with ${FUNDS} each through the API…`);
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (next < customers.length) {
          const customer = customers[next++] as string;
          await must(server, 'POST', `/api/economy/customers/${customer}/adjustments`, {
            token,
            agent,
            body: { currency, direction: 'credit', amount: FUNDS, reason: 'Bench funds' },
          });
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { run, owner, apiKey, currency, limited, unlimited, customers };
};

type Setup = Awaited<ReturnType<typeof setUp>>;

// ---------------------------------------------------------------------------------------------------------------
// Redemptions: concurrent senders, every answer checked and remembered

type Sent = { customer: string; reward: string; status: number; message: string | null; code: string | null };

const redeem = async (server: Server, setup: Setup, agent: http.Agent, index: number, prefix: string) => {
  const customer = setup.customers[index % setup.customers.length] as string;
  const reward = index % LIMITED_EVERY === 0 ? setup.limited : setup.unlimited;
  const res = await call(server, 'POST', `/api/v1/players/${customer}/redemptions`, {
    apiKey: setup.apiKey,
    agent,
    body: { id: `${prefix}-${setup.run}-${index}`, reward_id: reward },
  });
  assert(
    res.status === 201 || (res.status === 409 && reward === setup.limited),
    `redemption ${index} answered ${res.status}: ${res.body.slice(0, 300)}`,
  );
  const sent: Sent = {
    customer,
    reward,
    status: res.status,
    message: res.status === 201 ? null : (res.json?.message ?? null),
    code: res.status === 201 ? (res.json.content.coupon_code as string) : null,
  };
  return { sent, ms: res.ms };
};

const runRedemptions = async (server: Server, setup: Setup) => {
  const answers: Sent[] = [];
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (next < REDEMPTIONS) {
          const { sent, ms } = await redeem(server, setup, agent, next++, 'bench');
          answers.push(sent);
          times.push(ms);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return { answers, times, seconds: (performance.now() - started) / 1000 };
};

// ---------------------------------------------------------------------------------------------------------------
// Checks

/**
 * What the targets need (exactly the stock issued; every wallet equal to its ledger), as counts, so that a miss is
 * reported beside the figures; answers that are simply wrong (a code answered twice) stop the bench.
 */
const check = async (pool: pg.Pool, setup: Setup, answers: readonly Sent[]) => {
  const limited = answers.filter((a) => a.reward === setup.limited);
  const issuedAnswers = limited.filter((a) => a.status === 201).length;
  const otherRefusals = limited.filter((a) => a.status !== 201 && a.message !== REWARD_MESSAGES.outOfStock);
  if (otherRefusals.length > 0)
    log(`refusals other than Out of stock: ${JSON.stringify(otherRefusals.slice(0, 3))}`);
  const { rows: rewards } = await pool.query<{ id: string; redeemed: number; issued: string }>(
    `SELECT r.id, (r.redeemed + coalesce((SELECT sum(n.redeemed) FROM reward_redemption_counts n
              WHERE n.reward_id = r.id), 0))::int AS redeemed, (SELECT count(*) FROM reward_redemptions x WHERE x.reward_id = r.id
              AND x.status = 'issued')::text AS issued
       FROM rewards r WHERE r.client_id = $1`,
    [setup.owner.clientId],
  );
  const limitedRow = rewards.find((row) => row.id === setup.limited);
  const exactlyK =
    issuedAnswers === STOCK &&
    otherRefusals.length === 0 &&
    limitedRow?.redeemed === STOCK &&
    Number(limitedRow.issued) === STOCK;
  const unlimitedAnswers = answers.filter((a) => a.reward === setup.unlimited).length;
  const unlimitedRow = rewards.find((row) => row.id === setup.unlimited);
  assert(
    unlimitedRow?.redeemed === unlimitedAnswers && Number(unlimitedRow.issued) === unlimitedAnswers,
    `the unlimited reward's row: ${JSON.stringify(unlimitedRow)}, ${unlimitedAnswers} answered 201`,
  );

  const codes = answers.filter((a) => a.code !== null).map((a) => a.code);
  assert(new Set(codes).size === codes.length, `${codes.length - new Set(codes).size} codes answered twice`);
  const [stored] = (
    await pool.query<{ n: string; codes: string }>(
      `SELECT count(*)::text AS n, count(DISTINCT coupon_code)::text AS codes FROM reward_redemptions
        WHERE client_id = $1`,
      [setup.owner.clientId],
    )
  ).rows;
  assert(
    Number(stored?.n) === codes.length && Number(stored?.codes) === codes.length,
    `${stored?.n} redemptions with ${stored?.codes} distinct codes stored, ${codes.length} answered`,
  );

  const paid = new Map<string, number>();
  for (const a of answers) if (a.status === 201) paid.set(a.customer, (paid.get(a.customer) ?? 0) + COST);
  const { rows: wallets } = await pool.query<{ customer_id: string; cents: string; ledger: string }>(
    `SELECT w.customer_id, round(w.balance * 100)::text AS cents,
            round((SELECT coalesce(sum(value), 0) FROM economy_transactions e WHERE e.client_id = w.client_id
                   AND e.customer_id = w.customer_id AND e.currency_id = w.currency_id) * 100)::text AS ledger
       FROM wallets w WHERE w.client_id = $1 AND w.currency_id = $2`,
    [setup.owner.clientId, setup.currency],
  );
  const wrongWallets = wallets.filter(
    (row) =>
      row.cents !== row.ledger || Number(row.cents) !== (FUNDS - (paid.get(row.customer_id) ?? 0)) * 100,
  );
  if (wrongWallets.length > 0)
    log(`wallets not equal to their ledger or funds: ${JSON.stringify(wrongWallets.slice(0, 3))}`);
  return {
    exactlyK,
    issuedAnswers,
    limitedRow,
    codes: codes.length,
    wallets: wallets.length,
    ledgerOk: wallets.length === CUSTOMERS && wrongWallets.length === 0,
    wrongWallets: wrongWallets.length,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Main

const main = async (defer: Defer) => {
  const startedAt = Date.now();
  const loadBefore = os.loadavg();
  ensureBuilt();
  const databaseUrl = await openBenchDatabase(defer);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SENDERS + 1 });
  // pool.end() resolves before its idle connections are closed; one the scratch database's DROP … WITH (FORCE)
  // ends at the finish is not an error of the run.
  pool.on('error', (error) => log(`an idle connection closed: ${error.message}`));
  defer('closing the pool', () => pool.end());
  const version = (await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
    ?.v;

  const server = await startServer(databaseUrl);
  defer('stopping the API', () => stopChild(server));
  const serverPid = server.child.pid as number;
  log(`API started on 127.0.0.1:${server.port} (pid ${serverPid})`);
  const sampler = rssSampler(serverPid);
  let rss: ReturnType<typeof sampler.stop> | null = null;
  defer('stopping the memory sampler', () => rss ?? sampler.stop());

  sampler.phase('setup');
  const setup = await setUp(server, pool);
  log(
    `client ${setup.owner.clientId}: ${fmtInt(CUSTOMERS)} funded members, rewards of stock ${STOCK} and unlimited`,
  );

  sampler.phase('redemptions');
  log(`${fmtInt(REDEMPTIONS)} redemptions by ${SENDERS} senders…`);
  const cpu = cpuMeter(pool, serverPid);
  const profiled = await profileStatements(pool, 'redemptions');
  const redeemCpu = await cpu();
  const { answers, times, seconds } = await runRedemptions(server, setup);
  const redeemCpuUsed = await redeemCpu();
  await profiled();
  log(`${fmtInt(answers.length)} redemptions answered in ${seconds.toFixed(1)} s`);

  sampler.phase('checks');
  const checked = await check(pool, setup, answers);

  sampler.phase('floor');
  log(`floor: ${fmtInt(REDEMPTIONS)} UPDATE wallet + INSERT ledger transactions on ${SENDERS} connections…`);
  const floor = await measureSpendFloor(pool, setup.owner.clientId, SENDERS, REDEMPTIONS, cpu);
  rss = sampler.stop();

  // ---- round trips: a second API whose PostgreSQL connection is counted ----
  log(`round trips: ${COUNTED} sequential redemptions through a second API on a counting proxy…`);
  const target = new URL(databaseUrl);
  const proxy = await countingProxy({ host: target.hostname, port: Number(target.port || 5432) });
  defer('closing the counting proxy', () => proxy.close());
  const counted = await startServer(viaProxy(databaseUrl, proxy.port), { env: { ENGINE_IN_PROCESS: '0' } });
  defer('stopping the counted API', () => stopChild(counted));
  const countedAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  defer('closing the counted agent', () => countedAgent.destroy());
  // Warm: the API key and anything else the API caches, read once.
  await redeem(counted, setup, countedAgent, 1, 'warm');
  const idleFrom = proxy.count();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idlePerSecond = (proxy.count() - idleFrom) / ((performance.now() - idleStarted) / 1000);
  const countedFrom = proxy.count();
  proxy.record();
  const countedStarted = performance.now();
  for (let i = 1; i <= COUNTED; i += 1) {
    // Indexes 5i + 1: the unlimited reward only (the limited one is sold out and would refuse).
    const { sent } = await redeem(counted, setup, countedAgent, i * LIMITED_EVERY + 1, 'counted');
    assert(sent.status === 201, `counted redemption ${i} answered ${sent.status}`);
  }
  const countedSeconds = (performance.now() - countedStarted) / 1000;
  const roundTrips = (proxy.count() - countedFrom - idlePerSecond * countedSeconds) / COUNTED;
  const statements = proxy.statements();
  const loadAfter = os.loadavg();

  // ---- report (stdout) ----
  const sorted = [...times].sort((a, b) => a - b);
  const perSecond = answers.length / seconds;
  const issued = answers.filter((a) => a.status === 201).length;
  const floorPerSecond = floor.transactions / floor.seconds;
  const ratio = perSecond / floorPerSecond;
  const fmtLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(' ');
  const cores = os.cpus().length;
  const out: string[] = [];
  out.push('');
  out.push(
    `Rewards benchmark: ${fmtInt(CUSTOMERS)} funded members, a reward of stock ${fmtInt(STOCK)} and an unlimited one; ` +
      `${fmtInt(REDEMPTIONS)} redemptions over HTTP by ${SENDERS} senders (API key); ${platformLine(version)}`,
  );
  out.push(
    `Machine: load average (1, 5, 15 min) ${fmtLoad(loadBefore)} before, ${fmtLoad(loadAfter)} after, ` +
      `${rss.load.toFixed(2)} at most during the run (1 min); ${cores} cores` +
      `${rss.load > cores ? ': other work shared the cores, rates are low' : ''}`,
  );
  out.push('');
  out.push(
    `redemptions/s over HTTP, ${SENDERS} senders (${fmtInt(issued)} issued 201, ${fmtInt(answers.length - issued)} ` +
      `409 Out of stock)  ${fmtInt(perSecond).padStart(7)} /s   p50 ${fmtMs(percentile(sorted, 50))} ms, ` +
      `p99 ${fmtMs(percentile(sorted, 99))} ms`,
  );
  out.push(
    `floor: UPDATE wallet + INSERT ledger per transaction, ${SENDERS} connections      ` +
      `${fmtInt(floorPerSecond).padStart(7)} tx/s`,
  );
  const perUnit = (used: CpuShares, count: number) =>
    `API ${((used.used.api * 1000) / count).toFixed(2)}, PostgreSQL backends ` +
    `${((used.used.postgres * 1000) / count).toFixed(2)}, bench ${((used.used.bench * 1000) / count).toFixed(2)}, ` +
    `other ${((used.other * used.seconds * 1000) / count).toFixed(2)} ms; ` +
    `machine busy ${used.busy.toFixed(2)} of ${cores} cores`;
  out.push(`  CPU per redemption: ${perUnit(redeemCpuUsed, answers.length)}`);
  if (floor.cpu) out.push(`  CPU per floor transaction: ${perUnit(floor.cpu, floor.transactions)}`);
  out.push(
    `  round trips to PostgreSQL per redemption: ${roundTrips.toFixed(1)} (${COUNTED} sequential through a counting ` +
      `proxy; idle ${idlePerSecond.toFixed(1)}/s subtracted); the floor's: ${FLOOR_ROUND_TRIPS}`,
  );
  const statementMs = statements.reduce((sum, [, stats]) => sum + stats.ms, 0) / COUNTED;
  out.push(
    `  one redemption alone (sequential, through the proxy): ${fmtMs((countedSeconds * 1000) / COUNTED)} ms; its ` +
      `statements' answers ${fmtMs(statementMs)} ms in all (the generic audit entry's is written after the answer, ` +
      'beside the next request); per redemption, each statement (× how often, ms each to ReadyForQuery):',
  );
  for (const [text, stats] of statements)
    out.push(
      `    ${(stats.sent / COUNTED).toFixed(2).padStart(5)} × ${fmtMs(stats.ms / stats.sent).padStart(5)} ms  ${text}`,
    );
  out.push(
    `  API max RSS ${rss.peak.toFixed(0)} MB; total bench time ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  out.push(
    `Checked: the limited reward answered ${fmtInt(checked.issuedAnswers)} × 201, its row counts ` +
      `${checked.limitedRow?.redeemed} redeemed and ${checked.limitedRow?.issued} issued redemptions; every other ` +
      `answer of it 409 Out of stock: ${checked.exactlyK ? 'yes' : 'no'}; ${fmtInt(checked.codes)} coupon codes ` +
      `answered and stored, all distinct; ${fmtInt(checked.wallets)} wallets, ${checked.wrongWallets} not equal to ` +
      'their ledger or to the funds less what the bench saw each pay',
  );
  out.push('');
  out.push(
    `ratio redemptions / floor = ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}) ${verdict(ratio >= TARGET_RATIO)}`,
  );
  out.push(`exactly ${fmtInt(STOCK)} of the limited reward issued ${verdict(checked.exactlyK)}`);
  out.push(`ledger = wallets (${fmtInt(checked.wallets)} wallets) ${verdict(checked.ledgerOk)}`);
  out.push(
    `round trips per redemption = ${roundTrips.toFixed(1)} (issue 28 target ≤ ${TARGET_ROUND_TRIPS}) ` +
      `${verdict(roundTrips <= TARGET_ROUND_TRIPS + 0.05)}`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
};

await runBench(main);
