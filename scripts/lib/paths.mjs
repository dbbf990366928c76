import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file rather than from the working directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A path inside the repository. */
export const fromRoot = (...parts) => path.join(repoRoot, ...parts);
