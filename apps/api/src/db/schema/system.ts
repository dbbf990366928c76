import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Process-wide settings every API and worker process must agree on (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
