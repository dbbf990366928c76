import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { sessionStore } from '@/api/session-store';

// Lazy pages load as chunks: on a busy 2-core machine (npm test runs the journeys beside this suite) the first
// find can take several seconds. A wait only costs time when something is really missing.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  sessionStore.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
