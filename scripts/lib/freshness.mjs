import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/** mtime in ms of a path, or undefined when it does not exist. */
export const mtimeOf = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * Newest mtime under the given files and directories (recursively; node_modules, dist and .git are skipped).
 * Directories count too, so deleting or renaming a file also makes the output out of date. Missing paths are ignored.
 */
export const newestMtime = (inputs) => {
  let newest = 0;
  const visit = (entry) => {
    let stats;
    try {
      stats = statSync(entry);
    } catch {
      return;
    }
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) return;
    for (const child of readdirSync(entry, { withFileTypes: true })) {
      if (child.isDirectory() && SKIPPED_DIRS.has(child.name)) continue;
      visit(path.join(entry, child.name));
    }
  };
  for (const input of inputs) visit(input);
  return newest;
};

/** True when `output` is missing or older than anything under `inputs`. */
export const isOutOfDate = (output, inputs) => {
  const built = mtimeOf(output);
  if (built === undefined) return true;
  return newestMtime(inputs) > built;
};
