import { SYSTEM_SEGMENT_NAMES, TIERS } from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { type SegmentFilterColumn, segmentMembers, segments } from '../../db/schema';

const tierRule = (tier: number): SegmentFilterColumn[] => [
  { id: 'filter_tier', type: 'statistic', statistic_name: 'tier', comparison: 'EqualTo', filter_value: tier },
];

/** AllPlayers and one segment per tier (tier n is the n-th of Bronze..Diamond), kept by the engine (DESIGN §4). */
export const ensureSystemSegments = async (db: DbOrTx, clientId: string) => {
  await db
    .insert(segments)
    .values(
      SYSTEM_SEGMENT_NAMES.map((name, index) => ({
        id: newId(),
        clientId,
        name,
        description: index === 0 ? 'Every player with activity' : `Players in the ${TIERS[index - 1]} tier`,
        filters:
          index === 0
            ? [
                {
                  id: 'filter_all',
                  type: 'all_players' as const,
                  statistic_name: null,
                  comparison: null,
                  filter_value: null,
                },
              ]
            : tierRule(index),
        actions: [],
        system: true,
      })),
    )
    .onConflictDoNothing();
};

/** A suspended customer leaves every segment at once (DESIGN §5). */
export const removeFromAllSegments = async (db: DbOrTx, clientId: string, customerId: string) => {
  await db
    .delete(segmentMembers)
    .where(and(eq(segmentMembers.clientId, clientId), eq(segmentMembers.customerId, customerId)));
};
