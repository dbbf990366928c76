import {
  customerRefKey,
  EVENT_MESSAGES,
  type TEventCustomerRef,
  type TEventIngestAnswer,
  type TIncomingEvent,
  ZIncomingEvent,
} from '@laurel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { requestHash } from '../../http/request-hash';
import { arrayParam, rowsOf } from './sql';

// An event sent without occurred_at hashes without it: its repeat is the same payload, though it arrives later.
const payloadHash = (event: TIncomingEvent) =>
  requestHash({
    type: event.type,
    customer: event.customer,
    occurred_at: event.occurred_at ? new Date(event.occurred_at).toISOString() : null,
    branch_id: event.branch_id ?? null,
    data: event.data,
  });

type Valid = { index: number; event: TIncomingEvent; hash: string; customerId?: string };

/** The reference as one string, `<kind>:<value>` by the customers' own mapping (`customerRefKey`). */
const refKey = (ref: TEventCustomerRef) => {
  const key = customerRefKey(ref);
  return key ? `${key.kind}:${key.value}` : '';
};

/**
 * Every distinct customer reference of the batch, resolved with one query of the kinds it names only: a sender
 * names its customers one way, and planning the four unused lookups cost more than running the one used. Each
 * value is one probe of its unique index (LATERAL … LIMIT 1): `= ANY(array)` was planned as a pass over every
 * customer of the client (ids, by the status index) or of the table (emails, whose index is partial), whose cost
 * grows with the customers held, not with the batch.
 */
const resolveCustomers = async (db: DbOrTx, clientId: string, valid: Valid[]) => {
  const keys = [...new Set(valid.map(({ event }) => refKey(event.customer)))];
  const probe = (prefix: string, values: string[], match: SQL) =>
    sql`SELECT ${prefix} || k.value AS key, m.id FROM unnest(${arrayParam(values)}::text[]) AS k(value)
      CROSS JOIN LATERAL (${match} LIMIT 1) m`;
  const lookups: [prefix: string, match: SQL][] = [
    // An erased member (privacy) is unknown to events: their other identifiers were cleared, and their id is too.
    [
      '_id:',
      sql`SELECT c.id FROM customers c WHERE c.id = k.value AND c.client_id = ${clientId} AND c.status <> 'ERASED'`,
    ],
    [
      'email:',
      sql`SELECT c.id FROM customers c
      WHERE c.client_id = ${clientId} AND c.email IS NOT NULL AND lower(c.email) = k.value`,
    ],
    [
      'cell_number:',
      sql`SELECT c.id FROM customers c
      WHERE c.client_id = ${clientId} AND c.cell_number IS NOT NULL AND c.cell_number = k.value`,
    ],
    [
      'external_id:',
      sql`SELECT c.id FROM customers c
      WHERE c.client_id = ${clientId} AND c.external_id IS NOT NULL AND c.external_id = k.value`,
    ],
    [
      'loyalty_number:',
      sql`SELECT l.customer_id AS id FROM loyalty_accounts l
      WHERE l.client_id = ${clientId} AND l.loyalty_number = k.value`,
    ],
  ];
  const parts = lookups.flatMap(([prefix, match]) => {
    const values = keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
    return values.length > 0 ? [probe(prefix, values, match)] : [];
  });
  if (parts.length === 0) return new Map<string, string>();
  const rows = await rowsOf<{ key: string; id: string }>(db, sql.join(parts, sql` UNION ALL `));
  return new Map(rows.map((row) => [row.key, row.id]));
};

/** The first problem of an invalid event, naming the field. */
const firstIssue = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const issue = issues[0];
  if (!issue) return 'The event is invalid.';
  const field = issue.path.map(String).join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
};

export type IngestResult = TEventIngestAnswer & { field?: string };

/** The id a refused event is answered under: a number sent as its id is echoed as text, so the sender can match it. */
const echoedId = (item: unknown) => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? String(id) : '';
};

/**
 * Stores a client's events (DESIGN §5): each is validated by its type's schema, its customer resolved, and
 * stored once per id — a repeat with the same payload is a duplicate, with another payload a conflict. Answers
 * are in request order. Stored events wait for the worker; nothing is processed here.
 */
/**
 * Drops the customers outside `branches` (a branch or area manager's `manager_of`): to such a sender they do not
 * exist, as on every read, so an event cannot move another branch's balances or statistics.
 */
const withinBranches = async (
  db: DbOrTx,
  clientId: string,
  found: Map<string, string>,
  branches: string[],
) => {
  const ids = [...new Set(found.values())];
  if (ids.length === 0) return found;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT c.id FROM unnest(${arrayParam(ids)}::text[]) AS k(id)
        JOIN customers c ON c.client_id = ${clientId} AND c.id = k.id
        WHERE c.member_branch_id = ANY (${arrayParam(branches)}::text[])`,
  );
  const reachable = new Set(rows.map((row) => row.id));
  return new Map([...found].filter(([, id]) => reachable.has(id)));
};

/**
 * The `order.created` events (by index) naming an order already known for the same customer (DESIGN §5: "an
 * order.created event for an order id already known is a duplicate"): one the engine has counted, or one `POST
 * /api/v1/orders` made, whose own event (`order:<id>`) is on its way. Their answer is `duplicate` and they are not
 * stored. An event id already received is left to the id check (a repeat, or a conflict), and an order that is
 * another customer's to the engine (it parks the event and says why). A till's event racing the first one for a new
 * order is accepted, and the engine calls it a duplicate when it comes to it.
 */
const knownOrderRepeats = async (db: DbOrTx, clientId: string, items: readonly Valid[]) => {
  const orders = items.filter(
    (item) => item.event.type === 'order.created' && typeof item.event.data.order_id === 'string',
  );
  if (orders.length === 0) return new Set<number>();
  const rows = await rowsOf<{ ord: string }>(
    db,
    sql`SELECT q.ord::text AS ord
        FROM unnest(${arrayParam(orders.map((item) => item.index))}::int[],
                    ${arrayParam(orders.map((item) => item.event.id))}::text[],
                    ${arrayParam(orders.map((item) => item.event.data.order_id as string))}::text[],
                    ${arrayParam(orders.map((item) => item.customerId ?? ''))}::text[])
          AS q(ord, event_id, order_id, customer_id)
        JOIN orders o ON o.client_id = ${clientId} AND o.external_id = q.order_id AND o.customer_id = q.customer_id
        WHERE (o.counted_at IS NOT NULL
               OR EXISTS (SELECT 1 FROM event_keys k WHERE k.client_id = ${clientId} AND k.external_id = 'order:' || o.id))
          AND NOT EXISTS (SELECT 1 FROM event_keys k WHERE k.client_id = ${clientId} AND k.external_id = q.event_id)`,
  );
  return new Set(rows.map((row) => Number(row.ord)));
};

/** `branches`: null for a sender that reaches every customer (an API key, an admin), else the branches it manages. */
export const ingestEvents = async (
  db: DbOrTx,
  clientId: string,
  raw: readonly unknown[],
  branches: string[] | null = null,
) => {
  const answers: IngestResult[] = raw.map((item) => ({ id: echoedId(item), status: 'rejected' }));
  // An event without occurred_at happened when it arrived.
  const receivedAt = new Date();
  const valid: Valid[] = [];
  raw.forEach((item, index) => {
    const parsed = ZIncomingEvent.safeParse(item);
    if (!parsed.success) {
      answers[index] = {
        ...answers[index],
        id: answers[index]?.id ?? '',
        status: 'rejected',
        error: firstIssue(parsed.error.issues),
        field: parsed.error.issues[0]?.path.map(String).join('.'),
      };
      return;
    }
    valid.push({ index, event: parsed.data, hash: payloadHash(parsed.data) });
  });

  const found = valid.length > 0 ? await resolveCustomers(db, clientId, valid) : new Map<string, string>();
  const customers = branches === null ? found : await withinBranches(db, clientId, found, branches);
  const toStore: Valid[] = [];
  const firstById = new Map<string, Valid>();
  for (const item of valid) {
    const customerId = customers.get(refKey(item.event.customer));
    if (!customerId) {
      answers[item.index] = {
        id: item.event.id,
        status: 'rejected',
        error: `customer: ${EVENT_MESSAGES.customerNotFound}`,
        field: 'customer',
      };
      continue;
    }
    item.customerId = customerId;
    const earlier = firstById.get(item.event.id);
    if (earlier) {
      answers[item.index] =
        earlier.hash === item.hash
          ? { id: item.event.id, status: 'duplicate' }
          : { id: item.event.id, status: 'rejected', error: EVENT_MESSAGES.conflict };
      continue;
    }
    firstById.set(item.event.id, item);
    toStore.push(item);
  }
  const repeatedOrders = await knownOrderRepeats(db, clientId, toStore);
  if (repeatedOrders.size > 0) {
    for (const index of repeatedOrders)
      answers[index] = { id: answers[index]?.id ?? '', status: 'duplicate' };
    toStore.splice(0, toStore.length, ...toStore.filter((item) => !repeatedOrders.has(item.index)));
  }
  if (toStore.length === 0) return answers;

  // The key is claimed first (event_keys: ids outlive their event's month), then only the new ones are stored, in
  // one statement; a concurrent sender of the same id waits on the key and then finds it taken.
  const inserted = await rowsOf<{ external_id: string }>(
    db,
    sql`WITH e AS (
          SELECT * FROM unnest(
            ${arrayParam(toStore.map(() => newId()))}::text[],
            ${arrayParam(toStore.map(({ event }) => event.id))}::text[],
            ${arrayParam(toStore.map(({ event }) => event.type))}::text[],
            ${arrayParam(toStore.map(({ customerId }) => customerId))}::text[],
            ${arrayParam(toStore.map(({ event }) => event.branch_id ?? null))}::text[],
            ${arrayParam(toStore.map(({ event }) => new Date(event.occurred_at ?? receivedAt).toISOString()))}::timestamptz[],
            ${arrayParam(toStore.map(({ event }) => JSON.stringify(event.data)))}::text[],
            ${arrayParam(toStore.map(({ hash }) => hash))}::text[]
          ) WITH ORDINALITY AS e(id, external_id, type, customer_id, branch_id, occurred_at, data, payload_hash, ord)
        ), keys AS (
          INSERT INTO event_keys (client_id, external_id, event_id, payload_hash)
          SELECT ${clientId}, external_id, id, payload_hash FROM e
          ON CONFLICT (client_id, external_id) DO NOTHING
          RETURNING external_id
        )
        INSERT INTO events (id, client_id, external_id, type, customer_id, branch_id, occurred_at, data, payload_hash)
        SELECT e.id, ${clientId}, e.external_id, e.type, e.customer_id, e.branch_id, e.occurred_at, e.data::jsonb, e.payload_hash
        FROM e JOIN keys USING (external_id)
        -- seq is arrival order, which is request order: the join alone may return the rows in any order (a merge
        -- join sorts them by id), and the worker claims a player's events by seq.
        ORDER BY e.ord
        RETURNING external_id`,
  );
  const stored = new Set(inserted.map((row) => row.external_id));
  const repeats = toStore.filter(({ event }) => !stored.has(event.id));
  const earlierHashes =
    repeats.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await rowsOf<{ external_id: string; payload_hash: string }>(
              db,
              sql`SELECT external_id, payload_hash FROM event_keys
                  WHERE client_id = ${clientId} AND external_id = ANY(${arrayParam(repeats.map(({ event }) => event.id))}::text[])`,
            )
          ).map((row) => [row.external_id, row.payload_hash]),
        );
  for (const item of toStore) {
    const { id } = item.event;
    if (stored.has(id)) answers[item.index] = { id, status: 'accepted' };
    else if (earlierHashes.get(id) === item.hash) answers[item.index] = { id, status: 'duplicate' };
    else answers[item.index] = { id, status: 'rejected', error: EVENT_MESSAGES.conflict };
  }
  // Answers for in-batch repeats of a stored event follow the stored one.
  return answers;
};
