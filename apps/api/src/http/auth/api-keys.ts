import { createHash, randomBytes } from 'node:crypto';
import {
  FEATURE_AREAS,
  type TClientStatus,
  type TPlan,
  type TPlanSubscriptionStatus,
} from '@laurel/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apiKeys, clients } from '../../db/schema';
import type { ApiKeyRow } from './auth-cache';
import type { Principal } from './principal';

const KEY_PREFIX = 'lrl_';

/** A high-entropy key (256 bits) and the SHA-256 that is all the database keeps (DESIGN §5). */
export const newApiKey = () => {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX.length + 6) };
};
export const isApiKey = (value: string) => value.startsWith(KEY_PREFIX);
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const ALL_FLAGS = Object.fromEntries(
  FEATURE_AREAS.map((area) => [area, { read: true, create: true, update: true, delete: true }]),
);

/** A live key's row with its client's status and plan; null for an unknown or revoked key. */
export const findLiveApiKey = async (db: Db, keyHash: string): Promise<ApiKeyRow | null> => {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      clientId: apiKeys.clientId,
      status: clients.status,
      plan: clients.plan,
      planStatus: clients.planStatus,
    })
    .from(apiKeys)
    .innerJoin(clients, eq(clients.id, apiKeys.clientId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
};

/** Recorded at most once a minute: a busy till should not write on every call. */
export const recordApiKeyUse = (db: Db, keyId: string) => {
  const aMinuteAgo = new Date(Date.now() - 60_000);
  return db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, aMinuteAgo))));
};

/** The client a live key belongs to, acting with every feature flag (plan limits still apply). */
export const apiKeyPrincipal = (row: ApiKeyRow): Principal => ({
  userId: `apikey:${row.id}`,
  clientId: row.clientId,
  name: `API key '${row.name}'`,
  role: 'ADMIN',
  permissions: ALL_FLAGS,
  managerOf: [],
  client: {
    status: row.status as TClientStatus,
    plan: row.plan as TPlan | null,
    planStatus: row.planStatus as TPlanSubscriptionStatus | null,
  },
});
