import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { sessionStore } from '@/api/session-store';

// Lazy pages load as chunks: on a busy 2-core machine the first find can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStore.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
