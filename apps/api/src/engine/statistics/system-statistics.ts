import { SYSTEM_STATISTICS, type TAggregationMethod, type TSystemStatistic } from '@laurel/contract';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { statistics } from '../../db/schema';

/** Counters and totals add up; level and tier hold the latest value the reward tracks set. */
const SYSTEM_AGGREGATION: Record<TSystemStatistic, TAggregationMethod> = {
  numberOfLogins: 'Sum',
  totalOrderValue: 'Sum',
  orderVolume: 'Sum',
  numberOfGifts: 'Sum',
  numberOfReferrals: 'Sum',
  numberOfVouchers: 'Sum',
  numberOfAppPayments: 'Sum',
  numberOfQrScans: 'Sum',
  numberOfSubscriptions: 'Sum',
  xp: 'Sum',
  level: 'Last',
  tier: 'Last',
};

/** The statistics the engine keeps for every client (DESIGN §5); idempotent, part of provisioning a client. */
export const ensureSystemStatistics = async (db: DbOrTx, clientId: string) => {
  await db
    .insert(statistics)
    .values(
      SYSTEM_STATISTICS.map((name) => ({
        id: newId(),
        clientId,
        name,
        aggregationMethod: SYSTEM_AGGREGATION[name],
        resetInterval: 'Manual',
        system: true,
      })),
    )
    .onConflictDoNothing();
};
