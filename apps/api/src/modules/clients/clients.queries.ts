import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
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

/** The client row, locked until the transaction ends: two saves of its settings run one after the other. */
export const lockClient = async (db: DbOrTx, clientId: string) => {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId)).for('update');
  return row ?? null;
};

/** Whether PostgreSQL's own zone database has the zone: every `AT TIME ZONE` on the client's rows needs it. */
export const databaseKnowsTimeZone = async (db: DbOrTx, zone: string) =>
  (await rowsOf(db, sql`SELECT 1 FROM pg_timezone_names WHERE name = ${zone}`)).length > 0;

export type ClientRow = typeof clients.$inferSelect;
