import { defineConfig } from 'tsup';

// The JavaScript only: one ESM file for Node 20+ and browsers. The client imports nothing from the contract or zod
// at run time (their types only), so neither lands in the bundle. Declarations come from `tsc` (build-types.mjs),
// since TypeScript 7 has no JavaScript API for tsup's `dts`.
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  platform: 'neutral',
  target: 'es2022',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  dts: false,
  external: ['zod', '@laurel/contract'],
});
