import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './database';

export type NotificationHandlers = {
  message: (payload: string) => void;
  /**
   * Every notification committed before `since` (a `performance.now()` time) has been delivered. On PostgreSQL it
   * moves with each answered heartbeat on the listening connection; on PGlite a notification is delivered as its
   * transaction commits, so it is told once, with Infinity: always.
   */
  deliveredUpTo: (since: number) => void;
  /** The connection was lost: notifications may have been missed until the next `deliveredUpTo`. */
  lost: () => void;
};

export type NotificationListener = {
  close: () => Promise<void>;
  /**
   * Someone relies on `deliveredUpTo` now: on PostgreSQL the heartbeat runs (or starts again) until no one has
   * asked for HEARTBEAT_IDLE_AFTER_MS, so an idle process sends nothing.
   */
  demand: () => void;
};

/** `on-demand`: a heartbeat while `demand()` is called (the auth cache); `off`: none (a caller that polls anyway). */
export type HeartbeatMode = 'on-demand' | 'off';

/** How often the listening connection is asked a question on PostgreSQL, proving it still hears notifications. */
export const HEARTBEAT_MS = 250;
/** The heartbeat stops when no one has asked for proof for this long. */
const HEARTBEAT_IDLE_AFTER_MS = 10_000;
/** A heartbeat not answered within this is a connection gone quiet: it is replaced. */
const UNANSWERED_MS = 5_000;
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a channel. PostgreSQL: a connection of its own (not one of the pool's), re-opened when it drops, with
 * a heartbeat whose answers tell the caller up to when nothing can have been missed (PostgreSQL hands a session
 * its pending notifications before answering its next query) while someone asks for that proof (`demand()`); a
 * caller that needs none (it looks again on its own now and then) turns the heartbeat off: then `deliveredUpTo` is
 * told only when the connection opens.
 * PGlite: the embedded database's own listener, which delivers at commit, so nothing is ever pending.
 */
export const listenForNotifications = async (
  database: Database,
  channel: string,
  handlers: NotificationHandlers,
  /** How the listening connection shows in pg_stat_activity. */
  applicationName = `laurel ${channel} listener`,
  options: { heartbeat?: HeartbeatMode } = {},
): Promise<NotificationListener> => {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  // Drizzle keeps the driver's own client: the pg Pool or the PGlite instance (documented as `db.$client`).
  const driver = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (driver as PGlite).listen(channel, handlers.message);
    // Delivered synchronously at commit: whenever anyone asks, now and later, nothing is pending (no timer needed).
    handlers.deliveredUpTo(Number.POSITIVE_INFINITY);
    return { close: () => unlisten(), demand: () => {} };
  }
  return listenOnPostgres(
    { ...(driver as pg.Pool).options, application_name: applicationName },
    channel,
    handlers,
    options.heartbeat ?? 'on-demand',
  );
};

const listenOnPostgres = async (
  options: pg.PoolConfig,
  channel: string,
  handlers: NotificationHandlers,
  heartbeatMode: HeartbeatMode,
): Promise<NotificationListener> => {
  let closed = false;
  let client: pg.Client | null = null;
  /** The client once its LISTEN has been answered. */
  let listening: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  let lastDemand = Number.NEGATIVE_INFINITY;
  /** When the question still unanswered was asked, or null. */
  let askedAt: number | null = null;

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  };

  const drop = (broken: pg.Client) => {
    if (client !== broken) return;
    client = null;
    listening = null;
    askedAt = null;
    stopHeartbeat();
    handlers.lost();
    broken.end().catch(() => {});
    if (!closed) {
      reconnect = setTimeout(() => void connect(), RECONNECT_MS);
      reconnect.unref();
    }
  };

  const beat = () => {
    const current = listening;
    if (!current || performance.now() - lastDemand > HEARTBEAT_IDLE_AFTER_MS) return stopHeartbeat();
    // One question at a time: a slow answer delays the next rather than piling them up; one never answered means
    // a connection that died without a word, which is replaced.
    if (askedAt !== null) {
      if (performance.now() - askedAt > UNANSWERED_MS) drop(current);
      return;
    }
    const asked = performance.now();
    askedAt = asked;
    current.query('SELECT 1').then(
      () => {
        if (listening !== current) return;
        askedAt = null;
        handlers.deliveredUpTo(asked);
      },
      () => drop(current),
    );
  };

  const startHeartbeat = () => {
    if (heartbeatMode === 'off' || heartbeat || !listening) return;
    heartbeat = setInterval(beat, HEARTBEAT_MS);
    heartbeat.unref();
    beat();
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
      listening = next;
      handlers.deliveredUpTo(sentAt);
      if (performance.now() - lastDemand <= HEARTBEAT_IDLE_AFTER_MS) startHeartbeat();
    } catch {
      drop(next);
    }
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      if (reconnect) clearTimeout(reconnect);
      stopHeartbeat();
      const current = client;
      client = null;
      listening = null;
      await current?.end().catch(() => {});
    },
    demand: () => {
      lastDemand = performance.now();
      startHeartbeat();
    },
  };
};
