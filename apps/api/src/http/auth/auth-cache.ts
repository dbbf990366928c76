import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { listenForNotifications } from '../../db/notifications';
import type { TokenClaims } from './tokens';

/**
 * What the auth guard would otherwise read from the database on every request: the session user with their
 * client's status and plan, each API key's client, and each staff session (revoked or not). Kept in this process for a short time and dropped as soon
 * as a change is announced on AUTH_CHANNEL (triggers on client_users, clients, api_keys and staff_sessions NOTIFY it; every API
 * process LISTENs). The cache answers only while every notification committed more than MAX_STALENESS_MS ago is
 * known to have arrived, so a deactivation, a password reset or a permission change takes effect within a second
 * in every process, even when the listening connection is lost (then each request reads the database again).
 */
export const AUTH_CHANNEL = 'laurel_auth';
export const MAX_STALENESS_MS = 1_000;
/** A backstop: an entry is read again after this long whatever was announced. */
export const ENTRY_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/** The session user's row joined with their client's, as the guard checks it. */
export type SessionUserRow = {
  clientId: string;
  tokenVersion: number;
  status: string;
  role: string;
  name: string;
  surname: string;
  permissions: unknown;
  managerOf: string[];
  clientStatus: string;
  plan: string | null;
  planStatus: string | null;
};

export type ApiKeyRow = {
  id: string;
  name: string;
  clientId: string;
  status: string;
  plan: string | null;
  planStatus: string | null;
};

/** A staff session as the guard checks it (staff_sessions). */
export type SessionRow = { userId: string; revoked: boolean; expiresAt: number };

type Entry<T> = { value: T; at: number };

/** Insertion order is age: past the bound the oldest entry goes. */
const put = <T>(map: Map<string, T>, key: string, value: T) => {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
};

export const createAuthCache = () => {
  const users = new Map<string, Entry<SessionUserRow>>();
  const apiKeys = new Map<string, Entry<ApiKeyRow>>();
  const sessions = new Map<string, Entry<SessionRow>>();
  /** A verified token's claims depend on nothing but the token and the secret: kept until the token expires. */
  const tokens = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  let deliveredUpTo = Number.NEGATIVE_INFINITY;
  let missedSome = false;
  /** Bumped by every invalidation: a load that began before one is not stored. */
  let generation = 0;
  /** Told at every look-up: the listener proves delivery (a heartbeat) only while the cache is in use. */
  let inUse = () => {};

  const trusted = () => performance.now() - deliveredUpTo < MAX_STALENESS_MS;

  const clear = () => {
    generation += 1;
    users.clear();
    apiKeys.clear();
    sessions.clear();
  };

  const through = async <T>(
    map: Map<string, Entry<T>>,
    key: string,
    load: () => Promise<T | null>,
  ): Promise<T | null> => {
    inUse();
    if (trusted()) {
      const hit = map.get(key);
      if (hit && performance.now() - hit.at < ENTRY_TTL_MS) return hit.value;
    }
    const began = generation;
    const value = await load();
    // Unknown users and keys are not kept: made-up ones would only fill the cache.
    if (value !== null && began === generation && trusted()) put(map, key, { value, at: performance.now() });
    return value;
  };

  return {
    sessionUser: (userId: string, load: () => Promise<SessionUserRow | null>) => through(users, userId, load),
    apiKey: (keyHash: string, load: () => Promise<ApiKeyRow | null>) => through(apiKeys, keyHash, load),
    session: (sessionId: string, load: () => Promise<SessionRow | null>) =>
      through(sessions, sessionId, load),

    verifiedToken: async (
      kind: string,
      token: string,
      verify: () => Promise<(TokenClaims & { expiresAt: number }) | null>,
    ) => {
      const key = `${kind} ${token}`;
      const hit = tokens.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit.claims;
      const verified = await verify();
      if (!verified) return null;
      const { expiresAt, ...claims } = verified;
      put(tokens, key, { claims, expiresAt });
      return claims;
    },

    /**
     * A change announced on AUTH_CHANNEL: `user:<id>`, `client:<id>`, `key:<sha256 of the key>` or `session:<id>`.
     */
    changed: (payload: string) => {
      generation += 1;
      const [kind, id] = payload.split(':', 2);
      if (kind === 'user' && id) users.delete(id);
      else if (kind === 'key' && id) apiKeys.delete(id);
      else if (kind === 'session' && id) sessions.delete(id);
      else if (kind === 'client' && id) {
        for (const [key, entry] of users) if (entry.value.clientId === id) users.delete(key);
        for (const [key, entry] of apiKeys) if (entry.value.clientId === id) apiKeys.delete(key);
      } else clear();
    },
    /** Every notification committed before `time` (performance.now()) has arrived. */
    deliveredUpTo: (time: number) => {
      // After a lost connection whatever was kept may have missed a change.
      if (missedSome) clear();
      missedSome = false;
      deliveredUpTo = Math.max(deliveredUpTo, time);
    },
    lost: () => {
      missedSome = true;
      clear();
    },
    clear,
    /** What to tell at every look-up (the listener's `demand`). */
    whenUsed: (callback: () => void) => {
      inUse = callback;
    },
  };
};
export type AuthCache = ReturnType<typeof createAuthCache>;

/** Feeds the cache from every process's changes (the triggers' NOTIFY on AUTH_CHANNEL); close with the app. */
export const listenForAuthChanges = async (database: Database, cache: AuthCache, log: FastifyBaseLogger) => {
  let lost = false;
  const listener = await listenForNotifications(
    database,
    AUTH_CHANNEL,
    {
      message: cache.changed,
      deliveredUpTo: (time) => {
        if (lost) log.warn('auth changes are heard again: signed-in users are cached again');
        lost = false;
        cache.deliveredUpTo(time);
      },
      lost: () => {
        if (!lost)
          log.warn('auth changes are not heard (listening connection lost): every request reads its user');
        lost = true;
        cache.lost();
      },
    },
    'laurel-auth-listener',
  );
  // An idle process asks nothing of the database: the heartbeat runs while requests use the cache.
  cache.whenUsed(listener.demand);
  return listener;
};
