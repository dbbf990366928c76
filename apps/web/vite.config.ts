import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build-tools/precompress';

const apiTarget = process.env.LAUREL_API_URL ?? 'http://localhost:8080';

/** Libraries every page needs go to a few long-cached vendor chunks; each area's pages load as their own chunk. */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'vendor-mantine',
    test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
];

export default defineConfig({
  plugins: [react(), precompress()],
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
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
        // Name each area's lazy chunk after its area (welcome-*.js, dashboard-*.js) rather than "pages".
        chunkFileNames: (chunk) => {
          const area = chunk.facadeModuleId?.match(
            /[\\/]features[\\/]([^\\/]+)[\\/]pages[\\/]index\.tsx?$/,
          )?.[1];
          return `assets/${area ?? '[name]'}-[hash].js`;
        },
      },
    },
  },
});
