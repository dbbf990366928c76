// `npm test`: every check and every suite, in order, streaming their output; never stops at a failure.
// Ends with a summary table and, as the very last line, `N passed, N failed` summed over all steps (CI reads it).
// TEST_ONLY=<comma-separated step names> runs only those steps, e.g. TEST_ONLY='lint,api (pglite)'.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildIfOutOfDate } from './lib/build.mjs';
import { findChromium } from './lib/chromium.mjs';
import { freePort } from './lib/free-port.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { envWithNode, nodeBinary } from './lib/node-runtime.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';
import { describeCommand, npx, run } from './lib/run.mjs';
import { writeServedOpenApi } from './lib/served-openapi.mjs';

const startedAt = Date.now();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'laurel-npm-test-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

let interrupted = false;
const running = new Set(); // the running children (a foreground step's and a background one's), to pass an interrupt on
const onSignal = (signal) => {
  if (!interrupted) console.error(`\n${signal}: stopping after the current step.`);
  interrupted = true;
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
const track = (child) => {
  running.add(child);
  child.on('close', () => running.delete(child));
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/** A check counts as one test: passed when the command exits 0. */
const command =
  (args, options = {}) =>
  async () => {
    const [bin, ...rest] = args;
    console.log(`$ ${describeCommand(bin, rest)}`);
    const code = await run(bin, rest, { cwd: repoRoot, onSpawn: track, ...options });
    return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit code ${code}` };
  };

const listFiles = (dir, base = dir, into = new Map()) => {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, base, into);
    else into.set(path.relative(base, full), readFileSync(full, 'utf8'));
  }
  return into;
};

/** drizzle-kit generate against a copy of apps/api/drizzle: anything it writes means a migration is missing. */
const migrationsInSync = async () => {
  const work = path.join(tmp, 'migrations');
  const out = path.join(work, 'drizzle');
  mkdirSync(work, { recursive: true });
  cpSync(fromRoot('apps/api/drizzle'), out, { recursive: true });
  const before = listFiles(out);
  const config = path.join(work, 'drizzle.config.ts');
  // drizzle-kit reads `out` as relative to its working directory (it prefixes './'), so give it a relative path.
  const apiDir = fromRoot('apps/api');
  const settings = {
    dialect: 'postgresql',
    schema: './src/db/schema/index.ts',
    out: path.relative(apiDir, out).split(path.sep).join('/'),
  };
  writeFileSync(config, `export default ${JSON.stringify(settings, null, 2)};\n`);
  const args = ['drizzle-kit', 'generate', '--config', config];
  console.log(
    `$ (cd apps/api && npx ${describeCommand(args[0], args.slice(1))})  # against a copy of apps/api/drizzle`,
  );
  // No stdin: a rename question from drizzle-kit must fail the check, not wait for an answer.
  let output = '';
  const code = await npx(args, {
    cwd: apiDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeoutMs: 180_000,
    onSpawn: track,
    onOutput: (text) => {
      output += text;
    },
  });
  const after = listFiles(out);
  const created = [...after.keys()].filter((file) => !before.has(file));
  const changed = [...after.keys()].filter(
    (file) => before.has(file) && before.get(file) !== after.get(file),
  );
  if (created.length > 0 || changed.length > 0) {
    console.error(
      '\nThe schema (apps/api/src/db/schema) has changes that no migration in apps/api/drizzle covers.',
    );
    for (const file of created) console.error(`  drizzle-kit generate created: apps/api/drizzle/${file}`);
    for (const file of changed) console.error(`  drizzle-kit generate changed: apps/api/drizzle/${file}`);
    for (const file of created.filter((name) => name.endsWith('.sql'))) {
      console.error(`\n--- ${file} ---\n${after.get(file).trimEnd()}\n---`);
    }
    console.error('Run `npm run db:generate` and commit the migration.');
    return { passed: 0, failed: 1, note: `missing migration (${created.length} new file(s))` };
  }
  if (code !== 0) return { passed: 0, failed: 1, note: `drizzle-kit exit code ${code}` };
  // drizzle-kit exits 0 even when it fails (a missing snapshot, a bad schema): insist on its all-clear.
  if (!/No schema changes, nothing to migrate/i.test(output)) {
    console.error('drizzle-kit generate did not report "No schema changes"; see its output above.');
    return { passed: 0, failed: 1, note: 'drizzle-kit did not confirm the schema is unchanged' };
  }
  return { passed: 1, failed: 0 };
};

/**
 * The OpenAPI document the built server serves (scripts/lib/served-openapi.mjs), linted by Redocly's `recommended`
 * ruleset and Spectral's `spectral:oas`: each linter counts as one test, passed at 0 errors; a third fails when the
 * document holds a path outside /api. Warnings kept on purpose are listed in docs/integrator-guide.md.
 */
const prepareOpenapiLint = async ({ buildRan }) => {
  if (buildRan) return {};
  const built = await buildIfOutOfDate();
  return built === 0 ? {} : { failed: { passed: 0, failed: 1, note: `build failed (exit code ${built})` } };
};

const openapiLint = async () => {
  const file = path.join(tmp, 'openapi.json');
  console.log(
    '$ node apps/api/dist/server.js  # on a free port and a fresh data directory: GET /api/docs/json',
  );
  const served = await writeServedOpenApi(file, { onSpawn: track });
  if (served.error) return { passed: 0, failed: 1, note: `no document: ${served.error}` };
  console.log(`OpenAPI document: ${served.paths} paths, ${served.operations} operations -> ${file}`);
  const failed = [];
  if (served.outsideApi.length > 0) {
    console.error(`Paths outside /api in the served document: ${served.outsideApi.join(', ')}`);
    failed.push(`${served.outsideApi.length} path(s) outside /api`);
  }
  const ruleset = path.join(tmp, 'spectral.json');
  writeFileSync(ruleset, JSON.stringify({ extends: ['spectral:oas'] }));
  const linters = [
    ['redocly', ['redocly', 'lint', file, '--extends=recommended', '--format=stylish']],
    ['spectral', ['spectral', 'lint', file, '--ruleset', ruleset, '--fail-severity=error']],
  ];
  for (const [name, args] of linters) {
    console.log(`$ npx ${describeCommand(args[0], args.slice(1))}`);
    const code = await npx(args, { cwd: repoRoot, onSpawn: track });
    if (code !== 0) failed.push(`${name} exit code ${code}`);
  }
  return {
    passed: linters.length + 1 - failed.length,
    failed: failed.length,
    note: failed.join(', ') || undefined,
  };
};

/**
 * One Vitest project, counted from its JSON report. `node` (a major release, e.g. 24) runs it on that Node.js
 * instead of the machine's (scripts/lib/node-runtime.mjs), with `node` on the PATH meaning it for the processes the
 * suite starts too.
 */
const vitest =
  (workspace, { env = {}, node } = {}) =>
  async () => {
    const report = path.join(tmp, `vitest-${workspace.replaceAll('/', '-')}-${Date.now()}.json`);
    const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    const binary = node ? await nodeBinary(node, { onSpawn: track }) : undefined;
    const runtime = binary ? ` on Node ${await versionOf(binary)}` : '';
    console.log(`$ (cd ${workspace} && npx ${describeCommand(args[0], args.slice(1))})${runtime}`);
    const options = { cwd: fromRoot(workspace), env: { ...process.env, ...env }, onSpawn: track };
    const code = binary
      ? await run(binary, [fromRoot('node_modules/vitest/vitest.mjs'), ...args.slice(1)], {
          ...options,
          env: envWithNode(binary, options.env),
        })
      : await npx(args, options);
    const json = readJson(report);
    if (!json || typeof json.numPassedTests !== 'number') {
      return { passed: 0, failed: 1, note: `no readable JSON report (exit code ${code})` };
    }
    const result = {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      failures: vitestFailures(json),
    };
    if (code !== 0 && result.failed === 0) {
      const suites = json.numFailedTestSuites ? `, ${json.numFailedTestSuites} failed file(s)` : '';
      return { ...result, failed: 1, note: `exit code ${code} with no failed test${suites}` };
    }
    return result;
  };

/** Each failed test as 'file > name: first line of its error', for the list printed above the summary. */
const vitestFailures = (json) =>
  (json.testResults ?? []).flatMap((file) => {
    const where = path.relative(repoRoot, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      return [`${where}: ${firstLine(file.message) || 'the file failed to run'}`];
    return failed.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });

/** Each failed or flaky journey from Playwright's JSON report, the same way. */
const playwrightFailures = (json) => {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        out.push(
          `${spec.file}:${spec.line} > ${spec.title}${test.status === 'flaky' ? ' (flaky)' : ''}: ${firstLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  return out;
};

const firstLine = (text) =>
  stripVTControlCharacters(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 240);

const versionOf = async (binary) => {
  let version = '';
  await run(binary, ['--version'], { stdio: 'ignore', onOutput: (text) => (version += text), echo: false });
  return version.trim().replace(/^v/, '');
};

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** apt-get install of Debian packages (as root on Debian only); answers whether it succeeded. */
const aptInstall = async (packages) => {
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version')) return false;
  console.log(
    `Installing Debian ${packages.join(', ')}: apt-get update && apt-get install -y ${packages.join(' ')}`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const updated = await run('apt-get', ['update'], { env, onSpawn: track });
  const installed =
    updated === 0 ? await run('apt-get', ['install', '-y', ...packages], { env, onSpawn: track }) : updated;
  if (installed !== 0) console.error(`Installing ${packages.join(', ')} failed (exit code ${installed}).`);
  return installed === 0;
};

/** The browser for the journeys: Debian's headless shell when it is there or can be installed, else Chromium. */
const ensureChromium = async () => {
  const configured = process.env.CHROME_PATH?.trim();
  const found = findChromium({ headless: true });
  if (configured && !found) {
    console.error(`CHROME_PATH=${configured} is not an executable file.`);
    return undefined;
  }
  if (found === HEADLESS_SHELL || configured) return found;
  // The journeys run in a sixth less CPU in the headless shell (scripts/lib/chromium.mjs): worth a short install.
  if (await aptInstall(found ? ['chromium-headless-shell'] : ['chromium', 'chromium-headless-shell'])) {
    return findChromium({ headless: true });
  }
  if (found) return found;
  console.error(
    'Chromium is needed for the e2e journeys: install it (Debian/Ubuntu: apt-get install -y chromium ' +
      'chromium-headless-shell) or set CHROME_PATH to a Chromium/Chrome executable.',
  );
  return undefined;
};

/** Chromium and an up-to-date build, before the journeys start (in the foreground: it may install or build). */
const prepareE2e = async ({ buildRan }) => {
  const chromium = await ensureChromium();
  if (!chromium)
    return { failed: { passed: 0, failed: 1, note: 'no Chromium (install it or set CHROME_PATH)' } };
  if (!buildRan) {
    const built = await buildIfOutOfDate();
    if (built !== 0) return { failed: { passed: 0, failed: 1, note: `build failed (exit code ${built})` } };
  }
  return { chromium };
};

/**
 * Playwright journeys in Chromium against the built server (scripts/e2e-server.mjs) on a fresh data directory.
 * `output` receives the command's output when the step runs in the background (printed later in one piece).
 */
const e2e = async ({ chromium }, output) => {
  const port = process.env.E2E_PORT || String(await freePort());
  const report = path.join(tmp, `playwright-${Date.now()}.json`);
  const env = {
    ...process.env,
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    CI: '1',
    E2E_PORT: port,
    E2E_BASE_URL: process.env.E2E_BASE_URL || `http://127.0.0.1:${port}`,
  };
  const say = (text) => (output ? output(`${text}\n`) : console.log(text));
  say(`$ (cd apps/web && npx playwright test)  # Chromium ${chromium}, server on port ${port}`);
  const code = await npx(['playwright', 'test'], {
    cwd: fromRoot('apps/web'),
    env,
    onSpawn: track,
    ...(output ? { onOutput: output, echo: false } : {}),
  });
  const json = readJson(report);
  const stats = json?.stats;
  if (!stats || typeof stats.expected !== 'number') {
    return { passed: 0, failed: 1, note: `no readable JSON report (exit code ${code})` };
  }
  const result = {
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    note: stats.flaky ? `${stats.flaky} flaky` : undefined,
    failures: playwrightFailures(json),
  };
  if (code !== 0 && result.failed === 0)
    return { ...result, failed: 1, note: `exit code ${code} with no failed test` };
  return result;
};

const steps = [
  { name: 'lint', run: command(['npx', 'biome', 'check', '.']) },
  { name: 'typecheck', run: command(['npm', 'run', 'typecheck']) },
  { name: 'migrations in sync', run: migrationsInSync },
  { name: 'build', run: command(['npm', 'run', 'build']) },
  // First-load JavaScript per route from the build's manifest (deterministic sizes; Lighthouse: docs/performance.md).
  { name: 'bundle budget', run: command(['node', 'apps/web/build-tools/bundle-budget.mjs']) },
  // The journeys mostly wait on a browser and a server: they run beside the suites below (TEST_SERIAL=1: in turn),
  // which keeps `npm test` well under 20 minutes on two cores. Their output is printed in one piece at the end.
  { name: 'e2e', prepare: prepareE2e, run: e2e, background: !process.env.TEST_SERIAL },
  { name: 'openapi lint', prepare: prepareOpenapiLint, run: openapiLint },
  { name: 'contract', run: vitest('packages/contract') },
  { name: 'contract (node 24)', run: vitest('packages/contract', { node: 24 }) },
  // The SDK: unit tests, the built package in a project outside the monorepo, and the client against a started API.
  { name: 'sdk', run: vitest('packages/sdk') },
  { name: 'api (pglite)', run: vitest('apps/api', { env: { TEST_DB_KIND: 'pglite' } }) },
  // The API suite's second pass runs on Node 24 against PostgreSQL (on PGlite when TEST_DATABASE_URL is unset), so
  // that both releases and both database kinds are covered without a third pass (README: Node.js versions).
  {
    name: 'api (node 24)',
    run: async () => {
      const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
      if (kind === 'pglite') console.log('TEST_DATABASE_URL is not set: this pass runs on PGlite too.');
      const outcome = await vitest('apps/api', { env: { TEST_DB_KIND: kind }, node: 24 })();
      return {
        ...outcome,
        note: [kind === 'postgres' ? 'PostgreSQL' : 'PGlite', outcome.note].filter(Boolean).join('; '),
      };
    },
  },
  { name: 'web', run: vitest('apps/web') },
];

const results = [];
const record = (name, status, fields) =>
  results.push({ name, status, passed: 0, failed: 0, skipped: 0, ms: 0, ...fields });
const only = process.env.TEST_ONLY?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !steps.some((step) => step.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`TEST_ONLY names unknown step(s): ${unknown.join(', ')}`);
  console.error(`Steps: ${steps.map((step) => step.name).join(', ')}`);
  record('TEST_ONLY', 'failed', { failed: 1, note: 'unknown step' });
}

console.log('==> dependencies');
if (!(await ensureInstalled())) {
  record('install', 'failed', { failed: 1, note: 'npm install failed' });
}

const selected = steps.filter((step) => !only || only.includes(step.name));
const context = { buildRan: selected.some((step) => step.name === 'build') };
const errored = (step, error) => {
  console.error(`${step.name} errored: ${error?.stack ?? error}`);
  return { passed: 0, failed: 1, note: `errored: ${error?.message ?? error}` };
};
const finish = (step, outcome, ms) => {
  const status = outcome.failed > 0 ? 'failed' : 'passed';
  record(step.name, status, { ...outcome, ms });
  console.log(`<== ${step.name}: ${status} (${(ms / 1000).toFixed(1)} s)`);
};
const background = [];
for (const step of unknown.length > 0 ? [] : selected) {
  if (interrupted) {
    record(step.name, 'not run', { note: 'interrupted' });
    continue;
  }
  console.log(`\n==> ${step.name}`);
  const reason = step.skip?.();
  if (reason) {
    console.log(`Skipped: ${reason}.`);
    record(step.name, 'skipped', { note: reason });
    continue;
  }
  const began = Date.now();
  let prepared = {};
  try {
    prepared = (await step.prepare?.(context)) ?? {};
  } catch (error) {
    prepared = { failed: errored(step, error) };
  }
  if (prepared.failed) {
    finish(step, prepared.failed, Date.now() - began);
    continue;
  }
  if (step.background) {
    console.log('Started in the background: its output follows the other steps.');
    const chunks = [];
    const promise = step
      .run({ ...context, ...prepared }, (text) => chunks.push(text))
      .catch((error) => errored(step, error))
      .then((outcome) => ({ outcome, ms: Date.now() - began, chunks }));
    background.push({ step, promise });
    continue;
  }
  let outcome;
  try {
    outcome = await step.run({ ...context, ...prepared });
  } catch (error) {
    outcome = errored(step, error);
  }
  finish(step, outcome, Date.now() - began);
}
for (const { step, promise } of background) {
  const { outcome, ms, chunks } = await promise;
  console.log(`\n==> ${step.name} (ran in the background)`);
  process.stdout.write(chunks.join(''));
  finish(step, outcome, ms);
}

// Summary table, then the one line CI reads.
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const total = results.reduce(
  (sum, row) => ({
    passed: sum.passed + row.passed,
    failed: sum.failed + row.failed,
    skipped: sum.skipped + row.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const rows = [
  ['step', 'result', 'passed', 'failed', 'skipped', 'time', 'note'],
  ...results.map((row) => [
    row.name,
    row.status,
    String(row.passed),
    String(row.failed),
    String(row.skipped),
    row.ms ? seconds(row.ms) : '-',
    row.note ?? '',
  ]),
  [
    'total',
    total.failed > 0 ? 'FAILED' : 'ok',
    String(total.passed),
    String(total.failed),
    String(total.skipped),
    seconds(Date.now() - startedAt),
    '',
  ],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
const numeric = new Set([2, 3, 4, 5]);
const format = (row) =>
  row
    .map((cell, column) =>
      numeric.has(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
    )
    .join('  ')
    .trimEnd();
// The failed tests by name, so that the tail of a long log says which ones without a search through it.
const failures = results.flatMap((row) => (row.failures ?? []).map((line) => `${row.name}: ${line}`));
if (failures.length > 0) {
  console.log('\nFailed tests');
  for (const line of failures.slice(0, 30)) console.log(`  ${line}`);
  if (failures.length > 30) console.log(`  ... and ${failures.length - 30} more (above)`);
}
console.log('\nSummary');
console.log(format(rows[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows.slice(1, -1)) console.log(format(row));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
console.log(format(rows.at(-1)));
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed > 0 || interrupted ? 1 : 0;
