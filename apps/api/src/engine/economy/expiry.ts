import { sql } from 'drizzle-orm';
import { type Clock, systemClock } from '../../clock';
import type { Database } from '../../db/database';
import type { EngineTask } from '../core/engine';
import { arrayParam, rowsOf } from '../core/sql';
import { toCents } from './amounts';
import { applyWalletEffects, type WalletEffect } from './wallet-effects';

/** Wallets handled per run; the task runs again at once while there is more. */
const WALLETS_PER_RUN = 100;

/**
 * Writes off every lot that expired by `now` (currency expiry policies), as an 'expiry' ledger row per lot with
 * the balance after it. Wallets are locked first (ones busy with a spend are left for the next run), then their
 * due lots are read under the lock, so a spend and an expiry never take the same amount twice. Each lot expires
 * once: the lot's id is the effect's cause. Returns whether anything expired.
 */
export const expireDueLots = async (database: Database, now: Date) =>
  database.db.transaction(async (tx) => {
    const wallets = await rowsOf<{ client_id: string; customer_id: string; currency_id: string }>(
      tx,
      sql`SELECT w.client_id, w.customer_id, w.currency_id FROM wallets w
          WHERE (w.customer_id, w.currency_id) IN (
            SELECT DISTINCT customer_id, currency_id FROM (
              SELECT customer_id, currency_id FROM wallet_lots
              WHERE expires_at IS NOT NULL AND remaining > 0 AND expires_at <= ${now.toISOString()}::timestamptz
              ORDER BY expires_at LIMIT ${WALLETS_PER_RUN * 10}) due)
          ORDER BY w.customer_id, w.currency_id
          LIMIT ${WALLETS_PER_RUN}
          FOR UPDATE SKIP LOCKED`,
    );
    if (wallets.length === 0) return false;
    const lots = await rowsOf<{
      id: string;
      client_id: string;
      customer_id: string;
      currency_id: string;
      remaining: string;
      expires_at: Date | string;
      transaction_id: string;
    }>(
      tx,
      sql`SELECT l.id, l.client_id, l.customer_id, l.currency_id, l.remaining::text AS remaining, l.expires_at, l.transaction_id
          FROM wallet_lots l
          JOIN unnest(${arrayParam(wallets.map((w) => w.customer_id))}::text[], ${arrayParam(wallets.map((w) => w.currency_id))}::text[])
            AS w(customer_id, currency_id) ON l.customer_id = w.customer_id AND l.currency_id = w.currency_id
          WHERE l.expires_at IS NOT NULL AND l.remaining > 0 AND l.expires_at <= ${now.toISOString()}::timestamptz
          ORDER BY l.expires_at, l.created_at, l.id`,
    );
    const effects: WalletEffect[] = lots.map((lot) => ({
      clientId: lot.client_id,
      customerId: lot.customer_id,
      branchId: null,
      currencyId: lot.currency_id,
      cents: -toCents(lot.remaining),
      transactionType: 'Spending',
      cause: { kind: 'expiry', id: lot.id },
      eventId: lot.id,
      occurredAt: new Date(lot.expires_at),
      mode: 'clamp',
      reference: lot.transaction_id,
      reason: 'Expired',
    }));
    await applyWalletEffects(tx, effects);
    return true;
  });

/** The expiry as an engine task between batches, due when the first lot expires; `clock` is the business clock. */
export const createExpiryTask = (clock: Clock = systemClock): EngineTask => ({
  run: (database) => expireDueLots(database, clock()),
  nextDueIn: async (database) => {
    const [row] = await database.query<{ at: Date | string | null }>(
      `SELECT min(expires_at) AS at FROM wallet_lots WHERE remaining > 0 AND expires_at IS NOT NULL`,
    );
    return row?.at ? new Date(row.at).getTime() - clock().getTime() : null;
  },
});
