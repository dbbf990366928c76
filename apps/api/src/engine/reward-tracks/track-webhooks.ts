import type { WebhookMessage } from '../webhooks/outbox';
import type { MilestoneReached, TargetChange } from './evaluate';
import type { TrackDefinition } from './track-definitions';

/** The player's XP as the ledger keeps amounts: two decimal places, not cut to a whole number. */
export const roundedXp = (xp: number) => Math.round(xp * 100) / 100;

const TYPE_OF_TRACK = { LEVEL_PROGRESSION: 'level.changed', TIER_PROGRESSION: 'tier.changed' } as const;

/** The name of the milestone that gives a target value (a tier's name), or null below the first. */
const milestoneNameOf = (track: TrackDefinition, value: number) =>
  track.milestones.find((milestone) => milestone.target_value === value)?.name ?? null;

/** `level.changed` / `tier.changed` (DESIGN §10) for every level or tier target that moved. */
export const targetChangeWebhooks = (
  clientId: string,
  tracks: readonly TrackDefinition[],
  changes: readonly TargetChange[],
): WebhookMessage[] =>
  changes.flatMap((change) => {
    if (change.from === change.to) return [];
    const track = tracks.find(
      (candidate) => candidate.target === change.name && candidate.type !== 'GENERIC',
    );
    if (!track || track.type === 'GENERIC') return [];
    return [
      {
        clientId,
        type: TYPE_OF_TRACK[track.type],
        customerId: change.customerId,
        data: {
          customer_id: change.customerId,
          reward_track: { _id: track.id, name: track.name },
          from: { value: change.from, name: milestoneNameOf(track, change.from) },
          to: { value: change.to, name: milestoneNameOf(track, change.to) },
        },
      },
    ];
  });

/** `reward_track.milestone_reached` for each milestone written now. */
export const milestoneWebhooks = (clientId: string, reached: readonly MilestoneReached[]): WebhookMessage[] =>
  reached.map((item) => ({
    clientId,
    type: 'reward_track.milestone_reached',
    customerId: item.customerId,
    data: {
      customer_id: item.customerId,
      reward_track: { _id: item.track.id, name: item.track.name, type: item.track.type },
      milestone: {
        index: item.milestone.index,
        name: item.milestone.name,
        target_value: item.milestone.target_value,
      },
      xp_points_earned: roundedXp(item.xp),
      status: item.status,
    },
  }));
