import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { arrayParam, rowsOf } from '../../../db/raw-sql';
import type { ChunkOutcome } from './import-chunk';

/** Another worker took the run over (this one's lease ran out while it was busy): this worker's chunk is undone. */
export class ImportTakenOver extends Error {
  constructor(importId: string) {
    super(`customer import ${importId} was taken over by another worker`);
  }
}

/**
 * Moves the checkpoint from where the chunk started, and only from there: a run another worker took over has moved
 * on (or will, and its own chunk then fails here), so the chunk's transaction rolls back and nothing is applied twice.
 */
export const saveChunk = async (
  tx: Tx,
  importId: string,
  leaseSeconds: number,
  chunk: { from: number; read: number },
  outcome: ChunkOutcome,
) => {
  const [moved] = await rowsOf<{ id: string }>(
    tx,
    sql`UPDATE customer_imports SET rows_done = rows_done + ${chunk.read}, created = created + ${outcome.created},
      updated = updated + ${outcome.updated}, unchanged = unchanged + ${outcome.unchanged},
      failed = failed + ${new Set(outcome.errors.map((e) => e.row)).size},
      balances_set = balances_set + ${outcome.balancesSet},
      balances_lowered = balances_lowered + ${outcome.balancesLowered},
      lease_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE id = ${importId} AND status = 'running' AND rows_done = ${chunk.from}
    RETURNING id`,
  );
  if (!moved) throw new ImportTakenOver(importId);
  const errors = outcome.errors;
  if (errors.length > 0)
    await tx.execute(sql`
      INSERT INTO customer_import_errors (import_id, row, field, message)
      SELECT ${importId}, r, f, m FROM unnest(${arrayParam(errors.map((e) => e.row))}::int[],
        ${arrayParam(errors.map((e) => e.field))}::text[], ${arrayParam(errors.map((e) => e.message))}::text[]) AS u(r, f, m)
      ON CONFLICT DO NOTHING`);
};
