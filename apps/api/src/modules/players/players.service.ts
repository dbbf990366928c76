import type { TPlayer } from '@laurel/contract';
import type { Db } from '../../db/database';
import { currentValuesOf, loadStatisticCatalogue } from '../../engine';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { notFound } from '../../http/errors';
import { playerChallenges } from '../challenges/player-challenges.queries';
import { customerWallets } from '../economy/wallets.queries';
import { playerProgressions } from '../reward-tracks/player-progress';
import { clientTimeZone } from '../statistics/statistics.queries';
import { findPlayerCustomer, playerBadgeRows, playerSegmentNames, playerUpdatedAt } from './players.queries';

const NOT_FOUND = 'The customer could not be found.';

/**
 * The player as the client's app shows them: each statistic's value in its current version (a statistic reset
 * since the player's last event has no value yet, so it is left out), their segments and their badges.
 */
export const readPlayer = async (db: Db, principal: Principal, customerId: string): Promise<TPlayer> => {
  const { clientId } = principal;
  const customer = await findPlayerCustomer(db, clientId, customerId);
  if (!customer || !mayAccessBranch(principal, customer.memberBranchId)) throw notFound(NOT_FOUND);
  const [timeZone, catalogue, segments, badges, updatedAt, wallets, challenges] = await Promise.all([
    clientTimeZone(db, clientId),
    loadStatisticCatalogue(db, [clientId]),
    playerSegmentNames(db, clientId, customerId),
    playerBadgeRows(db, clientId, customerId),
    playerUpdatedAt(db, clientId, customerId),
    customerWallets(db, clientId, customerId),
    playerChallenges(db, clientId, customerId),
  ]);
  const values = await currentValuesOf(db, clientId, [customerId], catalogue, timeZone);
  const { level, tier } = await playerProgressions(db, clientId, values.get(customerId));
  return {
    customer_id: customerId,
    status: customer.status as TPlayer['status'],
    statistics: Object.fromEntries(values.get(customerId) ?? []),
    segments,
    badges: badges.map((badge) => ({
      _id: badge.id,
      name: badge.name,
      category: badge.category,
      level: badge.level,
      quantity: badge.quantity,
      first_granted_at: badge.firstGrantedAt.toISOString(),
      last_granted_at: badge.lastGrantedAt.toISOString(),
    })),
    level,
    tier,
    wallets: wallets.map((wallet) => ({
      currency: wallet.currency._id,
      name: wallet.currency.name,
      code: wallet.currency.code,
      balance: wallet.balance,
      expiring_soon: wallet.expiring_soon,
      next_expiry_at: wallet.next_expiry_at,
    })),
    challenges,
    updated_at: updatedAt?.toISOString() ?? null,
  };
};
