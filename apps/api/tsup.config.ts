import { defineConfig } from 'tsup';

// src/ and dist/ sit at the same depth, so paths computed in src/paths.ts hold for both.
export default defineConfig({
  entry: { server: 'src/server.ts', worker: 'src/worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: [/^@laurel\//],
});
