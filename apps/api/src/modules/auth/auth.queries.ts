import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { clients, clientUsers } from '../../db/schema';

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ user: clientUsers, paymentEngineId: clients.paymentEngineId })
    .from(clientUsers)
    .innerJoin(clients, eq(clients.id, clientUsers.clientId))
    .where(eq(sql`lower(${clientUsers.email})`, email.toLowerCase()));
  return row ?? null;
};

export type ClientUserRow = typeof clientUsers.$inferSelect;
