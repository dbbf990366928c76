import type { TMilestone, TRewardTrackTransactionStatus } from '@laurel/contract';
import { XP_STATISTIC } from '../economy/xp';
import { mappedTarget, reachedMilestones } from './milestones';
import { isWindowed, type TrackDefinition } from './track-definitions';

/** One player as the evaluation sees them: statistic values by name (changed in place) and track floors. */
export type PlayerTrackState = {
  customerId: string;
  values: Map<string, number>;
  /** Target values kept through a year-end (persist_tier_levels_annually), by track id. */
  floors: Map<string, number>;
};

export type TargetChange = { customerId: string; name: string; from: number; to: number; hadValue: boolean };

export type MilestoneReached = {
  customerId: string;
  track: TrackDefinition;
  milestone: TMilestone;
  status: TRewardTrackTransactionStatus;
  xp: number;
};

export type SourceSeen = { customerId: string; track: TrackDefinition; value: number };

export type Evaluation = {
  changes: TargetChange[];
  reached: MilestoneReached[];
  /** Windowed tier tracks whose tier went up (their review date moves on). */
  upgraded: { customerId: string; track: TrackDefinition }[];
  /** Every source value a windowed tier track looked at (its monthly record). */
  sources: SourceSeen[];
};

/** Every statistic the evaluation reads for a player: each track's source and target, and the XP a milestone records. */
export const statisticsReadBy = (tracks: readonly TrackDefinition[]) => [
  ...tracks.flatMap((track) => [track.source, track.target]),
  XP_STATISTIC,
];

/** A chain longer than this (generic tracks feeding each other) stops: a cycle cannot loop forever. */
const MAX_STEPS_PER_PLAYER = 32;

/**
 * Moves each player along the tracks from the statistics named in `dirty` (DESIGN §5 step 3), in memory: a
 * track whose source is dirty sets its target from the milestone reached; a target that changed is dirty in turn
 * (XP -> level -> tier -> generic tracks on those). The caller writes the result: through the statistics writer
 * in the engine, directly in background tasks.
 */
export const evaluateTracks = (
  tracks: readonly TrackDefinition[],
  players: readonly PlayerTrackState[],
  dirtyOf: (customerId: string) => Iterable<string>,
  isActive: (track: TrackDefinition, customerId: string) => boolean,
): Evaluation => {
  const result: Evaluation = { changes: [], reached: [], upgraded: [], sources: [] };
  const bySource = new Map<string, TrackDefinition[]>();
  for (const track of tracks) {
    const list = bySource.get(track.source) ?? [];
    list.push(track);
    bySource.set(track.source, list);
  }
  for (const player of players) {
    const queue = [...new Set(dirtyOf(player.customerId))].filter((name) => bySource.has(name));
    const changed = new Map<string, TargetChange>();
    const reachedKeys = new Set<string>();
    let steps = 0;
    while (queue.length > 0 && steps < MAX_STEPS_PER_PLAYER) {
      const name = queue.shift() as string;
      for (const track of bySource.get(name) ?? []) {
        if (!isActive(track, player.customerId)) continue;
        steps += 1;
        const sourceValue = player.values.get(track.source) ?? 0;
        const hadValue = player.values.has(track.target);
        const current = player.values.get(track.target) ?? 0;
        const floor = player.floors.get(track.id) ?? 0;
        const mapped = mappedTarget(track.milestones, sourceValue);
        // A windowed tier only rises here; it falls at its review (tier-reviews.ts).
        const desired = isWindowed(track) ? Math.max(mapped, current, floor) : Math.max(mapped, floor);
        if (isWindowed(track))
          result.sources.push({ customerId: player.customerId, track, value: sourceValue });
        for (const milestone of reachedMilestones(track.milestones, sourceValue)) {
          const key = `${track.id}:${milestone.index}`;
          if (reachedKeys.has(key)) continue;
          reachedKeys.add(key);
          const claimed = current < milestone.target_value && milestone.target_value <= desired;
          result.reached.push({
            customerId: player.customerId,
            track,
            milestone,
            status: claimed ? 'Reward Claimed' : 'Completed',
            xp: player.values.get(XP_STATISTIC) ?? 0,
          });
        }
        if (desired === current && (hadValue || desired === 0)) continue;
        player.values.set(track.target, desired);
        const before = changed.get(track.target);
        changed.set(track.target, {
          customerId: player.customerId,
          name: track.target,
          from: before?.from ?? current,
          to: desired,
          hadValue: before?.hadValue ?? hadValue,
        });
        if (isWindowed(track) && desired > current)
          result.upgraded.push({ customerId: player.customerId, track });
        queue.push(track.target);
      }
    }
    for (const change of changed.values())
      if (change.from !== change.to || !change.hadValue) result.changes.push(change);
  }
  return result;
};
