import type { TPrivacySettings } from '@laurel/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { clientPrivacySettings } from '../../db/schema';
import { type Actor, diffFields, recordAudit } from '../audit/audit';

/** The business's privacy settings; no row yet means the defaults (payloads kept forever). */
export const readPrivacySettings = async (db: DbOrTx, clientId: string): Promise<TPrivacySettings> => {
  const [row] = await db
    .select({ days: clientPrivacySettings.eventPayloadRetentionDays })
    .from(clientPrivacySettings)
    .where(eq(clientPrivacySettings.clientId, clientId));
  return { event_payload_retention_days: row?.days ?? null };
};

export const savePrivacySettings = async (
  db: Db,
  actor: Actor,
  settings: TPrivacySettings,
): Promise<TPrivacySettings> =>
  db.transaction(async (tx) => {
    const before = await readPrivacySettings(tx, actor.clientId);
    const days = settings.event_payload_retention_days;
    await tx
      .insert(clientPrivacySettings)
      .values({ clientId: actor.clientId, eventPayloadRetentionDays: days })
      .onConflictDoUpdate({
        target: clientPrivacySettings.clientId,
        set: { eventPayloadRetentionDays: days, updatedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: 'privacy_settings.updated',
      entity: 'settings',
      entityId: actor.clientId,
      summary:
        days === null
          ? 'Processed events keep their payload forever'
          : `Processed events keep their payload for ${days} days`,
      changes: diffFields(before, settings, ['event_payload_retention_days']),
    });
    return readPrivacySettings(tx, actor.clientId);
  });
