// `npm run lighthouse`: Lighthouse (desktop preset) on the log-in, dashboard, customers, users, settings, badge editor,
// economy transactions, integrations, rewards, reward editor, redemptions report and customer import pages of
// the built server, in Debian's Chromium (CHROME_PATH), signed in for the console pages. A measurement for
// docs/performance.md, not a test: timings depend on the machine and its load.
//
// Like `npm start` it first builds what is out of date, then starts the built server on LIGHTHOUSE_PORT (default 8180)
// with a fresh data directory (WEB_DIST_DIR serves another console build), registers a business through the API, puts
// it on the BUSINESS plan and adds 20 customers, signs in, and runs each page LIGHTHOUSE_RUNS times (default 3) with a
// cold HTTP cache, printing the median run of each as a table. LIGHTHOUSE_URL=<origin> measures a server that is
// already running instead (it still registers its own business there).
// Needs `lighthouse` (a dev dependency: it drives Chromium through the puppeteer-core it depends on).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildIfOutOfDate } from './lib/build.mjs';
import { findChromium } from './lib/chromium.mjs';
import { fromRoot, repoRoot } from './lib/paths.mjs';

const require = createRequire(import.meta.url);
const SESSION_KEY = 'laurel.user';
const PASSWORD = 'Correct-Horse-42';
const CUSTOMERS = 20;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  { name: 'log-in', path: '/welcome/log-in', signedIn: false },
  { name: 'dashboard', path: '/console/dashboard', signedIn: true },
  { name: 'customers', path: '/console/customers', signedIn: true },
  { name: 'users', path: '/console/users', signedIn: true },
  { name: 'settings', path: '/console/settings/account', signedIn: true },
  { name: 'badge editor', path: '/console/badge', signedIn: true },
  { name: 'economy transactions', path: '/console/economics/transactions', signedIn: true },
  { name: 'integrations', path: '/console/settings/integrations', signedIn: true },
  { name: 'rewards', path: '/console/rewards', signedIn: true },
  { name: 'reward editor', path: '/console/reward', signedIn: true },
  { name: 'redemptions report', path: '/console/rewards/redemptions', signedIn: true },
  { name: 'customer import', path: '/console/customers/import', signedIn: true },
];

const chrome = findChromium();
if (!chrome) {
  console.error('No Chromium found: set CHROME_PATH.');
  process.exit(1);
}
let lighthouse;
let desktopConfig;
let puppeteer;
try {
  ({ default: lighthouse, desktopConfig } = await import('lighthouse'));
  puppeteer = (await import(require.resolve('puppeteer-core', { paths: [require.resolve('lighthouse')] })))
    .default;
} catch {
  console.error('Lighthouse is not installed: run `npm install` (it is a dev dependency).');
  process.exit(1);
}

const cleanups = [];
const cleanUp = () => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
};
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

const startServer = async () => {
  const port = process.env.LIGHTHOUSE_PORT ?? '8180';
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'laurel-lighthouse-'));
  const server = spawn(process.execPath, [fromRoot('apps/api/dist/server.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '0',
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  });
  cleanups.push(() => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit code ${server.exitCode})`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return origin;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not answer /api/health within 2 minutes');
};

const api = async (origin, method, route, body, token) => {
  const response = await fetch(`${origin}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return JSON.parse(text).content;
};

/** A business on the BUSINESS plan with CUSTOMERS customers; returns the admin's session as sign-in gives it. */
const prepareBusiness = async (origin) => {
  const unique = Date.now().toString(36);
  const email = `owner-${unique}@beanthere.co.za`;
  await api(origin, 'POST', '/v2/self-onboard/create/client', {
    alias: 'Bean There',
    name: 'Bean There Coffee (Pty) Ltd',
    id_number: '2020/123456/07',
    type: 'ENTITY',
    address: {
      full_address: '1 Long Street, Cape Town, 8001, South Africa',
      coordinates: { lat: -33.9189, lng: 18.4233 },
    },
    client_user: {
      name: 'Thandi',
      surname: 'Nkosi',
      email,
      password: PASSWORD,
      cell_country_code: '+27',
      cell_number: '0821234567',
      birthday: '1990-05-14',
      get_communication: false,
      agrees_terms_and_conditions: true,
    },
    offering: {
      experience: 'I sell in store',
      product_types: ['Food and beverages'],
      industry: 'Coffee and cafés',
    },
  });
  const signIn = () =>
    api(origin, 'POST', '/v2/client-user/signin', { email, password: PASSWORD, remember_me: true });
  const first = await signIn();
  await api(origin, 'POST', '/billing/plan', { plan: 'BUSINESS' }, first.client_token);
  for (let index = 1; index <= CUSTOMERS; index += 1) {
    await api(
      origin,
      'POST',
      '/user/sign_up',
      {
        name: `Customer${String.fromCharCode(64 + index)}`,
        surname: 'Lighthouse',
        email: `customer-${index}-${unique}@beanthere.co.za`,
        cell_number: `08300000${String(index).padStart(2, '0')}`,
      },
      first.client_token,
    );
  }
  return signIn();
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const measure = async (browser, origin, page, session) => {
  const tab = await browser.newPage();
  await tab.goto(`${origin}/welcome/log-in`, { waitUntil: 'load' });
  await tab.evaluate(
    (key, value) => {
      window.sessionStorage.clear();
      window.localStorage.clear();
      if (value) window.localStorage.setItem(key, value);
    },
    SESSION_KEY,
    page.signedIn ? JSON.stringify(session) : null,
  );
  const cdp = await tab.createCDPSession();
  const runs = [];
  for (let attempt = 0; runs.length < RUNS; attempt += 1) {
    if (attempt >= RUNS * 2) throw new Error(`${page.path}: Lighthouse failed to record ${RUNS} runs`);
    // A cold HTTP cache each run; the stored session stays (Lighthouse's own storage reset would sign out).
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      `${origin}${page.path}`,
      {
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility'],
      },
      desktopConfig,
      tab,
    );
    // A trace Lighthouse could not read (e.g. NO_NAVSTART) says nothing about the page: run again.
    if (result.lhr.runtimeError) continue;
    const { categories, audits } = result.lhr;
    const scripts = audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    );
    runs.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      scriptKb: (scripts?.transferSize ?? 0) / 1024,
      finalUrl: result.lhr.finalDisplayedUrl,
    });
  }
  await tab.close();
  const chosen = runs.find((run) => run.performance === median(runs.map((each) => each.performance)));
  return { ...chosen, all: runs.map((run) => run.performance) };
};

if (!process.env.LIGHTHOUSE_URL && (await buildIfOutOfDate()) !== 0) process.exit(1);
const origin = process.env.LIGHTHOUSE_URL ?? (await startServer());
const session = await prepareBusiness(origin);
const browser = await puppeteer.launch({
  executablePath: chrome,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
cleanups.push(() => void browser.close());

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const rows = [];
for (const page of PAGES) {
  const result = await measure(browser, origin, page, session);
  if (!result.finalUrl.endsWith(page.path)) throw new Error(`${page.path} ended on ${result.finalUrl}`);
  rows.push([
    `\`${page.path}\``,
    `${result.performance} (${result.all.join(', ')})`,
    String(result.accessibility),
    seconds(result.fcp),
    seconds(result.lcp),
    `${Math.round(result.tbt)} ms`,
    result.cls.toFixed(3),
    `${result.scriptKb.toFixed(0)} KB`,
  ]);
  console.error(`${page.name}: performance ${result.all.join(', ')}`);
}
const header = ['route', 'performance (runs)', 'accessibility', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column].length)),
);
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
await browser.close();
process.exit(0);
