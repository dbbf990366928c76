import { PRIVACY_MESSAGES } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { arrayParam, jsonColumn, rowsOf } from '../../db/raw-sql';
import type { PrivacyScope } from './export-parts';
import { contactsOf, likePattern, type PersonalData, type Scrubber } from './personal-data';

/** What an eraser is given: the member, their identifying values, and the erasure's transaction. */
export type ErasureContext = PrivacyScope & { tx: Tx; personal: PersonalData; scrub: Scrubber };

/** One place personal data is stored, and how it is removed from there (inside the erasure's transaction). */
export type Eraser = { name: string; erase: (context: ErasureContext) => Promise<void> };

const ROWS_PER_PASS = 1000;

/** Rewrites a JSON column of the given rows with identifying values removed; writes only rows that changed. */
const scrubJsonRows = async (
  context: ErasureContext,
  table: 'events' | 'audit_log',
  rows: { id: string; value: unknown }[],
  column: 'data' | 'changes',
  scrub: Pick<Scrubber, 'json'> = context.scrub,
) => {
  for (const { id, value } of rows) {
    if (value === null || value === undefined) continue;
    const parsed = jsonColumn(value as object);
    const scrubbed = scrub.json(parsed);
    if (JSON.stringify(scrubbed) === JSON.stringify(parsed)) continue;
    await context.tx.execute(
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${JSON.stringify(scrubbed)}::jsonb
          WHERE id = ${id}`,
    );
  }
};

/** The stored payloads of the member's events, page by page in arrival order. */
const eraseEventPayloads: Eraser = {
  name: 'event payloads',
  erase: async (context) => {
    let after = -1;
    for (;;) {
      const rows = await rowsOf<{ id: string; seq: number | string; data: unknown }>(
        context.tx,
        sql`SELECT id, seq, data FROM events
            WHERE client_id = ${context.clientId} AND customer_id = ${context.customerId} AND seq > ${after}
            ORDER BY seq LIMIT ${ROWS_PER_PASS}`,
      );
      await scrubJsonRows(
        context,
        'events',
        rows.map((row) => ({ id: row.id, value: row.data })),
        'data',
      );
      if (rows.length < ROWS_PER_PASS) break;
      after = Number(rows[rows.length - 1]?.seq);
    }
    // Another member's event may name this one (a referral, a gift's recipient) by an email or cell number of theirs.
    const contacts = contactsOf(context.personal);
    if (contacts.length === 0) return;
    const patterns = contacts.map(likePattern);
    const others = await rowsOf<{ id: string; data: unknown }>(
      context.tx,
      sql`SELECT id, data FROM events
          WHERE client_id = ${context.clientId} AND customer_id <> ${context.customerId}
            AND data::text ILIKE ANY(${arrayParam(patterns)}::text[])`,
    );
    await scrubJsonRows(
      context,
      'events',
      others.map((row) => ({ id: row.id, value: row.data })),
      'data',
      context.scrub.mentions,
    );
  },
};

/** Orders and baskets keep their amounts; the buyer as recorded becomes "Erased customer". */
const eraseBuyerCopies: Eraser = {
  name: 'orders and baskets',
  erase: async ({ tx, clientId, customerId }) => {
    for (const table of ['orders', 'baskets']) {
      await tx.execute(
        sql`UPDATE ${sql.identifier(table)}
               SET customer_name = ${PRIVACY_MESSAGES.erasedDisplayName}, customer_email = NULL,
                   customer_contact_number = NULL
             WHERE client_id = ${clientId} AND customer_id = ${customerId}`,
      );
    }
  },
};

/** The loyalty record, saved addresses and registered cards are deleted outright: the books need none of them. */
const eraseRecords: Eraser = {
  name: 'loyalty record, addresses and cards',
  erase: async ({ tx, clientId, customerId }) => {
    for (const table of ['loyalty_accounts', 'customer_addresses', 'payment_methods']) {
      await tx.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE client_id = ${clientId} AND customer_id = ${customerId}`,
      );
    }
  },
};

/**
 * Audit entries about the member are rewritten, never deleted: who did what and when stays; the transaction-local
 * `laurel.privacy_erasure` lets the append-only trigger allow it (migration 0030). Entries about anything else
 * written since the member was created that name the member (their full name, email or cell number) lose those
 * mentions only.
 */
const eraseAuditMentions: Eraser = {
  name: 'audit log',
  erase: async (context) => {
    const { tx, clientId, customerId, scrub } = context;
    const own = await rowsOf<AuditRow>(
      tx,
      sql`SELECT id, summary, changes FROM audit_log WHERE client_id = ${clientId} AND entity_id = ${customerId}`,
    );
    const patterns = arrayParam(scrub.mentions.likePatterns);
    const mentioning = await rowsOf<AuditRow>(
      tx,
      sql`SELECT id, summary, changes FROM audit_log
          WHERE client_id = ${clientId} AND entity_id IS DISTINCT FROM ${customerId}
            -- An entry written before the member existed is not about them: a member named after another entry's
            -- words ("Started importing" "customers from x.csv") must not let an erasure rewrite that entry.
            AND occurred_at >= (SELECT created_at FROM customers WHERE client_id = ${clientId} AND id = ${customerId})
            AND (summary ILIKE ANY(${patterns}::text[]) OR changes::text ILIKE ANY(${patterns}::text[]))`,
    );
    for (const [rows, scrubber] of [
      [own, scrub],
      [mentioning, scrub.mentions],
    ] as const) {
      for (const row of rows) {
        const summary = scrubber.text(row.summary);
        if (summary !== row.summary)
          await tx.execute(sql`UPDATE audit_log SET summary = ${summary} WHERE id = ${row.id}`);
      }
      await scrubJsonRows(
        context,
        'audit_log',
        rows.map((row) => ({ id: row.id, value: row.changes })),
        'changes',
        { json: scrubber.changes },
      );
    }
  },
};
type AuditRow = { id: string; summary: string; changes: unknown };

/**
 * The reasons an integrator or staff gave for the member's ledger rows ("Mug for Thandiwe"), and the answers kept
 * for their spends' repeats, lose what names them; amounts stay (migration 0045 lets the ledger's append-only
 * trigger accept a changed reason, and nothing else, during an erasure).
 */
const eraseLedgerReasons: Eraser = {
  name: 'ledger reasons and spend answers',
  erase: async ({ tx, clientId, customerId, scrub }) => {
    let after = '';
    for (;;) {
      const rows = await rowsOf<{ id: string; reason: string }>(
        tx,
        sql`SELECT id, reason FROM economy_transactions
            WHERE client_id = ${clientId} AND customer_id = ${customerId} AND reason IS NOT NULL AND id > ${after}
            ORDER BY id LIMIT ${ROWS_PER_PASS}`,
      );
      for (const row of rows) {
        const reason = scrub.text(row.reason);
        if (reason !== row.reason)
          await tx.execute(sql`UPDATE economy_transactions SET reason = ${reason} WHERE id = ${row.id}`);
      }
      if (rows.length < ROWS_PER_PASS) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
    const answers = await rowsOf<{ idempotency_id: string; answer: unknown }>(
      tx,
      sql`SELECT idempotency_id, answer FROM spend_requests
          WHERE client_id = ${clientId} AND customer_id = ${customerId} AND answer IS NOT NULL`,
    );
    for (const row of answers) {
      const parsed = jsonColumn(row.answer as object);
      const scrubbed = scrub.json(parsed);
      if (JSON.stringify(scrubbed) === JSON.stringify(parsed)) continue;
      await tx.execute(
        sql`UPDATE spend_requests SET answer = ${JSON.stringify(scrubbed)}::jsonb
            WHERE client_id = ${clientId} AND idempotency_id = ${row.idempotency_id}`,
      );
    }
  },
};

/**
 * Exports already asked for replay their filters when downloaded: one whose search named the member is withdrawn
 * (its download then says it expired). Import error messages that quote the member are rewritten.
 */
const eraseExportsAndImports: Eraser = {
  name: 'prepared exports and import reports',
  erase: async ({ tx, clientId, scrub: { mentions } }) => {
    const patterns = arrayParam(mentions.likePatterns);
    await tx.execute(
      sql`DELETE FROM export_requests
          WHERE client_id = ${clientId} AND filters::text ILIKE ANY(${patterns}::text[])`,
    );
    const errors = await rowsOf<{ import_id: string; row: number; field: string; message: string }>(
      tx,
      sql`SELECT e.import_id, e.row, e.field, e.message FROM customer_import_errors e
          JOIN customer_imports i ON i.id = e.import_id
          WHERE i.client_id = ${clientId} AND e.message ILIKE ANY(${patterns}::text[])`,
    );
    for (const error of errors) {
      await tx.execute(
        sql`UPDATE customer_import_errors SET message = ${mentions.text(error.message)}
            WHERE import_id = ${error.import_id} AND row = ${error.row} AND field = ${error.field}`,
      );
    }
  },
};

/**
 * The customer row last: its identifiers are cleared (so no lookup by email, cell, external id or card finds it
 * again), its name becomes "Erased customer" everywhere names are shown, and its status ERASED is final. Totals,
 * branch and dates stay: the books and reports read them.
 */
const eraseCustomerRow: Eraser = {
  name: 'customer record',
  erase: async ({ tx, clientId, customerId }) => {
    await tx.execute(
      sql`UPDATE customers
             SET name = ${PRIVACY_MESSAGES.erasedName}, surname = ${PRIVACY_MESSAGES.erasedSurname},
                 email = NULL, cell_number = NULL, birthday = NULL, external_id = NULL, member_card_number = NULL,
                 gender = 'N/A', communication_method = '{}', get_communication = false, status = 'ERASED',
                 updated_at = now()
           WHERE client_id = ${clientId} AND id = ${customerId}`,
    );
  },
};

/**
 * Every place a member's personal data is stored, in the order they are erased (the customer row last). An area
 * that stores more adds one entry with `registerEraser` from its own module: the webhooks area adds one that
 * scrubs the payloads of deliveries not yet sent (`webhook_deliveries.payload` where customer_id is the member,
 * with `scrub.json`).
 */
const erasers: Eraser[] = [
  eraseEventPayloads,
  eraseBuyerCopies,
  eraseRecords,
  eraseAuditMentions,
  eraseLedgerReasons,
  eraseExportsAndImports,
];

/** The erasers in order, the customer row's always last. */
export const allErasers = (): readonly Eraser[] => [...erasers, eraseCustomerRow];

export const registerEraser = (eraser: Eraser) => {
  if (erasers.some((existing) => existing.name === eraser.name)) return;
  erasers.push(eraser);
};
