import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appSettings } from '../db/schema';

const KEY = 'jwt_secret';

/**
 * The signing secret: JWT_SECRET when given, else one generated on first start and kept in the database,
 * so that every API and worker process agrees (DESIGN §3). Concurrent first starts converge on one value.
 */
export const resolveJwtSecret = async (db: Db, configured: string | undefined): Promise<string> => {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  if (!row) throw new Error('The JWT secret could not be stored');
  return row.value;
};
