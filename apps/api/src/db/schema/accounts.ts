import type { TNotificationIntegration, TUserPermissions } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A business using Laurel: the tenant every other row belongs to. */
export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  alias: text('alias').notNull(),
  name: text('name').notNull(),
  idNumber: text('id_number').notNull(),
  vatNumber: text('vat_number'),
  domain: text('domain'),
  type: text('type').notNull().default('ENTITY'),
  fullAddress: text('full_address').notNull(),
  // Coordinates are for maps and distance, never money: floating point is fine here.
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  offering: jsonb('offering')
    .$type<{ experience: string; product_types: string[]; offering: string | null; industry: string }>()
    .notNull(),
  status: text('status').notNull(),
  plan: text('plan'),
  planStatus: text('plan_status'),
  currencySymbol: text('currency_symbol').notNull().default('R'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The billing provider's customer id (Stripe customer, or the built-in provider's own id). */
  paymentEngineId: text('payment_engine_id').notNull(),
  billingSubscriptionId: text('billing_subscription_id'),
  integrations: jsonb('integrations').$type<TNotificationIntegration[]>().notNull().default(sql`'[]'::jsonb`),
  ...timestamps,
});

/** Console staff. Emails are unique across Laurel: sign-in asks for no client. */
export const clientUsers = pgTable(
  'client_users',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    userName: text('user_name'),
    email: text('email').notNull(),
    cellCountryCode: text('cell_country_code'),
    cellNumber: text('cell_number'),
    birthday: text('birthday'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    managerOf: text('manager_of').array().notNull().default(sql`'{}'::text[]`),
    permissions: jsonb('permissions').$type<TUserPermissions>().notNull().default(sql`'{}'::jsonb`),
    getCommunication: boolean('get_communication').notNull().default(false),
    agreesTermsAndConditions: boolean('agrees_terms_and_conditions').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Bumped to revoke every token issued before (password reset, deactivation). */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('client_users_email_unique').on(sql`lower(${table.email})`),
    index('client_users_client_idx').on(table.clientId, table.createdAt),
  ],
);

/** Single-use password reset and email verification tokens; only their SHA-256 is kept. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => clientUsers.id),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_tokens_hash_unique').on(table.tokenHash)],
);

/** Every mail Laurel sends, kept whether or not an SMTP server delivered it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    kind: text('kind').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.toAddress, table.createdAt)],
);

/** Attempts counted for rate limits shared by every API process (failed sign-ins, reset requests). */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('auth_attempts_key_at_idx').on(table.key, table.at)],
);
