import type { TPlayer } from '@laurel/contract';

/**
 * The profile's challenge and badge tiles from the player API: challenges participated (started: a first event
 * counted), challenges completed, and badges earned (every badge held, with its quantity).
 */
export const playerTileCounts = (player: Partial<Pick<TPlayer, 'challenges' | 'badges'>> | undefined) => {
  const challenges = player?.challenges ?? [];
  return {
    participated: challenges.filter((challenge) => challenge.started_at !== null).length,
    completed: challenges.filter((challenge) => challenge.status === 'completed').length,
    badges: (player?.badges ?? []).reduce((sum, badge) => sum + badge.quantity, 0),
  };
};
