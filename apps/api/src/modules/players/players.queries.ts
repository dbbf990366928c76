import { and, asc, eq, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { badges, customers, playerBadges, playerStatistics, segmentMembers, segments } from '../../db/schema';

export const findPlayerCustomer = async (db: DbOrTx, clientId: string, customerId: string) => {
  const [row] = await db
    .select({ id: customers.id, memberBranchId: customers.memberBranchId, status: customers.status })
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.id, customerId)));
  return row ?? null;
};

export const playerUpdatedAt = async (db: DbOrTx, clientId: string, customerId: string) => {
  const [row] = await db
    .select({ at: max(playerStatistics.updatedAt) })
    .from(playerStatistics)
    .where(and(eq(playerStatistics.clientId, clientId), eq(playerStatistics.customerId, customerId)));
  return row?.at ?? null;
};

export const playerSegmentNames = async (db: DbOrTx, clientId: string, customerId: string) =>
  (
    await db
      .select({ name: segments.name })
      .from(segmentMembers)
      .innerJoin(segments, eq(segments.id, segmentMembers.segmentId))
      .where(and(eq(segmentMembers.clientId, clientId), eq(segmentMembers.customerId, customerId)))
      .orderBy(asc(segments.name))
  ).map((row) => row.name);

export const playerBadgeRows = (db: DbOrTx, clientId: string, customerId: string) =>
  db
    .select({
      id: badges.id,
      name: badges.name,
      category: badges.category,
      level: badges.level,
      quantity: playerBadges.quantity,
      firstGrantedAt: playerBadges.firstGrantedAt,
      lastGrantedAt: playerBadges.lastGrantedAt,
    })
    .from(playerBadges)
    .innerJoin(badges, eq(badges.id, playerBadges.badgeId))
    .where(and(eq(playerBadges.clientId, clientId), eq(playerBadges.customerId, customerId)))
    .orderBy(asc(playerBadges.firstGrantedAt));
