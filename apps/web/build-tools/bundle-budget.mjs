// Bundle budget (`npm test` step, after the build): the JavaScript each route's first load fetches, gzip-compressed
// as the server sends it, from the build's manifest (apps/web/dist/.vite/manifest.json). Sizes are deterministic
// for a given build, so this is a pass/fail check, unlike Lighthouse's timings (docs/performance.md).
//
// A route is a page module the router loads lazily (dynamic imports under src/features/ of the entry's code). Its first load
// is the entry (index.html's script and its static imports), the layouts around the page (the console layout for
// every console area; an area's own `*-layout.tsx`, e.g. settings and welcome) and the page, each with its static
// imports. Code a page loads later on a click (dialogs, menus, a field's dropdown) is not part of it. Fails when a
// route exceeds 200 KB, or when a welcome page's first load holds console code. What a page loads just after it
// renders without a click (AFTER_FIRST_PAINT) is printed beside it, so that nothing heavy hides there.
//
// `node bundle-budget.mjs [dist]` reads another build's output (default: apps/web/dist).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** The budget (issues 16 and 23): at most 200 KB of JavaScript (gzip) for the first load of every route. */
const TARGET = 200 * KB;
/**
 * Chunks a page loads right after it renders, with no click: shown beside the route (they are not its first load,
 * and the page is usable before they arrive). The challenge editor's flow canvas, behind a loader of its size; the
 * customer profile's tables.
 */
const AFTER_FIRST_PAINT = {
  'challenges/challenge-page': ['src/features/challenges/components/challenge-canvas.tsx'],
  // The profile's tables below its fold (orders, baskets, subscriptions, rewards).
  'customers/customer-profile-page': ['src/features/customers/components/profile-tables.tsx'],
};
/** Areas outside the console: no console layout around their pages. */
const PUBLIC_AREAS = new Set(['welcome', 'legal']);
const CONSOLE_LAYOUT = 'src/app/console/console-layout.tsx';

const dist = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url)));
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
const areaOf = (key) => key.match(/^src\/features\/([^/]+)\//)?.[1];
const isLayout = (key) => /-layout\.tsx?$/.test(key);
// The router's lazy pages: dynamic imports of the entry or of a chunk it loads up front.
const lazyModules = [
  ...new Set([...closure(entryKey)].flatMap((key) => manifest[key].dynamicImports ?? [])),
].filter((key) => manifest[key] && key !== entryKey);
const pages = lazyModules.filter((key) => areaOf(key) && !isLayout(key)).sort();
const areaLayouts = lazyModules.filter((key) => areaOf(key) && isLayout(key));
if (!lazyModules.includes(CONSOLE_LAYOUT))
  throw new Error(`${CONSOLE_LAYOUT} is not loaded lazily by the entry`);
if (pages.length === 0) throw new Error('The entry loads no page lazily: is every route in the first load?');

/** `customers/customers-page`: the area and the page's file name. */
const routeName = (key) => `${areaOf(key)}/${path.basename(key).replace(/\.tsx?$/, '')}`;
const routes = [{ name: 'entry (index.html)', keys: [entryKey] }];
for (const page of pages) {
  const area = areaOf(page);
  const layouts = [
    ...(PUBLIC_AREAS.has(area) ? [] : [CONSOLE_LAYOUT]),
    ...areaLayouts.filter((layout) => areaOf(layout) === area),
  ];
  routes.push({ name: routeName(page), area, keys: [entryKey, ...layouts, page] });
}

const unknownLater = Object.keys(AFTER_FIRST_PAINT).filter(
  (name) => !routes.some((route) => route.name === name),
);
let failed = 0;
const rows = [];
for (const route of routes) {
  const keys = new Set();
  for (const key of route.keys) closure(key, keys);
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const problems = [];
  if (bytes > TARGET) problems.push(`over the ${TARGET / KB} KB budget`);
  if (PUBLIC_AREAS.has(route.area)) {
    const consoleCode = [...keys].filter(
      (key) =>
        key === CONSOLE_LAYOUT || (areaOf(key) && !PUBLIC_AREAS.has(areaOf(key)) && pages.includes(key)),
    );
    if (consoleCode.length > 0) problems.push(`loads console code: ${consoleCode.join(', ')}`);
  }
  if (problems.length > 0) failed += 1;
  const notes = [...problems];
  const later = AFTER_FIRST_PAINT[route.name] ?? [];
  if (later.length > 0) {
    const laterKeys = new Set();
    for (const key of later) closure(key, laterKeys);
    const laterBytes = [...laterKeys]
      .filter((key) => !keys.has(key))
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSize(file), 0);
    const names = later.map((key) => path.basename(key).replace(/\.tsx?$/, '')).join(', ');
    notes.push(`then ${(laterBytes / KB).toFixed(1)} KB after first paint (${names})`);
  }
  rows.push([route.name, String(files.length), `${(bytes / KB).toFixed(1)} KB`, notes.join('; ') || 'ok']);
}

const widths = [0, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
console.log(`First-load JavaScript per route (gzip); budget ${TARGET / KB} KB:`);
for (const row of rows) {
  console.log(
    `  ${row[0].padEnd(widths[0])}  ${row[1].padStart(3)} files  ${row[2].padStart(widths[1])}  ${row[3]}`,
  );
}
if (unknownLater.length > 0) {
  console.error(`AFTER_FIRST_PAINT names routes the build does not have: ${unknownLater.join(', ')}.`);
  failed += 1;
}
if (failed > 0) {
  console.error(`${failed} route(s) over budget or loading what they should not.`);
  process.exit(1);
}
