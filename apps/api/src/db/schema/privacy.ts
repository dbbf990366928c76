import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './accounts';

/**
 * A business's privacy settings (DESIGN §10), one row per client that changed them; no row means the defaults
 * (processed events keep their payload forever). The daily retention task reads it.
 */
export const clientPrivacySettings = pgTable('client_privacy_settings', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.id),
  /** Days a processed event keeps its payload; null keeps it forever. */
  eventPayloadRetentionDays: integer('event_payload_retention_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
