// Bundle budget (`npm test` step, after the build): the JavaScript each route's first load fetches, gzip-compressed
// as the server sends it, from the build's manifest (apps/web/dist/.vite/manifest.json). Sizes are deterministic
// for a given build, so this is a pass/fail check, unlike Lighthouse's timings (README).
//
// A route's first load is the entry (index.html's script and everything it imports statically) plus the area's
// lazy page chunk (features/<area>/pages/index.tsx) and its static imports; the console's pages add the console
// layout too. Fails when any route exceeds its budget, or when the welcome area's first load holds console code.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** The goal (issue 16): at most 200 KB of JavaScript (gzip) for the first load of any route. */
const TARGET = 200 * KB;
/**
 * Where a route is not there yet, its ceiling (KB) is today's size and a little headroom, so that the step
 * fails on growth while the split continues (README). Lower these as routes shrink; never raise them quietly.
 */
const CEILINGS = JSON.parse(readFileSync(new URL('./bundle-ceilings.json', import.meta.url), 'utf8'));
/** Areas that land later get the largest ceiling of today's console pages until they have their own. */
const DEFAULT_CEILING = Math.max(...Object.values(CEILINGS).filter((value) => typeof value === 'number'));
const budgetOf = (name) => Math.max(TARGET, (CEILINGS[name] ?? DEFAULT_CEILING) * KB);

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gzipSize = (file) => {
  const full = path.join(dist, file);
  const precompressed = `${full}.gz`;
  return existsSync(precompressed)
    ? readFileSync(precompressed).length
    : gzipSync(readFileSync(full), { level: 9 }).length;
};

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
const closure = (key, into = new Set()) => {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
};

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
const area = (key) => key.match(/src\/features\/([^/]+)\/pages\/index\.tsx?$/)?.[1];
const consoleLayoutKey = Object.keys(manifest).find((key) =>
  key.endsWith('src/app/console/console-layout.tsx'),
);

const routes = [{ name: 'entry (index.html)', keys: [entryKey] }];
for (const key of Object.keys(manifest).filter(area).sort()) {
  const name = area(key);
  const isConsole = !['welcome', 'legal'].includes(name);
  routes.push({
    name,
    keys: [entryKey, key, ...(isConsole && consoleLayoutKey ? [consoleLayoutKey] : [])],
  });
}

let failed = 0;
const rows = [];
for (const route of routes) {
  const keys = new Set();
  for (const key of route.keys) closure(key, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const problems = [];
  const budget = budgetOf(route.name);
  if (bytes > budget) problems.push(`over its ${budget / KB} KB budget`);
  else if (bytes > TARGET)
    problems.push(`within its ${budget / KB} KB ceiling, over the ${TARGET / KB} KB goal`);
  if (route.name === 'welcome') {
    const consoleCode = [...keys].filter(
      (key) => key === consoleLayoutKey || (area(key) && !['welcome', 'legal'].includes(area(key))),
    );
    if (consoleCode.length > 0) problems.push(`loads console code: ${consoleCode.join(', ')}`);
  }
  if (problems.some((problem) => !problem.startsWith('within'))) failed += 1;
  rows.push([route.name, String(files.length), `${(bytes / KB).toFixed(1)} KB`, problems.join('; ') || 'ok']);
}

const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length), 10));
console.log(
  `First-load JavaScript per route (gzip); goal ${TARGET / KB} KB, ceilings in bundle-ceilings.json:`,
);
for (const row of rows) {
  console.log(
    `  ${row[0].padEnd(widths[0])}  ${row[1].padStart(3)} files  ${row[2].padStart(widths[2])}  ${row[3]}`,
  );
}
if (failed > 0) {
  console.error(`${failed} route(s) over budget or loading what they should not.`);
  process.exit(1);
}
