import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    // Every answer a test receives is checked against the OpenAPI document (test/response-contract.ts).
    setupFiles: ['./test/response-contract-setup.ts'],
    // Limits that hold on a slow 2-core machine under `npm test`'s load (machines of this kind differ threefold in
    // speed, and the journeys run beside this suite): a limit catches a hang, it does not measure speed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry; two cores: a few files at a time.
    maxWorkers: 2,
    // Files share their worker's modules instead of importing the app afresh each (about half the suite's CPU on
    // two cores). Each file still builds its own app and database; no test mocks modules or changes globals.
    isolate: false,
  },
});
