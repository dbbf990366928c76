import { useSyncExternalStore } from 'react';
import { sessionStore } from '@/api/session-store';

/** The current session, re-rendering on sign-in and sign-out. */
export const useSession = () =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
