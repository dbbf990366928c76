import { CUSTOMER_MESSAGES, normaliseCellNumber, PRIVACY_MESSAGES } from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { arrayParam, jsonColumn, rowsOf } from '../../db/raw-sql';
import { customers as customersTable } from '../../db/schema';
import { applyWalletEffects, PLAYER_LOCK_NAMESPACE } from '../../engine';
import { toCents } from '../../engine/economy/amounts';
import { enqueueWebhooks } from '../../engine/webhooks/outbox';
import type { Principal } from '../../http/auth/principal';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { customerWebhook } from '../customers';
import type { CustomersService } from '../customers/customers.service';
import { allErasers } from './erasers';
import { PERSONAL_FIELD_PATTERN, type PersonalData, scrubberOf } from './personal-data';

/**
 * An erased member can never redeem, so every balance they hold is forfeited: one 'Forfeited' ledger row per
 * non-zero wallet (the wallet still equals its ledger), and the points liability no longer counts it.
 */
const forfeitBalances = async (tx: DbOrTx, clientId: string, customerId: string, at: Date) => {
  // Locked before they are read: a spend waiting on a wallet then sees it empty.
  const held = await rowsOf<{ currency_id: string; balance: string }>(
    tx,
    sql`SELECT currency_id, balance::text AS balance FROM wallets
        WHERE client_id = ${clientId} AND customer_id = ${customerId} AND balance > 0
        ORDER BY currency_id FOR UPDATE`,
  );
  await applyWalletEffects(
    tx,
    held.map((wallet) => ({
      clientId,
      customerId,
      branchId: null,
      currencyId: wallet.currency_id,
      cents: -toCents(wallet.balance),
      transactionType: 'Forfeited',
      cause: { kind: 'erasure', id: customerId },
      eventId: customerId,
      occurredAt: at,
      reason: PRIVACY_MESSAGES.forfeitReason,
    })),
  );
};

type CustomerIdentifiers = {
  name: string;
  surname: string;
  email: string | null;
  cell_number: string | null;
  birthday: string | null;
  external_id: string | null;
  member_card_number: string | null;
  get_communication: boolean;
  status: string;
};

/** What an erasure changed, under the integrator API's names: the status, and each identifier that had a value. */
const erasedFields = (row: CustomerIdentifiers) => [
  'status',
  'name',
  'surname',
  ...(['email', 'cell_number', 'birthday', 'external_id'] as const).filter((field) => row[field] !== null),
  // The consent is withdrawn with the rest (the integrator API's name for get_communication).
  ...(row.get_communication ? ['marketing_consent'] : []),
];

/** The local form people type (0…) beside the stored +27… form. */
const cellForms = (cell: string | null) => {
  if (!cell) return [];
  const stored = normaliseCellNumber(cell) ?? cell;
  return [...new Set([stored, stored.startsWith('+27') ? `0${stored.slice(3)}` : stored])];
};

type Diff = { from?: unknown; to?: unknown };
const PERSONAL_FIELD = new RegExp(PERSONAL_FIELD_PATTERN, 'i');

/**
 * The full names the member held before, newest first: their trail's name and surname changes undone one entry at
 * a time from the current pair, so that only pairs they really held count (not every earlier name with every
 * earlier surname: "Alice White" of an "Alice Brown" who became "Carol White" is someone else).
 */
const heldFullNames = (
  trail: readonly Record<string, Diff>[],
  current: { name: string; surname: string },
) => {
  let { name, surname } = current;
  const held: string[] = [];
  for (const changes of trail) {
    if (!changes.name && !changes.surname) continue;
    if (changes.name) name = typeof changes.name.from === 'string' ? changes.name.from : '';
    if (changes.surname) surname = typeof changes.surname.from === 'string' ? changes.surname.from : '';
    held.push(`${name} ${surname}`.trim());
  }
  return held;
};

/**
 * The values the member's own audit entries say they held before (a name, email or cell changed since, in the
 * console, over the API or by an import), read once, newest first: names, surnames, full names and contacts apart,
 * so that they are erased as the current ones are. An earlier email or cell number another customer holds now, or
 * held (their own audit trail names it), is theirs too: it is erased only from this member's own records (with the
 * other earlier values), never from rows about someone else.
 */
const earlierValuesOf = async (
  tx: DbOrTx,
  clientId: string,
  customerId: string,
  current: { name: string; surname: string },
) => {
  const trail = (
    await rowsOf<{ changes: Record<string, Diff> }>(
      tx,
      sql`SELECT changes FROM audit_log
           WHERE client_id = ${clientId} AND entity = 'customer' AND entity_id = ${customerId}
             AND jsonb_typeof(changes) = 'object'
           ORDER BY occurred_at DESC, id DESC`,
    )
  ).map((row) => jsonColumn(row.changes));
  const identifying: PersonalData['earlier'] = {
    names: [],
    surnames: [],
    fullNames: heldFullNames(trail, current),
    contacts: [],
  };
  const rows = new Map<string, { key: string; value: string }>();
  for (const changes of trail)
    for (const [key, diff] of Object.entries(changes)) {
      if (!diff || typeof diff !== 'object' || !PERSONAL_FIELD.test(key)) continue;
      for (const value of [diff.from, diff.to])
        if (typeof value === 'string') rows.set(`${key}\u0000${value}`, { key, value });
    }
  const others: string[] = [];
  /** Each earlier email or cell number as stored, with the forms it is found in. */
  const contacts = new Map<string, string[]>();
  for (const { key, value } of rows.values()) {
    if (key === 'name') identifying.names.push(value);
    else if (key === 'surname') identifying.surnames.push(value);
    else if (/email/i.test(key)) contacts.set(value, [value]);
    else if (/cell|phone/i.test(key)) contacts.set(normaliseCellNumber(value) ?? value, cellForms(value));
    else others.push(value);
  }
  const taken =
    contacts.size === 0
      ? []
      : await rowsOf<{ value: string }>(
          tx,
          sql`SELECT u.value FROM unnest(${arrayParam([...contacts.keys()])}::text[]) AS u(value)
              WHERE EXISTS (SELECT 1 FROM customers c WHERE c.client_id = ${clientId} AND c.id <> ${customerId}
                              AND ((c.email IS NOT NULL AND lower(c.email) = lower(u.value)) OR c.cell_number = u.value))
                 OR EXISTS (SELECT 1 FROM audit_log a
                            WHERE a.client_id = ${clientId} AND a.entity = 'customer' AND a.entity_id <> ${customerId}
                              AND a.changes IS NOT NULL AND strpos(lower(a.changes::text), lower(u.value)) > 0)`,
        );
  const theirs = new Set(taken.map((t) => t.value));
  for (const [stored, forms] of contacts) (theirs.has(stored) ? others : identifying.contacts).push(...forms);
  return { identifying, others };
};

/**
 * Erasing a member (DESIGN §10, GDPR / POPIA): one transaction runs every eraser (see erasers.ts) and writes one
 * audit entry saying who erased which pseudonymous id and when, never what. The player's engine lock is held
 * throughout, so no batch of their events runs (and copies their name) half-way through.
 */
export const createEraseService = (ctx: AppContext, customers: CustomersService) => {
  const { db } = ctx.database;

  const erase = async (principal: Principal, actor: Actor, customerId: string) => {
    // Branch scope and tenant as for any read of the customer: another client's id is simply not found.
    await customers.load(principal, customerId);
    const clientId = principal.clientId;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLAYER_LOCK_NAMESPACE}, hashtext(${customerId}))`);
      const [row] = await rowsOf<CustomerIdentifiers>(
        tx,
        sql`SELECT name, surname, email, cell_number, birthday, external_id, member_card_number, get_communication, status
            FROM customers WHERE client_id = ${clientId} AND id = ${customerId} FOR UPDATE`,
      );
      if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
      if (row.status === 'ERASED') throw conflict(PRIVACY_MESSAGES.alreadyErased);
      const held = await rowsOf<{ value: string }>(
        tx,
        sql`SELECT loyalty_number AS value FROM loyalty_accounts WHERE client_id = ${clientId} AND customer_id = ${customerId}
            UNION ALL SELECT card_number FROM loyalty_accounts WHERE client_id = ${clientId} AND customer_id = ${customerId}
            UNION ALL SELECT full_address FROM customer_addresses WHERE client_id = ${clientId} AND customer_id = ${customerId}`,
      );
      const earlier = await earlierValuesOf(tx, clientId, customerId, {
        name: row.name,
        surname: row.surname,
      });
      const personal: PersonalData = {
        name: row.name,
        surname: row.surname,
        email: row.email,
        cellNumbers: cellForms(row.cell_number),
        earlier: earlier.identifying,
        others: [
          row.birthday,
          row.external_id,
          row.member_card_number,
          ...held.map((h) => h.value),
          ...earlier.others,
        ].filter((value): value is string => !!value),
      };
      await forfeitBalances(tx, clientId, customerId, ctx.clock());
      // Lets the audit log's append-only trigger accept this transaction's rewrites (migration 0030).
      await tx.execute(sql`SELECT set_config('laurel.privacy_erasure', 'on', true)`);
      const scope = { clientId, customerId, tx, personal, scrub: scrubberOf(personal) };
      for (const eraser of allErasers()) await eraser.erase(scope);
      await tx.execute(sql`SELECT set_config('laurel.privacy_erasure', 'off', true)`);
      // Written after the erasers, so it carries nothing personal: receivers learn to erase their own copy.
      const [erased] = await tx
        .select()
        .from(customersTable)
        .where(and(eq(customersTable.clientId, clientId), eq(customersTable.id, customerId)));
      if (erased) await enqueueWebhooks(tx, [customerWebhook('customer.updated', erased, erasedFields(row))]);
      await recordAudit(tx, actor, {
        action: 'customer.erased',
        entity: 'customer',
        entityId: customerId,
        summary: `Erased the personal data of customer ${customerId}`,
      });
    });
    return customers.get(principal, customerId);
  };

  return { erase };
};
