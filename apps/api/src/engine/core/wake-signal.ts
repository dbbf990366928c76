import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { listenForNotifications, type NotificationListener } from '../../db/notifications';

/** Work for the engine was stored (events, a segment or track to rebuild, a challenge to expire): wake up. */
const ENGINE_CHANNEL = 'laurel_engine';

/**
 * At most one NOTIFY per window from a process: the first at once, those that follow in one at the window's end.
 * A busy worker does not sleep, so a burst needs no more than that; and a NOTIFY takes a lock every process shares.
 */
const NOTIFY_WINDOW_MS = 50;

/**
 * Tells the engine workers of other processes (PostgreSQL: `npm run worker`, other API processes) that work was
 * stored. PGlite belongs to one process: there is nobody else to tell, so it sends nothing.
 */
export const createWakeSender = (database: Database, log: FastifyBaseLogger) => {
  if (database.kind === 'pglite') return () => {};
  let lastSent = Number.NEGATIVE_INFINITY;
  let trailing: NodeJS.Timeout | undefined;
  const send = () => {
    lastSent = performance.now();
    database.db.execute(sql`SELECT pg_notify(${ENGINE_CHANNEL}, '')`).catch((error: unknown) => {
      // Workers still look again on their own within their idle poll.
      log.debug({ err: error }, 'could not notify the engine workers');
    });
  };
  return () => {
    if (trailing) return;
    const wait = lastSent + NOTIFY_WINDOW_MS - performance.now();
    if (wait <= 0) return send();
    trailing = setTimeout(() => {
      trailing = undefined;
      send();
    }, wait);
    trailing.unref();
  };
};

/**
 * Wakes this process's worker on another process's signal (PostgreSQL). A notification cannot be missed for long:
 * a lost connection (and its return) wakes the worker too, which then looks at the queue itself.
 */
export const listenForWakeUps = async (
  database: Database,
  wake: () => void,
): Promise<NotificationListener | null> => {
  if (database.kind === 'pglite') return null;
  return listenForNotifications(
    database,
    ENGINE_CHANNEL,
    { message: wake, deliveredUpTo: wake, lost: wake },
    'laurel-engine-listener',
    { heartbeat: 'off' },
  );
};
