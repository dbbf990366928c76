import type { TStaffSession } from '@laurel/contract';
import Bowser from 'bowser';
import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { staffSessions } from '../../db/schema';
import { sessionLifetimeMs } from '../../http/auth/tokens';
import type { ClientUserRow } from './auth.queries';
import { toSessionUser } from './session-user';

export type SignInOrigin = { ip: string | null; userAgent: string | null };

/** 'Chrome on macOS' from a user agent; what a person recognises their own device by. */
export const describeDevice = (userAgent: string | null) => {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  // Bowser names what it does not know '' (curl, an SDK, a script): never an empty device.
  return browser || os || 'Unknown device';
};

/** A new session row and the four tokens naming it: the end of every successful sign-in. */
export const startSession = async (
  ctx: AppContext,
  user: ClientUserRow,
  paymentEngineId: string | null,
  rememberMe: boolean,
  origin: SignInOrigin,
) => {
  const sessionId = newId();
  await ctx.database.db.insert(staffSessions).values({
    id: sessionId,
    userId: user.id,
    clientId: user.clientId,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    ip: origin.ip,
    expiresAt: new Date(Date.now() + sessionLifetimeMs(rememberMe)),
  });
  const tokens = await ctx.tokens.issueSession(
    { userId: user.id, clientId: user.clientId, tokenVersion: user.tokenVersion, sessionId },
    rememberMe,
  );
  return { ...tokens, user: toSessionUser(user, paymentEngineId, rememberMe) };
};

const live = (userId: string) =>
  and(
    eq(staffSessions.userId, userId),
    isNull(staffSessions.revokedAt),
    gt(staffSessions.expiresAt, new Date()),
  );

/** One page of the user's live sessions, this one first, then most recently used first, and how many there are. */
export const listSessions = async (
  db: DbOrTx,
  userId: string,
  currentSessionId: string | undefined,
  page: { page: number; size: number },
): Promise<{ items: TStaffSession[]; count: number }> => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staffSessions)
      .where(live(userId))
      // This device first, so that it heads page 1 whatever else was used since.
      .orderBy(
        desc(sql`${staffSessions.id} = ${currentSessionId ?? ''}`),
        desc(staffSessions.lastUsedAt),
        desc(staffSessions.id),
      )
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(staffSessions).where(live(userId)),
  ]);
  const items = rows.map((row) => ({
    _id: row.id,
    device: describeDevice(row.userAgent),
    user_agent: row.userAgent,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  return { items, count: total?.n ?? 0 };
};

/**
 * Revokes the user's live sessions (one, all but one, or all) and returns their ids. The trigger on staff_sessions
 * announces each on the auth channel; this process forgets them at once too.
 */
export const revokeSessions = async (
  tx: DbOrTx,
  userId: string,
  which: { only: string } | { except: string } | 'all',
) => {
  const filter =
    which === 'all'
      ? live(userId)
      : 'only' in which
        ? and(live(userId), eq(staffSessions.id, which.only))
        : and(live(userId), ne(staffSessions.id, which.except));
  const revoked = await tx
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(filter)
    .returning({ id: staffSessions.id });
  return revoked.map((row) => row.id);
};

/** After the transaction that revoked them commits: this process refuses their tokens at once. */
export const forgetSessions = (ctx: AppContext, ids: string[]) => {
  for (const id of ids) ctx.authCache.changed(`session:${id}`);
};
