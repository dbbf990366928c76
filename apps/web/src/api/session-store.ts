import { STORAGE_KEYS, type TSignInContent } from '@laurel/contract';

/** The signed-in session: the four tokens sign-in returns and the user (spec 1 §4). */
export type TSession = TSignInContent;

export const SESSION_STORAGE_KEY = STORAGE_KEYS.user;

type TListener = () => void;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TOKEN_FIELDS = ['token', 'client_token', 'media_upload_token', 'payment_engine_token'] as const;
const USER_STRING_FIELDS = ['_id', 'name', 'surname', 'email', 'client_id', 'role', 'status'] as const;

/**
 * Whether a stored entry is a whole session as sign-in returned it: the four tokens and the user fields the console
 * reads. Checked by hand rather than with the contract's zod schema, which would put zod in every page's first load
 * (the server checks the tokens on every call, and live permissions re-read the user).
 */
const isSession = (value: unknown): value is TSession => {
  if (!isRecord(value) || !TOKEN_FIELDS.every((field) => typeof value[field] === 'string')) return false;
  const { user } = value;
  return (
    isRecord(user) &&
    USER_STRING_FIELDS.every((field) => typeof user[field] === 'string') &&
    Array.isArray(user.manager_of) &&
    isRecord(user.user_permissions)
  );
};

/** Accepts only a complete session, so that a tampered or outdated entry reads as signed out. */
export const parseSession = (raw: string | null): TSession | null => {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
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
