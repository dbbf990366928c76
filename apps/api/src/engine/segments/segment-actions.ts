import type { DbOrTx } from '../../db/database';
import { type BadgeGrant, grantBadges } from '../badges/grant-badges';
import { grantMissions, type MissionGrant } from '../challenges/challenge-grants';
import { enqueueWebhooks } from '../webhooks/outbox';
import type { SegmentDefinition } from './segment-rules';

export type MembershipChange = {
  segment: SegmentDefinition;
  customerId: string;
  kind: 'entered' | 'left';
  eventId: string | null;
  /** The id the client sent the event with: what webhooks name (the integrator knows no other). */
  externalEventId?: string | null;
  branchId: string | null;
  /** When the event that moved the player happened (none for a rebuild's changes: they happen now). */
  occurredAt?: Date | null;
};

/**
 * Runs the actions of every entry and exit (spec 2 §3): grant_item grants its badge; grant_mission grants its
 * challenge to the player. Each change fires once: callers pass only real changes.
 */
export const runSegmentActions = async (tx: DbOrTx, changes: readonly MembershipChange[]) => {
  const grants: BadgeGrant[] = [];
  const missions: MissionGrant[] = [];
  for (const change of changes) {
    for (const action of change.segment.actions) {
      if (action.trigger === change.kind && action.type === 'grant_mission' && action.mission_id) {
        missions.push({
          clientId: change.segment.clientId,
          challengeId: action.mission_id,
          customerId: change.customerId,
        });
      }
      if (action.trigger !== change.kind || action.type !== 'grant_item' || !action.item_id) continue;
      grants.push({
        clientId: change.segment.clientId,
        customerId: change.customerId,
        badgeId: action.item_id,
        quantity: Math.max(1, action.quantity ?? 1),
        source: 'segment',
        sourceId: change.segment.id,
        eventId: change.eventId,
        externalEventId: change.externalEventId ?? null,
        branchId: change.branchId,
        occurredAt: change.occurredAt ?? null,
      });
    }
  }
  await enqueueWebhooks(
    tx,
    changes.map((change) => ({
      clientId: change.segment.clientId,
      type: change.kind === 'entered' ? 'segment.entered' : 'segment.left',
      customerId: change.customerId,
      data: {
        customer_id: change.customerId,
        segment: { _id: change.segment.id, name: change.segment.name },
        event_id: change.externalEventId ?? null,
      },
    })),
  );
  if (grants.length > 0) await grantBadges(tx, grants);
  await grantMissions(tx, missions);
};
