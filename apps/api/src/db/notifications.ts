import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './database';

export type NotificationHandlers = {
  message: (payload: string) => void;
  /**
   * Every notification committed before `since` (a `performance.now()` time) has been delivered. On PostgreSQL it
   * moves with each answered heartbeat on the listening connection; on PGlite a notification is delivered as its
   * transaction commits, so it is always now.
   */
  deliveredUpTo: (since: number) => void;
  /** The connection was lost: notifications may have been missed until the next `deliveredUpTo`. */
  lost: () => void;
};

export type NotificationListener = { close: () => Promise<void> };

/** How often the listening connection is asked a question on PostgreSQL, proving it still hears notifications. */
export const HEARTBEAT_MS = 250;
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a channel. PostgreSQL: a connection of its own (not one of the pool's), re-opened when it drops, with
 * a heartbeat whose answers tell the caller up to when nothing can have been missed (PostgreSQL hands a session
 * its pending notifications before answering its next query). PGlite: the embedded database's own listener.
 */
export const listenForNotifications = async (
  database: Database,
  channel: string,
  handlers: NotificationHandlers,
  /** How the listening connection shows in pg_stat_activity. */
  applicationName = `laurel ${channel} listener`,
): Promise<NotificationListener> => {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  // Drizzle keeps the driver's own client: the pg Pool or the PGlite instance (documented as `db.$client`).
  const driver = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (driver as PGlite).listen(channel, handlers.message);
    const now = () => handlers.deliveredUpTo(performance.now());
    now();
    // Delivered synchronously at commit: whenever the cache asks, nothing is pending.
    const timer = setInterval(now, HEARTBEAT_MS);
    timer.unref();
    return {
      close: async () => {
        clearInterval(timer);
        await unlisten();
      },
    };
  }
  return listenOnPostgres(
    { ...(driver as pg.Pool).options, application_name: applicationName },
    channel,
    handlers,
  );
};

const listenOnPostgres = async (
  options: pg.PoolConfig,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> => {
  let closed = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let reconnect: NodeJS.Timeout | null = null;

  const drop = (broken: pg.Client) => {
    if (client !== broken) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    handlers.lost();
    broken.end().catch(() => {});
    if (!closed) {
      reconnect = setTimeout(() => void connect(), RECONNECT_MS);
      reconnect.unref();
    }
  };

  const connect = async () => {
    reconnect = null;
    const next = new pg.Client({ ...options, keepAlive: true });
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.message(message.payload);
    });
    client = next;
    try {
      await next.connect();
      const sentAt = performance.now();
      await next.query(`LISTEN ${channel}`);
      if (closed) return void next.end().catch(() => {});
      handlers.deliveredUpTo(sentAt);
      let waiting = false;
      heartbeat = setInterval(() => {
        // One question at a time: a slow answer delays the next rather than piling them up.
        if (waiting || client !== next) return;
        waiting = true;
        const askedAt = performance.now();
        next.query('SELECT 1').then(
          () => {
            waiting = false;
            if (client === next) handlers.deliveredUpTo(askedAt);
          },
          () => drop(next),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
    } catch {
      drop(next);
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
};
