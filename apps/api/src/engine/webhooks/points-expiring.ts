import { sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import type { EngineTask } from '../core/engine';
import { rowsOf } from '../core/sql';

/** How far ahead a member hears that part of a balance expires (DESIGN §10). */
const NOTICE_DAYS = 7;
/** How often the lots are looked at: a credit with a short expiry is told of within this. */
const SCAN_EVERY_MS = 3_600_000;

/**
 * `points.expiring`: one webhook per lot (per credit) with a balance left that expires within 7 days, for the
 * endpoints that take the type. The webhook id derives from the lot (`wh_exp_<lot>`), so a lot is told once per
 * endpoint however often this runs and however many workers run it. One INSERT … SELECT: nothing is read back.
 */
export const enqueueExpiryNotices = async (database: Database, now: Date) => {
  const rows = await rowsOf<{ n: number }>(
    database.db,
    sql`WITH written AS (
          INSERT INTO webhook_deliveries (id, client_id, endpoint_id, webhook_id, event_type, customer_id, payload)
          SELECT substr(md5(e.id || 'wh_exp_' || l.id), 1, 24), l.client_id, e.id, 'wh_exp_' || l.id, 'points.expiring',
                 l.customer_id,
                 jsonb_build_object('id', 'wh_exp_' || l.id, 'type', 'points.expiring',
                   'created_at', to_char(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'client_id', l.client_id,
                   'data', jsonb_build_object('customer_id', l.customer_id, 'currency_id', l.currency_id,
                     'amount', l.remaining, 'expires_at',
                     to_char(l.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                     'lot_id', l.id, 'transaction_id', l.transaction_id))
          FROM wallet_lots l
          JOIN webhook_endpoints e ON e.client_id = l.client_id AND e.active AND 'points.expiring' = ANY (e.event_types)
          WHERE l.remaining > 0 AND l.expires_at IS NOT NULL
            AND l.expires_at > ${now.toISOString()}::timestamptz
            AND l.expires_at <= ${now.toISOString()}::timestamptz + make_interval(days => ${NOTICE_DAYS})
          ON CONFLICT (id) DO NOTHING
          RETURNING 1)
        SELECT (SELECT count(*)::int FROM written) AS n,
               (SELECT count(*) FROM (SELECT pg_notify('laurel_webhooks', '') WHERE EXISTS (SELECT 1 FROM written)) w) AS woken`,
  );
  return rows[0]?.n ?? 0;
};

/** The notices as an engine task: looked at on start and then hourly (on the business clock). */
export const createExpiryNoticeTask = (clock: Clock = systemClock): EngineTask => {
  let lastScan: number | null = null;
  return {
    run: async (database) => {
      const now = clock();
      if (lastScan !== null && now.getTime() - lastScan < SCAN_EVERY_MS) return false;
      lastScan = now.getTime();
      await enqueueExpiryNotices(database, now);
      return false;
    },
    nextDueIn: async () => (lastScan === null ? 0 : lastScan + SCAN_EVERY_MS - clock().getTime()),
  };
};
