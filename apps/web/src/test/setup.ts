import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { sessionStore } from '@/api/session-store';

afterEach(() => {
  cleanup();
  sessionStore.clear();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
