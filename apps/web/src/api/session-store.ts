import { STORAGE_KEYS, type TSignInContent, ZSignInContent } from '@laurel/contract';

/** The signed-in session: the four tokens sign-in returns and the user (spec 1 §4). */
export type TSession = TSignInContent;

export const SESSION_STORAGE_KEY = STORAGE_KEYS.user;

type TListener = () => void;

/** Accepts only a complete session (the sign-in content's schema), so that a tampered or outdated entry reads as signed out. */
export const parseSession = (raw: string | null): TSession | null => {
  if (!raw) return null;
  try {
    const parsed = ZSignInContent.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

const readStorage = (storage: Storage | undefined) => {
  try {
    return storage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

const writeStorage = (storage: Storage | undefined, value: string | null) => {
  try {
    if (value === null) storage?.removeItem(SESSION_STORAGE_KEY);
    else storage?.setItem(SESSION_STORAGE_KEY, value);
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works for this tab.
  }
};

const browserStorage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined =>
  typeof window === 'undefined' ? undefined : window[kind];

/**
 * Session kept in sessionStorage always and also in localStorage when the user ticks 'Remember me?',
 * so that a remembered session survives closing the browser.
 */
export const createSessionStore = (
  local: Storage | undefined = browserStorage('localStorage'),
  session: Storage | undefined = browserStorage('sessionStorage'),
) => {
  const listeners = new Set<TListener>();
  let current = parseSession(readStorage(session)) ?? parseSession(readStorage(local));

  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
    get: () => current,
    set: (content: TSession, rememberMe: boolean) => {
      const raw = JSON.stringify(content);
      writeStorage(session, raw);
      writeStorage(local, rememberMe ? raw : null);
      current = content;
      emit();
    },
    /**
     * The signed-in user as the server has them now (permissions, role, branches), keeping the tokens and where
     * the session is kept: in localStorage too only if 'Remember me?' put it there.
     */
    updateUser: (user: TSession['user']) => {
      if (!current) return;
      const next = { ...current, user };
      const raw = JSON.stringify(next);
      writeStorage(session, raw);
      if (readStorage(local) !== null) writeStorage(local, raw);
      current = next;
      emit();
    },
    clear: () => {
      writeStorage(session, null);
      writeStorage(local, null);
      if (current === null) return;
      current = null;
      emit();
    },
    subscribe: (listener: TListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};

export type TSessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore();
