import type { TResetInterval } from '@laurel/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { statistics } from '../../db/schema';
import { versionAt } from './periods';

/**
 * A client's time zone is about to change: every interval statistic starts a new epoch now, at the version that is
 * current in the old zone. Versions count intervals since the epoch in the client's zone, so without this a new
 * zone could move a statistic back to yesterday's version (and its values) or skip one. The current period runs on
 * to the new zone's next boundary; every later one follows the new zone.
 */
export const keepStatisticVersionsAcrossZones = async (
  tx: DbOrTx,
  clientId: string,
  previousTimeZone: string,
  now: Date,
) => {
  const rows = await tx
    .select({
      id: statistics.id,
      resetInterval: statistics.resetInterval,
      epochVersion: statistics.epochVersion,
      epochStart: statistics.epochStart,
    })
    .from(statistics)
    .where(and(eq(statistics.clientId, clientId), ne(statistics.resetInterval, 'Manual')))
    .for('update');
  for (const row of rows) {
    const version = versionAt(
      { ...row, resetInterval: row.resetInterval as TResetInterval },
      now,
      previousTimeZone,
    );
    await tx
      .update(statistics)
      .set({ epochVersion: version, epochStart: now })
      .where(and(eq(statistics.clientId, clientId), eq(statistics.id, row.id)));
  }
};
