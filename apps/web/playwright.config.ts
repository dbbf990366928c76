import { defineConfig, devices } from '@playwright/test';

// The server listens on E2E_PORT (scripts/e2e-server.mjs): the journeys must open that one, never another session's.
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT || '8090'}`;
const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

/** Journeys in Debian's Chromium against the built server on a fresh data directory (DESIGN §8). */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Each journey signs up its own business (or starts its own server), so two run side by side: one waits on the
  // server or a poll while the other renders (19 min in turn, 7.6 alone with two, on two cores).
  workers: Number(process.env.E2E_WORKERS) || 2,
  // `npm test` runs the journeys beside the unit suites on two cores: generous limits, since a journey is about
  // behaviour, not speed.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
  use: {
    baseURL,
    headless: true,
    // No transitions (the theme respects reduced motion): a click lands where the element is, not where a group
    // still opening will move it on a loaded machine.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed journey keeps its trace (DOM snapshots, network, console) and a screenshot. The trace's screencast
    // would double every journey's CPU (the browser paints a frame per action): E2E_TRACE=full brings it back.
    trace:
      process.env.E2E_TRACE === 'full'
        ? 'retain-on-failure'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node ../../scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM rather than SIGKILL, so that scripts/e2e-server.mjs stops the server and removes its data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
