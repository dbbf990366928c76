import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { newId } from '../../db/ids';
import { authAttempts } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/**
 * Counts attempts per key (e.g. failed sign-ins of one email) in a sliding window kept in the database, so
 * every API process shares it. While a key is locked nothing more is recorded, so nobody can extend the lock:
 * the owner waits at most one window.
 */
export const createAttemptLimiter = (
  db: Db,
  options: { limit: number; windowMinutes: number; message: string },
) => {
  const windowMs = options.windowMinutes * 60_000;
  const since = () => new Date(Date.now() - windowMs);

  const assertOpen = async (key: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gt(authAttempts.at, since())));
    if ((row?.n ?? 0) < options.limit) return;
    const [oldest] = await db
      .select({ at: authAttempts.at })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gt(authAttempts.at, since())))
      .orderBy(asc(authAttempts.at))
      .limit(1);
    const retryAfterMs = oldest ? oldest.at.getTime() + windowMs - Date.now() : windowMs;
    throw tooManyRequests(retryAfterMs / 1000, options.message);
  };

  const record = async (key: string) => {
    await db.delete(authAttempts).where(and(eq(authAttempts.key, key), lt(authAttempts.at, since())));
    await db.insert(authAttempts).values({ id: newId(), key });
  };

  const clear = async (key: string) => {
    await db.delete(authAttempts).where(eq(authAttempts.key, key));
  };

  return { assertOpen, record, clear };
};
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
