import type { TPlayer } from '@laurel/contract';
import type { Db } from '../../db/database';
import { currentVersion, loadStatisticCatalogue } from '../../engine';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { notFound } from '../../http/errors';
import { clientTimeZone } from '../statistics/statistics.queries';
import { findPlayerCustomer, playerStatisticRows } from './players.queries';

const NOT_FOUND = 'The customer could not be found.';

/**
 * The player as the client's app shows them: each statistic's value in its current version (a statistic reset
 * since the player's last event has no value yet, so it is left out, as DESIGN §5 says of rules).
 */
export const readPlayer = async (db: Db, principal: Principal, customerId: string): Promise<TPlayer> => {
  const customer = await findPlayerCustomer(db, principal.clientId, customerId);
  if (!customer || !mayAccessBranch(principal, customer.memberBranchId)) throw notFound(NOT_FOUND);
  const [timeZone, catalogue, rows] = await Promise.all([
    clientTimeZone(db, principal.clientId),
    loadStatisticCatalogue(db, [principal.clientId]),
    playerStatisticRows(db, principal.clientId, customerId),
  ]);
  const current = new Map(
    catalogue
      .all(principal.clientId)
      .map((definition) => [definition.id, { definition, version: currentVersion(definition, timeZone) }]),
  );
  const statistics: Record<string, number> = {};
  let updatedAt: Date | null = null;
  for (const row of rows) {
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
    const entry = current.get(row.statisticId);
    if (entry && entry.version === row.version) statistics[entry.definition.name] = Number(row.value);
  }
  return { customer_id: customerId, statistics, updated_at: updatedAt?.toISOString() ?? null };
};
