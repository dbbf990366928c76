import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CUSTOMER_IMPORT_MESSAGES as M, type TCustomerImportError } from '@laurel/contract';
import { CsvError, parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database';
import { rowsOf } from '../../../db/raw-sql';
import type { EngineTask } from '../../../engine';
import { HttpError } from '../../../http/errors';
import { countOf, recordAudit } from '../../audit/audit';
import { CompactKeySet } from './compact-key-set';
import { ImportTakenOver, saveChunk } from './import-checkpoint';
import { applyImportChunk } from './import-chunk';
import { readImportHeader } from './import-header';
import type { ImportJob } from './import-plan';
import { type ImportRow, type RowContext, readImportRow } from './import-row';
import { removeAbandonedUploads } from './import-upload';

/**
 * Rows a transaction applies; the checkpoint (rows_done) moves with them. PGlite runs in the server's own thread
 * and answers nothing else while a chunk runs, so its chunks are small enough to keep the console responsive.
 */
const DEFAULT_CHUNK_ROWS = { postgres: 5_000, pglite: 1_000 } as const;
/** A run yields to the engine's event batches after this much work. */
const SLICE_MS = 1_000;

/**
 * IMPORT_CHUNK_ROWS and IMPORT_LEASE_SECONDS: rows a chunk applies (else the database kind's default), and how
 * long a worker holds a run past its last chunk (a crashed worker's run is resumed after it).
 */
export type ImportRunnerSettings = { chunkRows?: number; leaseSeconds: number };
/** How often uploads that never finished are looked for. */
const SWEEP_MS = 60 * 60 * 1000;

type ClaimedImport = {
  id: string;
  client_id: string;
  user_id: string | null;
  created_by_name: string | null;
  file_name: string;
  dry_run: boolean;
  may_update: boolean;
  branch_scope: string[] | null;
  default_branch_id: string | null;
  rows_done: number;
  rows_total: number;
  time_zone: string;
  /** The header as the upload checked it (its permission and plan checks rest on these columns). */
  columns: string[];
};

type ActiveRun = {
  job: ImportJob;
  claimed: ClaimedImport;
  context: RowContext;
  records: AsyncIterator<string[]>;
  /** The spreadsheet row of the last record read (the header is row 1). */
  row: number;
  /**
   * The rows of the file read into chunks: the checkpoint (rows_done) the next chunk starts from. A chunk commits
   * only if the checkpoint is still where it started (its fencing token): a worker whose lease ran out while it
   * was busy, and whose run another worker took over, then writes nothing twice.
   */
  rowsRead: number;
  chunkRows: number;
  leaseSeconds: number;
};

const claimNext = async (database: Database, leaseSeconds: number) => {
  // PGlite belongs to one process: a run marked running there was left by a process that is gone.
  const leaseFree =
    database.kind === 'pglite' ? sql`true` : sql`(i.lease_until IS NULL OR i.lease_until < now())`;
  const [claimed] = await rowsOf<ClaimedImport>(
    database.db,
    sql`UPDATE customer_imports i SET status = 'running', lease_until = now() + make_interval(secs => ${leaseSeconds}),
               started_at = coalesce(i.started_at, now())
        FROM clients cl
        WHERE i.id = (SELECT id FROM customer_imports i WHERE i.status IN ('queued', 'running') AND ${leaseFree}
                      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          AND cl.id = i.client_id
        RETURNING i.id, i.client_id, i.user_id, i.created_by_name, i.file_name, i.dry_run, i.may_update, i.columns,
                  i.branch_scope, i.default_branch_id, i.rows_done, i.rows_total, cl.time_zone`,
  );
  return claimed ?? null;
};

/** The stored file, part by part, as a stream (one part in memory at a time). */
const fileOf = (database: Database, importId: string) =>
  Readable.from(
    (async function* parts() {
      for (let seq = 0; ; seq += 1) {
        const [part] = await rowsOf<{ bytes: Uint8Array }>(
          database.db,
          sql`SELECT bytes FROM customer_import_parts WHERE import_id = ${importId} AND seq = ${seq}`,
        );
        if (!part) return;
        yield Buffer.from(part.bytes);
      }
    })(),
  );

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const prepare = async (
  database: Database,
  claimed: ClaimedImport,
  settings: ImportRunnerSettings,
): Promise<ActiveRun> => {
  const parser = fileOf(database, claimed.id).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: false, delimiter: [',', ';'] }),
  );
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const header = await records.next();
  const header_cells = header.done ? [] : header.value;
  const { columns, names } = await readImportHeader(database.db, claimed.client_id, header_cells);
  // Only the columns the upload checked are applied: a header read otherwise here would skip its checks.
  if (JSON.stringify(names) !== JSON.stringify(claimed.columns)) throw new HttpError(400, M.headerChanged);
  const branches = await rowsOf<{ id: string; name: string }>(
    database.db,
    sql`SELECT id, lower(display_name) AS name FROM branches WHERE client_id = ${claimed.client_id}`,
  );
  // The highest level a track that sets the level gives: a level above it would read as Level 999 of 5.
  const [levels] = await rowsOf<{ top: string | null }>(
    database.db,
    sql`SELECT max((m->>'target_value')::numeric)::text AS top
        FROM reward_tracks t CROSS JOIN LATERAL jsonb_array_elements(t.milestones) m
        WHERE t.client_id = ${claimed.client_id} AND t.target = 'level'`,
  );
  const run: ActiveRun = {
    claimed,
    job: {
      id: claimed.id,
      clientId: claimed.client_id,
      fileName: claimed.file_name,
      dryRun: claimed.dry_run,
      mayUpdate: claimed.may_update,
      branchScope: claimed.branch_scope ? new Set(claimed.branch_scope) : null,
      defaultBranchId: claimed.default_branch_id,
      timeZone: claimed.time_zone,
      startedBy: { userId: claimed.user_id, name: claimed.created_by_name },
    },
    context: {
      columns,
      branchesByName: new Map(branches.map((branch) => [branch.name, branch.id])),
      branchScope: claimed.branch_scope ? new Set(claimed.branch_scope) : null,
      topLevel: levels?.top ? Number(levels.top) : null,
      keys: new CompactKeySet(claimed.rows_total * 4),
    },
    records,
    row: 1,
    rowsRead: claimed.rows_done,
    chunkRows: settings.chunkRows ?? DEFAULT_CHUNK_ROWS[database.kind],
    leaseSeconds: settings.leaseSeconds,
  };
  // Resuming: the rows applied before are read again only to remember their keys (no database work).
  for (let skipped = 0; skipped < claimed.rows_done; ) {
    const next = await records.next();
    if (next.done) break;
    run.row += 1;
    if (isBlank(next.value)) continue;
    readImportRow(run.context, next.value, run.row);
    skipped += 1;
    // A long resume gives the server's other work its turns (PGlite shares the thread).
    if (skipped % 10_000 === 0) await nextTurn();
  }
  return run;
};

/** Reads the next chunk of the file: valid rows and the errors of the others, and the checkpoint it starts from. */
const readChunk = async (run: ActiveRun) => {
  const from = run.rowsRead;
  const rows: ImportRow[] = [];
  const errors: TCustomerImportError[] = [];
  let read = 0;
  let ended = false;
  while (read < run.chunkRows) {
    const next = await run.records.next();
    if (next.done) {
      ended = true;
      break;
    }
    run.row += 1;
    if (isBlank(next.value)) continue;
    read += 1;
    const result = readImportRow(run.context, next.value, run.row);
    if (result.ok) rows.push(result.row);
    else errors.push(...result.errors);
  }
  run.rowsRead += read;
  return { rows, errors, from, read, ended };
};

const finish = async (database: Database, run: ActiveRun | ClaimedImport, failure: string | null) => {
  const claimed = 'claimed' in run ? run.claimed : run;
  await database.db.transaction(async (tx) => {
    const [done] = await rowsOf<{
      created: number;
      updated: number;
      unchanged: number;
      failed: number;
      rows_done: number;
    }>(
      tx,
      sql`UPDATE customer_imports SET status = ${failure ? 'failed' : 'completed'}, failure = ${failure},
            rows_total = CASE WHEN ${failure === null} THEN rows_done ELSE rows_total END,
            finished_at = now(), lease_until = NULL
          WHERE id = ${claimed.id} AND status = 'running'
          RETURNING created, updated, unchanged, failed, rows_done`,
    );
    // Another worker that took the run over finished it already: its report and audit entry stand.
    if (!done) return;
    await tx.execute(sql`DELETE FROM customer_import_parts WHERE import_id = ${claimed.id}`);
    const kind = claimed.dry_run ? 'Checked' : 'Imported';
    await recordAudit(
      tx,
      { clientId: claimed.client_id, userId: claimed.user_id, name: claimed.created_by_name, ip: null },
      {
        action: claimed.dry_run ? 'customer-import.checked' : 'customer-import.completed',
        entity: 'customer-import',
        entityId: claimed.id,
        summary: failure
          ? `${kind} customers from ${claimed.file_name}: stopped (${failure})`
          : `${kind} customers from ${claimed.file_name}: ${countOf(done.rows_done, 'row')}, ${done.created} created, ${done.updated} updated, ${done.unchanged} unchanged, ${done.failed} failed`,
      },
    );
  });
};

/** A problem with the file itself (unreadable CSV, a header that no longer resolves): the run stops there. */
const fileProblemOf = (error: unknown, row: number) => {
  // The parser reads ahead of the rows applied: its own line number says where the file breaks.
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    return M.unreadable(`${error.message} (row ${typeof line === 'number' ? line : row + 1})`);
  }
  if (error instanceof HttpError) return error.message;
  return null;
};

/**
 * The import runner, one of the engine worker's tasks (in the server process or `npm run worker`): it takes the
 * oldest waiting import, applies it chunk by chunk (each chunk's rows, errors and checkpoint in one transaction)
 * and yields to event batches between slices. A run whose worker died is taken over when its lease runs out and
 * resumes after its last committed chunk.
 */
export const createCustomerImportTask = (
  log: FastifyBaseLogger,
  settings: ImportRunnerSettings,
): EngineTask => {
  let active: ActiveRun | null = null;
  let sweptAt = Number.NEGATIVE_INFINITY;
  const run = async (database: Database) => {
    if (!active) {
      if (performance.now() - sweptAt > SWEEP_MS) {
        sweptAt = performance.now();
        await removeAbandonedUploads(database);
      }
      const claimed = await claimNext(database, settings.leaseSeconds);
      if (!claimed) return false;
      try {
        active = await prepare(database, claimed, settings);
      } catch (error) {
        const problem = fileProblemOf(error, claimed.rows_done + 1);
        if (!problem) throw error;
        await finish(database, claimed, problem);
        return true;
      }
    }
    const current = active;
    const until = performance.now() + SLICE_MS;
    // On PostgreSQL two chunks are in flight: the next is read and written on a second connection while the
    // previous one writes. Each commits only after the one before it did (and rolls back if that one failed), so
    // the checkpoint still only moves over rows that are all applied. PGlite has one connection: one at a time.
    const overlap = database.kind === 'postgres';
    let previous: Promise<unknown> | null = null;
    /** Waits for the chunk in flight; a failure of it is thrown here (the run then resumes from its checkpoint). */
    const settle = async () => {
      const failure = previous ? await previous : null;
      previous = null;
      if (failure) throw failure;
    };
    try {
      while (performance.now() < until) {
        // PGlite answers in microtasks: without a turn of the event loop, requests wait until the import ends.
        await nextTurn();
        const chunk = await readChunk(current);
        if (chunk.read > 0) {
          const before = previous;
          const written = database.db.transaction(async (tx) => {
            // Short statements over a few thousand rows: compiling them costs more than it saves.
            await tx.execute(sql`SET LOCAL jit = off`);
            const outcome = await applyImportChunk(tx, current.job, chunk.rows, new Date());
            outcome.errors.push(...chunk.errors);
            const failure = before ? await before : null;
            if (failure) throw failure;
            await saveChunk(tx, current.job.id, current.leaseSeconds, chunk, outcome);
          });
          // Settled to the failure (or null) at once, so a rejection is never left unhandled while it waits.
          const done = written.then(
            () => null,
            (error: unknown) => error ?? new Error('customer import chunk failed'),
          );
          await settle();
          previous = done;
          if (!overlap) await settle();
        }
        if (chunk.ended) {
          await settle();
          await finish(database, current, null);
          active = null;
          return true;
        }
      }
      await settle();
    } catch (error) {
      // A chunk still in flight ends (commits or rolls back) before the run is stopped or left to resume.
      await Promise.resolve(previous);
      active = null;
      if (error instanceof ImportTakenOver) {
        log.warn({ importId: current.job.id }, error.message);
        return true;
      }
      const problem = fileProblemOf(error, current.row);
      if (!problem) {
        // Not the file's fault (the database went away…): the lease runs out and the run resumes.
        log.error({ err: error, importId: current.job.id }, 'customer import chunk failed; it will resume');
        throw error;
      }
      await finish(database, current, problem);
    }
    return true;
  };
  return {
    run,
    // A run left by a worker that died is resumed when its lease runs out.
    nextDueIn: async (database) => {
      const [row] = await database.query<{ ms: number | string | null }>(
        `SELECT (EXTRACT(EPOCH FROM min(coalesce(lease_until, now())) - now()) * 1000)::float8 AS ms
         FROM customer_imports WHERE status IN ('queued', 'running')`,
      );
      return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Number(row.ms));
    },
  };
};
