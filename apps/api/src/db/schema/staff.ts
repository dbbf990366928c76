import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './accounts';

export type StoredTradingTime = { day: number; from: string; to: string; closed: boolean; status: 1 | 2 | 3 };
export type StoredBankingDetails = {
  account_number: string;
  account_type: string;
  branch_code: string;
  name: string;
};

/** A client's branch (store). Fees are integer minor units; radii are km. */
export const branches = pgTable(
  'branches',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    displayName: text('display_name').notNull(),
    branchNumber: text('branch_number'),
    email: text('email'),
    imageUrl: text('image_url'),
    registeredName: text('registered_name'),
    registrationNumber: text('registration_number'),
    vatNumber: text('vat_number'),
    vatRegistered: boolean('vat_registered').notNull(),
    franchise: boolean('franchise').notNull(),
    offline: boolean('offline').notNull(),
    countryCode: text('country_code').notNull(),
    countryCodeExtension: text('country_code_extension').notNull(),
    contactNumber: text('contact_number'),
    fullAddress: text('full_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    bankingDetails: jsonb('banking_details').$type<StoredBankingDetails>(),
    replaceByDefault: boolean('replace_by_default').notNull(),
    delivery: boolean('delivery').notNull(),
    deliveryFeeType: text('delivery_fee_type').notNull(),
    maxDeliveryRadius: numeric('max_delivery_radius', { precision: 10, scale: 2 }),
    baseDeliveryRadius: numeric('base_delivery_radius', { precision: 10, scale: 2 }),
    deliveryFeePerKmMinor: integer('delivery_fee_per_km_minor'),
    deliveryFeeMinor: integer('delivery_fee_minor'),
    deliveryRadii: jsonb('delivery_radii').$type<{ radius: string; fee_minor: number }[]>(),
    tradingTimes: jsonb('trading_times').$type<StoredTradingTime[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('branches_client_name_idx').on(table.clientId, sql`lower(${table.displayName})`)],
);

/** Append-only record of every write and security event (a trigger refuses UPDATE and DELETE). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_client_time_idx').on(table.clientId, table.occurredAt.desc().nullsFirst()),
    index('audit_log_client_actor_idx').on(
      table.clientId,
      table.actorId,
      table.occurredAt.desc().nullsFirst(),
    ),
    index('audit_log_client_entity_idx').on(
      table.clientId,
      table.entity,
      table.occurredAt.desc().nullsFirst(),
    ),
  ],
);
