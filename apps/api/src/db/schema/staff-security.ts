import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients, clientUsers } from './accounts';

/**
 * A staff user's TOTP second factor (RFC 6238). The secret is kept as is: verifying a code needs it, and Laurel has no
 * key of its own to encrypt it with that would not sit in the same database (docs/operations.md says so).
 */
export const staffMfa = pgTable('staff_mfa', {
  userId: text('user_id')
    .primaryKey()
    .references(() => clientUsers.id),
  clientId: text('client_id')
    .notNull()
    .references(() => clients.id),
  /** Base32; set once enrolment is confirmed with a code. */
  secret: text('secret'),
  /** Shown during enrolment, not yet confirmed. */
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last 30 s time step a code was accepted for: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  /**
   * When (ms since the epoch) the sign-in token last used to finish a sign-in was issued: that token and every one
   * issued before it are spent, so one password check gives one session however many codes follow.
   */
  signInTokenSpentThrough: bigint('sign_in_token_spent_through', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes per enrolment; only their argon2 hash is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => clientUsers.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_recovery_codes_user_idx').on(table.userId)],
);

/** A business's sign-in policy for its staff. */
export const clientSecuritySettings = pgTable('client_security_settings', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.id),
  mfaRequired: boolean('mfa_required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per sign-in, keyed by the session id every token of that sign-in carries (`sid`). Revoking sets
 * `revoked_at`, which a trigger announces on the auth channel so every API process refuses the tokens within a second.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => clientUsers.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Recorded at most about once a minute per session, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_user_idx').on(table.userId, table.lastUsedAt.desc())],
);
