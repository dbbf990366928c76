import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHIM = fileURLToPath(new URL('./scroll-area-refs-shim.ts', import.meta.url));
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * Mantine's ScrollArea takes one hook, `useMergeRefs`, from `@floating-ui/react`; that import made every page with a
 * table load all of floating positioning (about 15 KB gzip) that only popovers and tooltips use. Its import is
 * answered by a shim built on `@mantine/hooks`' own ref merging instead.
 */
export const scrollAreaRefs = (): Plugin => ({
  name: 'laurel-scroll-area-refs',
  enforce: 'pre',
  resolveId: (source, importer) =>
    source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer) ? SHIM : undefined,
});
