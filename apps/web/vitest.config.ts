import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Typing through user-event is slow on a busy 2-core machine (and machines of this kind differ threefold in
      // speed); a test is about behaviour, not speed.
      testTimeout: 60_000,
    },
  }),
);
