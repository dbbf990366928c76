import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam } from '../core/sql';

export type MissionGrant = { clientId: string; challengeId: string; customerId: string };

/**
 * A segment's grant_mission action (spec 2 §3): the player may work on the challenge from now on, whatever
 * segments they are in later. Only a challenge of the segment's own client is granted; a repeat changes nothing.
 */
export const grantMissions = async (tx: DbOrTx, grants: readonly MissionGrant[]) => {
  if (grants.length === 0) return;
  await tx.execute(sql`
    INSERT INTO challenge_players AS p (client_id, challenge_id, customer_id, granted, granted_at)
    SELECT g.client_id, g.challenge_id, g.customer_id, true, now()
    FROM unnest(${arrayParam(grants.map((g) => g.clientId))}::text[], ${arrayParam(grants.map((g) => g.challengeId))}::text[],
                ${arrayParam(grants.map((g) => g.customerId))}::text[]) AS g(client_id, challenge_id, customer_id)
    JOIN challenges c ON c.id = g.challenge_id AND c.client_id = g.client_id
    ORDER BY g.challenge_id, g.customer_id
    ON CONFLICT (challenge_id, customer_id) DO UPDATE
      SET granted = true, granted_at = coalesce(p.granted_at, EXCLUDED.granted_at)`);
};
