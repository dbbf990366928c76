import { type TMilestone, type TPlayer, tierByNumber } from '@laurel/contract';
import type { DbOrTx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import { trackProgress } from '../../engine';
import { findProgression } from './reward-tracks.queries';

/**
 * A player's level and tier on the client's progressions (player API, customer profile): the value the engine
 * wrote, the milestone held, the next one and the way to it. Null where the client has no such progression.
 */
export const playerProgressions = async (
  db: DbOrTx,
  clientId: string,
  values: ReadonlyMap<string, number> | undefined,
): Promise<Pick<TPlayer, 'level' | 'tier'>> => {
  const [levelTrack, tierTrack] = await Promise.all([
    findProgression(db, clientId, 'LEVEL_PROGRESSION'),
    findProgression(db, clientId, 'TIER_PROGRESSION'),
  ]);
  const value = (name: string) => values?.get(name) ?? 0;
  const progressOf = (track: typeof levelTrack) =>
    track
      ? trackProgress(jsonColumn<TMilestone[]>(track.milestones), value(track.target), value(track.source))
      : null;
  const tier = progressOf(tierTrack);
  return {
    level: progressOf(levelTrack),
    tier: tier ? { ...tier, tier: tierByNumber(tier.value) ?? null } : null,
  };
};
