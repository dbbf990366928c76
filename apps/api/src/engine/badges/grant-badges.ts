import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../core/sql';
import { outboxInsertSql, type WebhookMessage, wakeDispatchersSql } from '../webhooks/outbox';

export type BadgeGrant = {
  clientId: string;
  customerId: string;
  badgeId: string;
  quantity: number;
  /** What grants it ('segment', 'challenge'…) and that thing's id. */
  source: string;
  sourceId: string | null;
  eventId: string | null;
  /** The id the client sent the event with, for the badge.granted webhook (the integrator knows no other). */
  externalEventId?: string | null;
  branchId: string | null;
  /** When the granting event happened: a badge's dates are judged by it (a backlog still grants what was due). */
  occurredAt?: Date | null;
};

type BadgeRow = {
  id: string;
  client_id: string;
  name: string;
  category: string;
  level: number;
  quantity: number;
  quantity_limited: boolean;
  granted_quantity: number;
  dates_enabled: boolean;
  start_date: string | Date | null;
  end_date: string | Date | null;
};

const available = (badge: BadgeRow, now: Date) =>
  !badge.dates_enabled ||
  ((badge.start_date === null || new Date(badge.start_date) <= now) &&
    (badge.end_date === null || new Date(badge.end_date) >= now));

const INT_MAX = 2_147_483_647;

/**
 * Grants badges (DESIGN §9): each badge row is locked while its grants are decided, so that with any number of
 * workers a limited badge is never granted past its stock; a grant the remaining stock cannot cover is refused
 * whole, as is a grant outside the badge's dates or of a badge that no longer exists. Every grant that goes
 * through writes a badge transaction and adds to what the player holds. Returns the grants made.
 */
export const grantBadges = async (tx: DbOrTx, grants: readonly BadgeGrant[], now = new Date()) => {
  const byBadge = new Map<string, BadgeGrant[]>();
  for (const grant of grants) {
    if (grant.quantity <= 0) continue;
    byBadge.set(grant.badgeId, [...(byBadge.get(grant.badgeId) ?? []), grant]);
  }
  const made: BadgeGrant[] = [];
  // Badges in id order: two workers granting the same badges lock them in the same order (no deadlock).
  for (const badgeId of [...byBadge.keys()].sort()) {
    const wanted = byBadge.get(badgeId) ?? [];
    const [badge] = await rowsOf<BadgeRow>(
      tx,
      sql`SELECT id, client_id, name, category, level, quantity, quantity_limited, granted_quantity, dates_enabled,
                 start_date, end_date
          FROM badges WHERE id = ${badgeId} FOR UPDATE`,
    );
    if (!badge) continue;
    let remaining = badge.quantity_limited
      ? badge.quantity - badge.granted_quantity
      : Number.POSITIVE_INFINITY;
    const granted = wanted.filter((grant) => {
      if (grant.clientId !== badge.client_id || grant.quantity > remaining) return false;
      if (!available(badge, grant.occurredAt ?? now)) return false;
      remaining -= grant.quantity;
      return true;
    });
    if (granted.length === 0) continue;
    const total = granted.reduce((sum, grant) => sum + grant.quantity, 0);
    await tx.execute(
      // Counters stop at the integer's top rather than failing the batch (an unlimited badge granted for years).
      sql`UPDATE badges SET granted_quantity = LEAST(granted_quantity::bigint + ${total}, ${INT_MAX})::int WHERE id = ${badgeId}`,
    );
    // The grant's webhooks (badge.granted) ride in the same statement as its transactions: no extra round trip.
    const hooks = granted.map(
      (grant): WebhookMessage => ({
        clientId: badge.client_id,
        type: 'badge.granted',
        customerId: grant.customerId,
        data: {
          customer_id: grant.customerId,
          badge: { _id: badgeId, name: badge.name, category: badge.category, level: badge.level },
          quantity: grant.quantity,
          source: grant.source,
          source_id: grant.sourceId,
          event_id: grant.externalEventId ?? null,
        },
      }),
    );
    await tx.execute(sql`
      WITH hooks AS (${outboxInsertSql(hooks)}), granted AS (
      INSERT INTO badge_transactions (id, client_id, customer_id, badge_id, badge_name, badge_category, badge_level,
                                      quantity, source, source_id, event_id, branch_id)
      SELECT id, ${badge.client_id}, customer_id, ${badgeId}, ${badge.name}, ${badge.category}, ${badge.level},
             quantity, source, source_id, event_id, branch_id
      FROM unnest(${arrayParam(granted.map(() => newId()))}::text[], ${arrayParam(granted.map((g) => g.customerId))}::text[],
                  ${arrayParam(granted.map((g) => g.quantity))}::int[], ${arrayParam(granted.map((g) => g.source))}::text[],
                  ${arrayParam(granted.map((g) => g.sourceId))}::text[], ${arrayParam(granted.map((g) => g.eventId))}::text[],
                  ${arrayParam(granted.map((g) => g.branchId))}::text[])
        AS g(id, customer_id, quantity, source, source_id, event_id, branch_id)
      RETURNING 1)
      SELECT ${wakeDispatchersSql('hooks')}`);
    const perPlayer = new Map<string, number>();
    for (const grant of granted)
      perPlayer.set(grant.customerId, (perPlayer.get(grant.customerId) ?? 0) + grant.quantity);
    await tx.execute(sql`
      INSERT INTO player_badges AS p (client_id, customer_id, badge_id, quantity)
      SELECT ${badge.client_id}, customer_id, ${badgeId}, quantity
      FROM unnest(${arrayParam([...perPlayer.keys()])}::text[], ${arrayParam([...perPlayer.values()])}::int[]) AS g(customer_id, quantity)
      ORDER BY customer_id
      ON CONFLICT (badge_id, customer_id) DO UPDATE SET quantity = LEAST(p.quantity::bigint + EXCLUDED.quantity, ${INT_MAX})::int,
                                                        last_granted_at = now()`);
    made.push(...granted);
  }
  return made;
};
