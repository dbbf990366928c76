import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { clientSecuritySettings, clients, clientUsers, staffMfa } from '../../db/schema';

export const findSecondFactor = async (db: DbOrTx, userId: string) => {
  const [row] = await db.select().from(staffMfa).where(eq(staffMfa.userId, userId));
  return row ?? null;
};

export const hasSecondFactor = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({ userId: staffMfa.userId })
    .from(staffMfa)
    .where(and(eq(staffMfa.userId, userId), isNotNull(staffMfa.secret)));
  return row !== undefined;
};

/** The business's policy: every staff user must have a second factor. */
export const isMfaRequired = async (db: DbOrTx, clientId: string) => {
  const [row] = await db
    .select({ required: clientSecuritySettings.mfaRequired })
    .from(clientSecuritySettings)
    .where(eq(clientSecuritySettings.clientId, clientId));
  return row?.required ?? false;
};

export const findUserById = async (db: DbOrTx, userId: string) => {
  const [row] = await db
    .select({ user: clientUsers, paymentEngineId: clients.paymentEngineId })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(eq(clientUsers.id, userId));
  return row ?? null;
};
