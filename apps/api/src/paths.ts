import { fileURLToPath } from 'node:url';

// This file sits directly under src/, and the bundle directly under dist/: the same relative paths hold for both.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const API_PACKAGE_JSON = fileURLToPath(new URL('../package.json', import.meta.url));
export const TERMS_FILE = fileURLToPath(new URL('../content/terms-and-conditions.md', import.meta.url));
