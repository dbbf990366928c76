import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { jsonColumn } from '../../db/raw-sql';
import type {
  ObjectiveProgressColumn,
  OrderContributionColumn,
  OrderContributionsColumn,
} from '../../db/schema';
import { arrayParam, rowsOf } from '../core/sql';

/** What one counted order added to challenge progress, as a batch holds it. */
export type OrderContributions = {
  clientId: string;
  orderRef: string;
  customerId: string;
  added: OrderContributionsColumn;
  takenBack: OrderContributionsColumn | null;
  changed: boolean;
};

export const orderKey = (clientId: string, orderRef: string) => `${clientId}\u0000${orderRef}`;

const round = (value: number) => Math.round(value * 100) / 100;
const without = (values: string[] | undefined, gone: string[] | undefined) =>
  gone && values ? values.filter((value) => !gone.includes(value)) : values;
const union = (values: string[] | undefined, more: string[] | undefined) =>
  more?.length ? [...new Set([...(values ?? []), ...more])] : values;

/** What a move of an objective's progress (`before` -> `after`) counted: the order's contribution to it. */
export const contributionOf = (
  before: ObjectiveProgressColumn,
  after: ObjectiveProgressColumn,
): OrderContributionColumn | null => {
  const contribution: OrderContributionColumn = { n: round(after.p - before.p) };
  const unique = (after.u ?? []).filter((value) => !(before.u ?? []).includes(value));
  const matched = (after.m ?? []).filter((value) => !(before.m ?? []).includes(value));
  if (unique.length > 0) contribution.u = unique;
  if (matched.length > 0) contribution.m = matched;
  const countedBefore = before.r === after.r ? (before.n ?? 0) : 0;
  if (after.r && (after.n ?? 0) > countedBefore) contribution.r = after.r;
  const counted = contribution.n !== 0 || contribution.u || contribution.m || contribution.r;
  return counted ? contribution : null;
};

/** Adds a contribution to an order's record (an order counted by several objectives keeps one entry each). */
export const addContribution = (
  record: OrderContributions,
  challengeId: string,
  objectiveId: string,
  contribution: OrderContributionColumn,
) => {
  const byObjective = record.added[challengeId] ?? {};
  const earlier = byObjective[objectiveId];
  byObjective[objectiveId] = earlier
    ? {
        n: round(earlier.n + contribution.n),
        u: union(earlier.u, contribution.u),
        m: union(earlier.m, contribution.m),
        r: contribution.r ?? earlier.r,
      }
    : contribution;
  record.added[challengeId] = byObjective;
  record.changed = true;
};

/** An objective's progress less what an order added (never below zero): the order was refunded or cancelled. */
export const takeBack = (
  objective: ObjectiveProgressColumn,
  contribution: OrderContributionColumn,
): ObjectiveProgressColumn => {
  const next: ObjectiveProgressColumn = { ...objective, p: Math.max(0, round(objective.p - contribution.n)) };
  next.u = without(objective.u, contribution.u);
  next.m = without(objective.m, contribution.m);
  if (contribution.r && objective.r === contribution.r && (objective.n ?? 0) > 0)
    next.n = (objective.n ?? 0) - 1;
  return next;
};

/** An objective's progress with what a refund took back given back: the order counts again. */
export const giveBack = (
  objective: ObjectiveProgressColumn,
  contribution: OrderContributionColumn,
): ObjectiveProgressColumn => {
  const next: ObjectiveProgressColumn = { ...objective, p: round(objective.p + contribution.n) };
  next.u = union(objective.u, contribution.u);
  next.m = union(objective.m, contribution.m);
  if (contribution.r && objective.r === contribution.r) next.n = (objective.n ?? 0) + 1;
  return next;
};

/** The records of orders that stop or start counting again in the batch (refunds, cancellations, recoveries). */
export const loadOrderContributions = async (
  tx: DbOrTx,
  orders: readonly { clientId: string; orderRef: string }[],
) => {
  const loaded = new Map<string, OrderContributions>();
  if (orders.length === 0) return loaded;
  const rows = await rowsOf<{
    client_id: string;
    order_ref: string;
    customer_id: string;
    added: OrderContributionsColumn | string;
    taken_back: OrderContributionsColumn | string | null;
  }>(
    tx,
    sql`SELECT o.client_id, o.order_ref, o.customer_id, o.added, o.taken_back
        FROM unnest(${arrayParam(orders.map((o) => o.clientId))}::text[], ${arrayParam(orders.map((o) => o.orderRef))}::text[])
          AS w(client_id, order_ref)
        JOIN challenge_order_progress o ON o.client_id = w.client_id AND o.order_ref = w.order_ref`,
  );
  for (const row of rows) {
    loaded.set(orderKey(row.client_id, row.order_ref), {
      clientId: row.client_id,
      orderRef: row.order_ref,
      customerId: row.customer_id,
      added: jsonColumn(row.added),
      takenBack: row.taken_back === null ? null : jsonColumn(row.taken_back),
      changed: false,
    });
  }
  return loaded;
};

/** Writes the records that changed: one statement for the batch (one JSON parameter, as for progress). */
export const writeOrderContributions = async (tx: DbOrTx, records: Iterable<OrderContributions>) => {
  const changed = [...records].filter((record) => record.changed);
  if (changed.length === 0) return;
  const rows = changed.map((r) => [r.clientId, r.orderRef, r.customerId, r.added, r.takenBack]);
  await tx.execute(sql`
    INSERT INTO challenge_order_progress AS o (client_id, order_ref, customer_id, added, taken_back, updated_at)
    SELECT x ->> 0, x ->> 1, x ->> 2, x -> 3, nullif(x -> 4, 'null'::jsonb), now()
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS x
    ORDER BY 1, 2
    ON CONFLICT (client_id, order_ref) DO UPDATE
      SET added = EXCLUDED.added, taken_back = EXCLUDED.taken_back, updated_at = now()`);
};
