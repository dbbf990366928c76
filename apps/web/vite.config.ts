import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractForBrowser } from './build-tools/contract-for-browser';
import { precompress } from './build-tools/precompress';
import { scrollAreaRefs } from './build-tools/scroll-area-refs';

const apiTarget = process.env.LAUREL_API_URL ?? 'http://localhost:8080';

/**
 * React and the router, which every page needs, form one long-cached vendor chunk. Mantine and TanStack Query are
 * left to the bundler: a Mantine component goes to the chunks of the pages that use it, so the log-in page does
 * not fetch the console's tables, dates and charts. Each page loads as its own chunk.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
];

export default defineConfig({
  plugins: [react(), contractForBrowser(), scrollAreaRefs(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by build-tools/bundle-budget.mjs (an `npm test` step); the server does not serve dot-directories.
    manifest: true,
    rolldownOptions: {
      // The entry exports nothing; without this, the common-chunk inlining below is not allowed.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: vendorGroups,
          // Code shared by a few pages (an icon, a contract constant, a Mantine part) is copied into each chunk that
          // uses it when under 20 KB of source, instead of being a file of its own: a console page's first load went
          // from about 95 files to 15, which on HTTP/1.1 (6 at a time) had kept its API calls waiting
          // (docs/performance.md).
          experimentalInlineCommonChunks: { maxSize: 20_000 },
        },
      },
    },
  },
});
