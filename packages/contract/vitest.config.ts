import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The tests are pure functions of the schemas: files share their worker's modules instead of importing zod and
    // the contract afresh each (the suite's tests take under a second; importing per file took most of its 30 s).
    isolate: false,
  },
});
