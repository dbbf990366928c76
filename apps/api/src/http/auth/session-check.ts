import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { staffSessions } from '../../db/schema';
import type { SessionRow } from './auth-cache';

/** How often a session's last use is written: the sessions page needs minutes, not every request. */
export const LAST_USED_EVERY_MS = 60_000;
const MAX_TRACKED = 10_000;

export const loadSession = async (db: Db, sessionId: string): Promise<SessionRow | null> => {
  const [row] = await db
    .select({
      userId: staffSessions.userId,
      revokedAt: staffSessions.revokedAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .where(eq(staffSessions.id, sessionId));
  return row
    ? { userId: row.userId, revoked: row.revokedAt !== null, expiresAt: row.expiresAt.getTime() }
    : null;
};

/**
 * Records a session's last use and address at most once a minute per session: this process remembers when it
 * last wrote, and the UPDATE's condition keeps other processes from writing within the minute too. Fire and
 * forget: a lost write only makes 'last used' a minute older.
 */
export const createSessionToucher = (db: Db) => {
  const written = new Map<string, number>();
  return (sessionId: string, ip: string | null) => {
    const now = Date.now();
    const last = written.get(sessionId);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    written.delete(sessionId);
    written.set(sessionId, now);
    if (written.size > MAX_TRACKED) written.delete(written.keys().next().value as string);
    void db
      .update(staffSessions)
      .set({ lastUsedAt: new Date(now), ...(ip ? { ip } : {}) })
      .where(
        and(
          eq(staffSessions.id, sessionId),
          lt(staffSessions.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_EVERY_MS / 1000})`),
        ),
      )
      .catch(() => written.delete(sessionId));
  };
};
