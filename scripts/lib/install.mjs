import { existsSync, utimesSync } from 'node:fs';
import { mtimeOf } from './freshness.mjs';
import { fromRoot, repoRoot } from './paths.mjs';
import { npm } from './run.mjs';

/** Why dependencies need installing, or undefined when node_modules is in step with package-lock.json. */
export const installReason = () => {
  if (!existsSync(fromRoot('node_modules'))) return 'node_modules is missing';
  const installed = mtimeOf(fromRoot('node_modules', '.package-lock.json'));
  if (installed === undefined) return 'node_modules/.package-lock.json is missing';
  const locked = mtimeOf(fromRoot('package-lock.json'));
  if (locked !== undefined && locked > installed) return 'package-lock.json is newer than node_modules';
  return undefined;
};

/**
 * Runs `npm install` when node_modules is missing or older than package-lock.json.
 * Resolves true when dependencies are in place, false when the install failed.
 */
export const ensureInstalled = async () => {
  const reason = installReason();
  if (!reason) return true;
  console.log(`Installing dependencies (${reason}): npm install --no-audit --no-fund`);
  const code = await npm(['install', '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (code !== 0) {
    console.error(`npm install failed (exit code ${code}).`);
    return false;
  }
  // npm may leave package-lock.json a little newer than its own record; mark the install as current.
  const marker = fromRoot('node_modules', '.package-lock.json');
  if (existsSync(marker)) {
    const now = new Date();
    utimesSync(marker, now, now);
  }
  return true;
};
