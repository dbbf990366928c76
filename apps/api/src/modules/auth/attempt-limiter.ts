import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { newId } from '../../db/ids';
import { authAttempts } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/** Advisory-lock namespace of one key's budget (the second key is a hash of the budget's key). */
const ATTEMPT_LOCK_NAMESPACE = 7_701;

/** An attempt counted against its key's budget: a failure unless the caller gives it back. */
export type Reservation = {
  /** The attempt was not a failure after all (a right password that still waits for its second factor). */
  giveBack: () => Promise<void>;
};

/**
 * Counts attempts per key (e.g. failed sign-ins of one email) in a sliding window kept in the database, so every API
 * process shares it. An attempt is counted before it is checked, under the key's lock, so parallel guesses cannot
 * all pass the count before any failure is written: the budget holds for a burst as for a sequence. While a key is
 * locked nothing more is recorded, so nobody can extend the lock: the owner waits at most one window.
 */
export const createAttemptLimiter = (
  db: Db,
  options: { limit: number; windowMinutes: number; message: string },
) => {
  const windowMs = options.windowMinutes * 60_000;
  const since = () => new Date(Date.now() - windowMs);

  /** Counts one attempt of `key`, or throws 429 (counting nothing) when its window is full. */
  const reserve = async (key: string): Promise<Reservation> => {
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ATTEMPT_LOCK_NAMESPACE}, hashtext(${key}))`);
      const recent = and(eq(authAttempts.key, key), gt(authAttempts.at, since()));
      const [row] = await tx.select({ n: count() }).from(authAttempts).where(recent);
      if ((row?.n ?? 0) >= options.limit) {
        const [oldest] = await tx
          .select({ at: authAttempts.at })
          .from(authAttempts)
          .where(recent)
          .orderBy(asc(authAttempts.at))
          .limit(1);
        const retryAfterMs = oldest ? oldest.at.getTime() + windowMs - Date.now() : windowMs;
        throw tooManyRequests(retryAfterMs / 1000, options.message);
      }
      await tx.delete(authAttempts).where(and(eq(authAttempts.key, key), lt(authAttempts.at, since())));
      await tx.insert(authAttempts).values({ id, key });
    });
    return {
      giveBack: async () => {
        await db.delete(authAttempts).where(eq(authAttempts.id, id));
      },
    };
  };

  /** A success: the key's budget starts again. */
  const clear = async (key: string) => {
    await db.delete(authAttempts).where(eq(authAttempts.key, key));
  };

  return { reserve, clear };
};
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
