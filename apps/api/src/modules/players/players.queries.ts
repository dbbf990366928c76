import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { customers, playerStatistics } from '../../db/schema';

export const findPlayerCustomer = async (db: DbOrTx, clientId: string, customerId: string) => {
  const [row] = await db
    .select({ id: customers.id, memberBranchId: customers.memberBranchId })
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.id, customerId)));
  return row ?? null;
};

/** Every stored value of a player (all versions); the caller picks each statistic's current one. */
export const playerStatisticRows = (db: DbOrTx, clientId: string, customerId: string) =>
  db
    .select({
      statisticId: playerStatistics.statisticId,
      version: playerStatistics.version,
      value: playerStatistics.value,
      updatedAt: playerStatistics.updatedAt,
    })
    .from(playerStatistics)
    .where(and(eq(playerStatistics.clientId, clientId), eq(playerStatistics.customerId, customerId)));
