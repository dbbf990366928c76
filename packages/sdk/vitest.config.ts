import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The integration test starts the API as a process on a fresh data directory.
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
