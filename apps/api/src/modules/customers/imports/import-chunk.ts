import { CUSTOMER_IMPORT_MESSAGES as M, type TCustomerImportError } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { isUniqueViolation } from '../../../db/errors';
import { newId } from '../../../db/ids';
import { arrayParam, rowsOf } from '../../../db/raw-sql';
import { applyWalletEffects, setOpeningStanding, type WalletEffect } from '../../../engine';
import {
  newWebhookId,
  outboxInsertRowsSql,
  subscribedTypes,
  wakeDispatchersSql,
} from '../../../engine/webhooks/outbox';
import { apiNamesOfColumns, customerWebhookDataSql } from '../customer-webhooks';
import { today } from '../customers.service';
import { updateChangesSql, updatedAuditSql } from './import-audit';
import { type ImportJob, planRows, type RowPlan } from './import-plan';
import type { ImportRow } from './import-row';

export type ChunkOutcome = {
  created: number;
  updated: number;
  unchanged: number;
  balancesSet: number;
  /** Opening balances lower than the ones imported before (a dry run counts what a run would lower). */
  balancesLowered: number;
  errors: TCustomerImportError[];
};

const OPENING_BALANCE = 'Opening Balance' as const;

/** The customer webhooks an import sends (DESIGN §10), when an endpoint of the client takes them. */
const CUSTOMER_HOOKS = ['customer.created', 'customer.updated'] as const;
type CustomerHook = (typeof CUSTOMER_HOOKS)[number];

/** What a chunk's customer statements need to write their webhooks: the types heard, one time for the bodies. */
type Hooks = { types: ReadonlySet<CustomerHook>; createdAt: string };

/**
 * The tail of a statement that wrote customers as the CTE `written` (RETURNING *) from `u` (which carries each
 * row's webhook_id and, for an update, its changed fields as jsonb): their outbox rows ride in the same statement,
 * so they commit, or roll back with a split savepoint, together with the rows.
 */
const hooksTail = (job: ImportJob, hooks: Hooks, type: CustomerHook, changed: boolean) =>
  sql`, hooks AS (${outboxInsertRowsSql({
    clientId: job.clientId,
    type,
    from: sql`written JOIN u ON u.id = written.id`,
    webhookId: sql`u.webhook_id`,
    customerId: sql`written.id`,
    data: customerWebhookDataSql('written', changed ? sql`u.changed::jsonb` : null),
    createdAt: hooks.createdAt,
  })})
  SELECT ${wakeDispatchersSql('hooks')} AS woken`;

/**
 * New customers and changed ones, set-based: one statement each for inserts, updates and loyalty records; the
 * customer.created and customer.updated webhooks (for the types `hooks` names) are CTEs of the first two.
 */
const writeCustomers = async (
  tx: Tx,
  job: ImportJob,
  plans: readonly RowPlan[],
  ids: Map<RowPlan, string>,
  hooks: Hooks,
) => {
  const fresh = plans.filter((plan) => !plan.existing);
  // A new loyalty number changes the member too (and signs up one awaiting sign-up).
  const changed = plans.filter((plan) => plan.existing && (plan.fieldsChanged || plan.newLoyaltyNumber));
  const memberDate = today(job.timeZone);
  if (fresh.length > 0) {
    const col = <T>(pick: (plan: RowPlan) => T) => arrayParam(fresh.map(pick));
    const heard = hooks.types.has('customer.created');
    await tx.execute(sql`
      WITH u AS (
        SELECT * FROM unnest(${col((p) => ids.get(p))}::text[], ${col((p) => p.values.external_id)}::text[],
                  ${col((p) => p.values.name)}::text[], ${col((p) => p.values.surname)}::text[],
                  ${col((p) => p.values.email)}::text[], ${col((p) => p.values.cell_number)}::text[],
                  ${col((p) => p.values.birthday)}::text[], ${col((p) => p.values.member_branch_id)}::text[],
                  ${col((p) => (p.newLoyaltyNumber ? 'ACTIVE' : 'AWAITING-SIGNUP'))}::text[]
                  ${heard ? sql`, ${col(() => newWebhookId())}::text[]` : sql``})
          AS u(id, ext, name, surname, email, cell, birthday, branch, status${heard ? sql`, webhook_id` : sql``})
      ), written AS (
        INSERT INTO customers (id, client_id, external_id, name, surname, email, cell_number, birthday, member_date,
                               member_branch_id, status)
        SELECT u.id, ${job.clientId}, u.ext, u.name, u.surname, u.email, u.cell, u.birthday, ${memberDate}, u.branch, u.status
        FROM u
        RETURNING ${heard ? sql`*` : sql`1`}
      )
      ${heard ? hooksTail(job, hooks, 'customer.created', false) : sql`SELECT count(*) FROM written`}`);
  }
  if (changed.length > 0) {
    const col = <T>(pick: (plan: RowPlan) => T) => arrayParam(changed.map(pick));
    const heard = hooks.types.has('customer.updated');
    const changedNames = (plan: RowPlan) =>
      JSON.stringify([
        ...apiNamesOfColumns(plan.changedColumns),
        ...(plan.newLoyaltyNumber ? ['loyalty_number'] : []),
      ]);
    await tx.execute(sql`
      WITH u AS (
        SELECT * FROM unnest(${col((p) => ids.get(p))}::text[], ${col((p) => p.values.external_id)}::text[],
                  ${col((p) => p.values.name)}::text[], ${col((p) => p.values.surname)}::text[],
                  ${col((p) => p.values.email)}::text[], ${col((p) => p.values.cell_number)}::text[],
                  ${col((p) => p.values.birthday)}::text[], ${col((p) => p.values.member_branch_id)}::text[],
                  ${col((p) => Boolean(p.newLoyaltyNumber && !p.existing?.loyalty_number))}::boolean[],
                  ${col(() => newId())}::text[], ${col((p) => (p.newLoyaltyNumber ? (p.existing?.loyalty_number ?? null) : null))}::text[],
                  ${col((p) => p.newLoyaltyNumber)}::text[]
                  ${heard ? sql`, ${col(() => newWebhookId())}::text[], ${col(changedNames)}::text[]` : sql``})
          AS u(id, ext, name, surname, email, cell, birthday, branch, signs_up, audit_id, loyalty_from, loyalty_to
               ${heard ? sql`, webhook_id, changed` : sql``})
      ), written AS (
        -- Signing up makes a customer awaiting sign-up active, as the console's loyalty sign-up does.
        UPDATE customers c SET external_id = u.ext, name = u.name, surname = u.surname, email = u.email,
               cell_number = u.cell, birthday = u.birthday, member_branch_id = u.branch,
               status = CASE WHEN u.signs_up AND c.status = 'AWAITING-SIGNUP' THEN 'ACTIVE' ELSE c.status END,
               updated_at = now()
        -- The rows as they were, locked first, so the audit's "from" is what this write replaced (a console edit
        -- committed since the plan read them included).
        FROM u JOIN (SELECT * FROM customers WHERE client_id = ${job.clientId}
                     AND id = ANY(${col((p) => ids.get(p))}::text[]) FOR UPDATE) old ON old.id = u.id
        WHERE c.client_id = ${job.clientId} AND c.id = u.id AND c.status <> 'ERASED'
        RETURNING ${heard ? sql`c.*` : sql`c.id, c.name, c.surname`}, ${updateChangesSql} AS audit_changes
      ), audited AS (${updatedAuditSql(job)})
      ${heard ? hooksTail(job, hooks, 'customer.updated', true) : sql`SELECT count(*) FROM written`}`);
  }
  const numbered = plans.filter((plan) => plan.newLoyaltyNumber);
  const records = numbered.filter((plan) => !plan.existing?.loyalty_number);
  const renumbered = numbered.filter((plan) => plan.existing?.loyalty_number);
  if (records.length > 0)
    await tx.execute(sql`
      INSERT INTO loyalty_accounts (id, client_id, customer_id, loyalty_number, card_number, card_linked, member_date,
                                    member_branch_id)
      SELECT u.id, ${job.clientId}, u.customer, u.number, NULL, false, ${memberDate}, u.branch
      FROM unnest(${arrayParam(records.map(() => newId()))}::text[], ${arrayParam(records.map((p) => ids.get(p)))}::text[],
                  ${arrayParam(records.map((p) => p.newLoyaltyNumber))}::text[],
                  ${arrayParam(records.map((p) => p.values.member_branch_id))}::text[]) AS u(id, customer, number, branch)`);
  if (renumbered.length > 0)
    await tx.execute(sql`
      UPDATE loyalty_accounts l SET loyalty_number = u.number, updated_at = now()
      FROM unnest(${arrayParam(renumbered.map((p) => ids.get(p)))}::text[],
                  ${arrayParam(renumbered.map((p) => p.newLoyaltyNumber))}::text[]) AS u(customer, number)
      WHERE l.client_id = ${job.clientId} AND l.customer_id = u.customer`);
};

/**
 * Writes the plans in a savepoint. Another customer may take a key between the plan and the write (a console
 * user, an integrator): the savepoint then rolls back and the rows are written one by one, so only the row that
 * meets the taken key fails. Resolves the plans written.
 */
const writeOrSplit = async (
  tx: Tx,
  job: ImportJob,
  plans: readonly RowPlan[],
  ids: Map<RowPlan, string>,
  hooks: Hooks,
  errors: TCustomerImportError[],
): Promise<RowPlan[]> => {
  try {
    await tx.transaction((savepoint) => writeCustomers(savepoint as unknown as Tx, job, plans, ids, hooks));
    return [...plans];
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (plans.length === 1) {
      const [plan] = plans as [RowPlan];
      errors.push({ row: plan.row.row, field: 'external_id', message: M.keyTakenMeanwhile });
      return [];
    }
    const written: RowPlan[] = [];
    for (const plan of plans) written.push(...(await writeOrSplit(tx, job, [plan], ids, hooks, errors)));
    return written;
  }
};

/**
 * The opening balances already imported for these customers, by customer and currency, in minor units: what each
 * row set out to move, so a take-back that found less in the wallet (its shortfall) still counts in full and the
 * same file imported again moves nothing.
 */
const openingSums = async (tx: Tx, clientId: string, customerIds: readonly string[]) => {
  const sums = new Map<string, number>();
  if (customerIds.length === 0) return sums;
  const rows = await rowsOf<{ customer_id: string; currency_id: string; cents: string }>(
    tx,
    sql`SELECT customer_id, currency_id, (sum(value - shortfall) * 100)::bigint::text AS cents FROM economy_transactions
        WHERE client_id = ${clientId} AND customer_id = ANY(${arrayParam([...customerIds])}::text[])
          AND transaction_type = ${OPENING_BALANCE}
        GROUP BY customer_id, currency_id`,
  );
  for (const row of rows) sums.set(`${row.customer_id}:${row.currency_id}`, Number(row.cents));
  return sums;
};

/**
 * One chunk of valid rows, inside the caller's transaction: plans them, writes customers and loyalty records,
 * then the opening balances (a ledger row of type Opening Balance for the difference between the balance in the
 * file and the opening balances imported before, so importing the same file again writes none) and the standing
 * (level, tier). A dry run plans and counts the same way and writes nothing.
 */
export const applyImportChunk = async (
  tx: Tx,
  job: ImportJob,
  rows: readonly ImportRow[],
  now: Date,
): Promise<ChunkOutcome> => {
  const { plans, errors } = await planRows(tx, job, rows);
  const ids = new Map(plans.map((plan) => [plan, plan.existing?.id ?? newId()]));
  // One small read a chunk; a client without an endpoint for them gets no webhook columns, CTEs or rows.
  const hooks: Hooks = {
    types:
      job.dryRun || plans.length === 0 ? new Set() : await subscribedTypes(tx, job.clientId, CUSTOMER_HOOKS),
    createdAt: now.toISOString(),
  };
  const written = job.dryRun ? plans : await writeOrSplit(tx, job, plans, ids, hooks, errors);

  const before = await openingSums(
    tx,
    job.clientId,
    written.flatMap((plan) => (plan.existing && plan.row.balances.length ? [plan.existing.id] : [])),
  );
  const effects: WalletEffect[] = [];
  const balanceMoved = new Set<RowPlan>();
  for (const plan of written) {
    const customerId = ids.get(plan) as string;
    for (const balance of plan.row.balances) {
      const cents = balance.cents - (before.get(`${customerId}:${balance.currencyId}`) ?? 0);
      if (cents === 0) continue;
      balanceMoved.add(plan);
      effects.push({
        clientId: job.clientId,
        customerId,
        branchId: plan.values.member_branch_id,
        currencyId: balance.currencyId,
        cents,
        transactionType: OPENING_BALANCE,
        cause: { kind: 'import', id: job.id },
        eventId: `row-${plan.row.row}`,
        occurredAt: now,
        // A lower opening balance than imported before takes back what is still there.
        mode: 'clamp',
        reference: job.id,
        reason: `Opening balance imported from ${job.fileName}`,
      });
    }
  }
  let standingMoved = new Set<string>();
  if (!job.dryRun) {
    const created = new Set(written.flatMap((plan) => (plan.existing ? [] : [ids.get(plan) as string])));
    await applyWalletEffects(tx, effects, { fresh: true, newCustomers: created });
    standingMoved = await setOpeningStanding(
      tx,
      job.clientId,
      written.map((plan) => ({
        customerId: ids.get(plan) as string,
        level: plan.row.level,
        tier: plan.row.tier,
      })),
      job.timeZone,
      now,
    );
  }
  const outcome: ChunkOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    balancesSet: effects.length,
    balancesLowered: effects.filter((effect) => effect.cents < 0).length,
    errors,
  };
  for (const plan of written) {
    if (!plan.existing) outcome.created += 1;
    else if (
      plan.fieldsChanged ||
      plan.newLoyaltyNumber ||
      balanceMoved.has(plan) ||
      standingMoved.has(plan.existing.id)
    )
      outcome.updated += 1;
    else outcome.unchanged += 1;
  }
  return outcome;
};
