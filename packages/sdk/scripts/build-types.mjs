// Declarations for dist/: `tsc` emits those of the SDK and of the contract it names (the contract is private, so its
// types ship inside the package, under dist/types/contract), then this makes them resolvable by any consumer
// (moduleResolution node16, nodenext or bundler): `@laurel/contract` becomes a relative path and every relative
// specifier gets its `.js`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
// `--out <dir>` builds elsewhere than dist/ (the package test builds into a temporary directory).
const outFlag = process.argv.indexOf('--out');
const outDir = outFlag > 0 ? path.resolve(process.argv[outFlag + 1] ?? '') : path.join(sdkDir, 'dist');
const typesDir = path.join(outDir, 'types');
const contractIndex = path.join(typesDir, 'contract', 'src', 'index.d.ts');

const tsc = path.join(sdkDir, '..', '..', 'node_modules', '.bin', 'tsc');
execFileSync(tsc, ['-p', path.join(sdkDir, 'tsconfig.build.json'), '--outDir', typesDir], {
  stdio: 'inherit',
});

const declarations = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return declarations(full);
    return entry.name.endsWith('.d.ts') ? [full] : [];
  });

const relative = (from, to) => {
  const link = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return link.startsWith('.') ? link : `./${link}`;
};

const resolveSpecifier = (file, specifier) => {
  if (specifier === '@laurel/contract') return relative(file, contractIndex).replace(/\.d\.ts$/, '.js');
  if (!specifier.startsWith('.') || /\.(js|mjs|cjs|json)$/.test(specifier)) return specifier;
  const target = path.resolve(path.dirname(file), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(path.join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  throw new Error(`${file}: cannot resolve ${specifier}`);
};

let rewritten = 0;
for (const file of declarations(typesDir)) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(
    /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\2/g,
    (_, lead, quote, specifier) => `${lead}${quote}${resolveSpecifier(file, specifier)}${quote}`,
  );
  if (next !== text) {
    writeFileSync(file, next);
    rewritten += 1;
  }
}
writeFileSync(path.join(outDir, 'index.d.ts'), "export * from './types/sdk/src/index.js';\n");
console.log(`declarations: ${declarations(typesDir).length} files under dist/types (${rewritten} rewritten)`);
