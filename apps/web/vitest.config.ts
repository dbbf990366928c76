import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Tests of what loads on first use (a lazy chunk, a mocked module) need the module registry to themselves: a file
 * that ran before in the same worker would have loaded it already.
 */
const needsOwnModules = [
  'src/ui/lazy-select.test.tsx',
  'src/ui/lazy-tooltip.test.tsx',
  'src/app/overlay-hosts.test.tsx',
  'src/app/preload-route.test.tsx',
  // Mocks the fields' code modules and submits forms: neither may leak into another file's registry or window.
  'src/ui/lazy-field/lazy-fields.test.tsx',
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Typing through user-event is slow on a busy 2-core machine (and machines of this kind differ threefold in
      // speed); a test is about behaviour, not speed.
      testTimeout: 60_000,
      // Vitest's default on two cores is one worker.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            include: ['src/**/*.test.{ts,tsx}', 'build-tools/**/*.test.ts'],
            exclude: needsOwnModules,
            // Each file importing the console afresh (its own happy-dom, Mantine, the pages) cost a third of the
            // suite's time; files share one module registry per worker instead (setup.ts clears what a test leaves).
            isolate: false,
          },
        },
        { extends: true, test: { name: 'web (isolated)', include: needsOwnModules, isolate: true } },
      ],
    },
  }),
);
