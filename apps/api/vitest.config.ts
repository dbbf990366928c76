import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Every answer a test receives is checked against the OpenAPI document (test/response-contract.ts).
    setupFiles: ['./test/response-contract-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two cores: a few files at a time.
    maxWorkers: 2,
  },
});
