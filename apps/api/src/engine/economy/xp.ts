import { sql } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../core/sql';
import type { EngineEvent, StepBatch } from '../core/types';
import { centsToDecimal, toCents } from './amounts';
import type { EconomyCause } from './wallet-effects';

/** The statistic XP goes into (DESIGN §5). */
export const XP_STATISTIC = 'xp';

export type XpEffect = {
  event: EngineEvent;
  /** The branch the row is booked at when not the event's (an order's reversal: the order's branch). */
  branchId?: string | null;
  /** Hundredths of an XP point, signed (a clawback is negative). */
  cents: number;
  cause: EconomyCause;
  orderRef?: string | null;
  reference?: string;
  /** What a clawback could not take (XP never goes below zero). */
  shortfallCents?: number;
};

/**
 * Writes an 'XP Points' ledger row per effect and contributes the XP to the `xp` statistic; an effect already in
 * the ledger (same cause and event) is skipped, so XP is awarded once. The caller calls writeStatistics(batch).
 */
export const applyXpEffects = async (batch: StepBatch, effects: readonly XpEffect[]) => {
  const list = effects.filter((effect) => effect.cents !== 0 || (effect.shortfallCents ?? 0) > 0);
  if (list.length === 0) return 0;
  const ids = list.map(() => newId());
  const col = <T>(pick: (effect: XpEffect) => T) => arrayParam(list.map(pick));
  const inserted = await rowsOf<{ id: string }>(
    batch.tx,
    sql`INSERT INTO economy_transactions (id, client_id, customer_id, branch_id, transaction_type, value, xp_points_earned,
          shortfall, cause_kind, cause_id, event_id, order_ref, reference, occurred_at)
        SELECT id, client_id, customer_id, branch_id, 'XP Points', 0, xp, shortfall, cause_kind, cause_id, event_id, order_ref,
               reference, occurred_at
        FROM unnest(${arrayParam(ids)}::text[], ${col((e) => e.event.clientId)}::text[], ${col((e) => e.event.customerId)}::text[],
                    ${col((e) => (e.branchId === undefined ? e.event.branchId : e.branchId))}::text[], ${col((e) => centsToDecimal(e.cents))}::numeric[],
                    ${col((e) => centsToDecimal(e.shortfallCents ?? 0))}::numeric[], ${col((e) => e.cause.kind)}::text[],
                    ${col((e) => e.cause.id)}::text[], ${col((e) => e.event.externalId)}::text[], ${col((e) => e.orderRef ?? null)}::text[],
                    ${col((e) => e.reference ?? e.event.externalId)}::text[], ${col((e) => e.event.occurredAt.toISOString())}::timestamptz[])
          AS x(id, client_id, customer_id, branch_id, xp, shortfall, cause_kind, cause_id, event_id, order_ref, reference, occurred_at)
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  const written = new Set(inserted.map((row) => row.id));
  list.forEach((effect, index) => {
    if (written.has(ids[index] as string) && effect.cents !== 0)
      batch.contribute({ event: effect.event, name: XP_STATISTIC, value: effect.cents / 100 });
  });
  return written.size;
};

/**
 * Awards XP for an event (a challenge or reward-track reward): contributes `xp` through `batch.contribute` and
 * writes the 'XP Points' ledger row, once per (cause, event). The caller then calls writeStatistics(batch) once.
 */
export const awardXp = async (
  batch: StepBatch,
  input: { event: EngineEvent; amount: number | string; cause: EconomyCause; reference?: string },
) => {
  const written = await applyXpEffects(batch, [
    { event: input.event, cents: toCents(input.amount), cause: input.cause, reference: input.reference },
  ]);
  return { awarded: written > 0 };
};
