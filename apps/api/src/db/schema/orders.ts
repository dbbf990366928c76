import { type SQL, sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './customers';

/** The lines of an order, as the channel sent them; never changed afterwards. Money in minor units, VAT included. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    lineNo: integer('line_no').notNull(),
    productId: text('product_id'),
    sku: text('sku'),
    title: text('title').notNull(),
    categoryIds: text('category_ids').array().notNull().default(sql`'{}'::text[]`),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    lineTotalMinor: bigint('line_total_minor', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('order_lines_order_line_unique').on(table.orderId, table.lineNo)],
);

/** What an order is sent out in; each parcel moves through the parcel statuses on its own. */
export const orderParcels = pgTable(
  'order_parcels',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** 1, 2… within the order: how integrators name a parcel. */
    number: integer('number').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_parcels_order_number_unique').on(table.orderId, table.number)],
);

/**
 * Every status an order and its parcels have had, in order (`seq` per order, shared by the order and its
 * parcels); append-only, enforced by a trigger. The first entry is the order's creation.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    seq: integer('seq').notNull(),
    /** Null for the order's own status. */
    parcelId: text('parcel_id').references(() => orderParcels.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('order_status_history_order_seq_unique').on(table.orderId, table.seq)],
);

export type StoredBasketItem = {
  product_id: string | null;
  sku: string | null;
  title: string;
  category_ids: string[];
  quantity: number;
  unit_price_minor: number;
  line_total_minor: number;
};

/**
 * Baskets the channels keep up to date (`POST /api/v1/baskets`), one per channel basket id. A basket is replaced
 * whole on each update, so its items are one JSON value. The buyer's name, email and number are copied from the
 * customer on each update (null for a guest) so that the list and its search need no join.
 */
export const baskets = pgTable(
  'baskets',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    externalId: text('external_id').notNull(),
    customerId: text('customer_id'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerContactNumber: text('customer_contact_number'),
    branchId: text('branch_id'),
    /** Fulfilment method: DELIVERY or COLLECTION. */
    type: text('type').notNull(),
    status: text('status').notNull(),
    items: jsonb('items').$type<StoredBasketItem[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** SHA-256 of the last request: the same payload again changes nothing. */
    requestHash: text('request_hash').notNull(),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${baskets.externalId} || ' ' || coalesce(${baskets.customerName}, '') || ' ' || coalesce(${baskets.customerEmail}, '') || ' ' || coalesce(${baskets.customerContactNumber}, '') || ' ' || coalesce('0' || substr(${baskets.customerContactNumber}, 4), ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The basket's date in the list: its last change. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Each filter of the Baskets table has an index that also yields the newest-first order (see customers).
  (table) => [
    uniqueIndex('baskets_client_external_unique').on(table.clientId, table.externalId),
    index('baskets_client_updated_idx').on(
      table.clientId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    ...(
      [
        ['branch', table.branchId],
        ['customer', table.customerId],
        ['status', table.status],
        ['type', table.type],
      ] as const
    ).map(([name, column]) =>
      index(`baskets_client_${name}_updated_idx`).on(
        table.clientId,
        column,
        table.updatedAt.desc().nullsFirst(),
        table.id.desc().nullsFirst(),
      ),
    ),
    index('baskets_client_total_idx').on(table.clientId, table.totalMinor),
    index('baskets_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);
