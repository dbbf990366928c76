import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { clients, clientUsers } from '../../db/schema';

export const findClient = async (db: DbOrTx, clientId: string) => {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  return row ?? null;
};

export const findClientByPaymentEngineId = async (db: DbOrTx, paymentEngineId: string) => {
  const [row] = await db.select().from(clients).where(eq(clients.paymentEngineId, paymentEngineId));
  return row ?? null;
};

export const listClientUserScopes = (db: DbOrTx, clientId: string) =>
  db
    .select({ user_id: clientUsers.id, manager_of: clientUsers.managerOf })
    .from(clientUsers)
    .where(eq(clientUsers.clientId, clientId))
    .orderBy(clientUsers.createdAt);

export const emailInUse = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ id: clientUsers.id })
    .from(clientUsers)
    .where(eq(sql`lower(${clientUsers.email})`, email.toLowerCase()));
  return row !== undefined;
};

export type ClientRow = typeof clients.$inferSelect;
