import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, parseSession, SESSION_STORAGE_KEY, type TSession } from '@/api/session-store';
import { sessionFixture } from '@/test/fixtures';

const session: TSession = sessionFixture();

describe('session store', () => {
  it('keeps the session in sessionStorage only when Remember me is not ticked', () => {
    const store = createSessionStore(window.localStorage, window.sessionStorage);
    store.set(session, false);
    expect(store.get()).toEqual(session);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('also keeps it in localStorage when Remember me is ticked, and a new tab reads it back', () => {
    createSessionStore(window.localStorage, window.sessionStorage).set(session, true);
    window.sessionStorage.clear();
    expect(createSessionStore(window.localStorage, window.sessionStorage).get()).toEqual(session);
  });

  it('clears both storages and tells subscribers', () => {
    const store = createSessionStore(window.localStorage, window.sessionStorage);
    store.set(session, true);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.get()).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reads an incomplete or malformed entry as signed out', () => {
    expect(parseSession('{not json')).toBeNull();
    expect(parseSession(JSON.stringify({ ...session, client_token: undefined }))).toBeNull();
    expect(parseSession(JSON.stringify({ ...session, user: { name: 'x' } }))).toBeNull();
    expect(parseSession(JSON.stringify(session))).toEqual(session);
  });
});
