import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (name) => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
};

/**
 * The Chromium to drive: CHROME_PATH when set (undefined when it does not point at an executable), else
 * /usr/bin/chromium, else chromium / chromium-browser on PATH. Undefined when none is found.
 * `headless: true` prefers Debian's headless shell (package chromium-headless-shell), the browser Playwright itself
 * runs headless tests in: it does the journeys' work with about a sixth less CPU than the full browser.
 */
export const findChromium = ({ headless = false } = {}) => {
  const configured = process.env.CHROME_PATH?.trim();
  if (configured) return isExecutable(configured) ? configured : undefined;
  if (headless && isExecutable('/usr/bin/chromium-headless-shell')) return '/usr/bin/chromium-headless-shell';
  if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
  return onPath('chromium') ?? onPath('chromium-browser');
};
