import { createHash } from 'node:crypto';
import {
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MESSAGES as M,
  ZStartCustomerImportQuery,
} from '@laurel/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database';
import { newId } from '../../../db/ids';
import { arrayParam } from '../../../db/raw-sql';
import { mayUse, requirePlanFeature } from '../../../http/auth/guard';
import type { Principal } from '../../../http/auth/principal';
import { badRequest, HttpError } from '../../../http/errors';
import { multipartError } from '../../../http/multipart-form';
import { createCsvRowCounter } from './csv-row-counter';
import { readImportHeader } from './import-header';

/** Parts of the stored file: small enough to hold one in memory, large enough to be few. */
const PART_BYTES = 1024 * 1024;
/** A header longer than this is not a header (CUSTOMER_IMPORT_MESSAGES.headerTooLong). */
const HEADER_MAX_BYTES = 64 * 1024;

const answers = {
  tooLarge: () => new HttpError(413, M.tooLarge),
  oneFileOnly: () => badRequest([{ field: 'file', message: M.fileRequired }]),
};

/** Where the first line ends: at its LF, CR LF or lone CR (old Mac files). */
const lineEnd = (bytes: Buffer) => {
  const lf = bytes.indexOf(0x0a);
  const cr = bytes.indexOf(0x0d);
  if (lf === -1) return cr;
  return cr === -1 ? lf : Math.min(lf, cr);
};

const headerCells = (bytes: Buffer) => {
  const end = lineEnd(bytes);
  const line = bytes.subarray(0, end === -1 ? bytes.length : end).toString('utf8');
  try {
    const [cells] = parse(line, { bom: true, relax_column_count: true, delimiter: [',', ';'] }) as string[][];
    return cells ?? [];
  } catch (error) {
    throw badRequest([{ field: 'file', message: M.unreadable((error as Error).message) }]);
  }
};

export type StartedUpload = { id: string; dryRun: boolean };
/** A file stored whole, still `uploading`: `queue` hands it to the worker, as a check or for real. */
export type StoredUpload = { id: string; queue: (dryRun: boolean) => Promise<StartedUpload> };

/** An import's file as it arrives: its name and its bytes in order. */
export type ImportFileSource = {
  fileName: string;
  chunks: AsyncIterable<Buffer>;
  /** Whether the sender's file was cut at the size limit (multipart); checked once the chunks end. */
  truncated?: () => boolean;
};

/**
 * Stores an import's file in the database as it arrives (never whole in memory): the header is checked from the
 * first bytes (a 400 before anything more is stored), then the parts are written in order while the rows are
 * counted and the file hashed. The import stays `uploading` (no worker claims it) until `queue` is called, once
 * the caller has read all it needs (a multipart body's `dry_run` may follow the file). Anything that goes wrong
 * removes what was stored.
 */
export const storeImportFile = async (
  database: Database,
  principal: Principal,
  source: ImportFileSource,
  options: { mayUpdate: boolean },
): Promise<StoredUpload> => {
  const { db } = database;
  const id = newId();
  const hash = createHash('sha256');
  const counter = createCsvRowCounter();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  let columns: string[] | null = null;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (!columns) {
      // A first line cut at the limit would be checked short (its last columns unseen) and read whole by the run.
      if (lineEnd(bytes) === -1 && bytes.length >= HEADER_MAX_BYTES)
        throw badRequest([{ field: 'file', message: M.headerTooLong }]);
      const header = await readImportHeader(db, principal.clientId, headerCells(bytes));
      // Balances and standing move wallets and tiers: an admin's work, as the console's wallet adjustments are.
      const setsStanding = header.columns.some(
        (column) =>
          column.kind === 'balance' || (column.kind === 'field' && ['tier', 'level'].includes(column.name)),
      );
      if (setsStanding && !mayUse(principal, 'ADMIN')) throw new HttpError(403, M.standingNeedsAdmin);
      // Opening balances are wallets: a plan without the economy has none (402, as its economy pages answer).
      if (header.columns.some((column) => column.kind === 'balance'))
        requirePlanFeature(principal, 'ECONOMY');
      columns = header.names;
      await db.execute(sql`
        INSERT INTO customer_imports (id, client_id, user_id, created_by_name, file_name, file_size, file_sha256,
          dry_run, status, columns, branch_scope, default_branch_id, may_update, rows_total)
        VALUES (${id}, ${principal.clientId}, ${principal.userId}, ${principal.name}, ${source.fileName || 'import.csv'},
          0, '', false, 'uploading', ${JSON.stringify(columns)}::jsonb, ${scopeOf(principal)},
          ${principal.role === 'BRANCH_MANAGER' ? (principal.managerOf[0] ?? null) : null}, ${options.mayUpdate}, 0)`);
    }
    await db.execute(
      sql`INSERT INTO customer_import_parts (import_id, seq, bytes) VALUES (${id}, ${seq}, ${bytes})`,
    );
    seq += 1;
  };
  // A file saved in another encoding (Excel's Windows-1252 "CSV") would store its names garbled: refused instead.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const checkText = (chunk?: Buffer) => {
    try {
      utf8.decode(chunk, { stream: chunk !== undefined });
    } catch {
      throw badRequest([{ field: 'file', message: M.notText }]);
    }
  };
  try {
    for await (const chunk of source.chunks) {
      checkText(chunk);
      hash.update(chunk);
      counter.push(chunk);
      size += chunk.length;
      pending.push(chunk);
      pendingBytes += chunk.length;
      // The first part waits for the whole header line, so that it can be checked first.
      const headerDone = columns !== null || lineEnd(chunk) !== -1 || pendingBytes >= HEADER_MAX_BYTES;
      if (pendingBytes >= PART_BYTES || (columns === null && headerDone)) await flush();
    }
    if (source.truncated?.()) throw answers.tooLarge();
    checkText();
    await flush();
    if (!columns) throw badRequest([{ field: 'file', message: M.empty }]);
    const rows = Math.max(counter.records - 1, 0);
    if (rows === 0) throw badRequest([{ field: 'file', message: M.empty }]);
    const sha256 = hash.digest('hex');
    const queue = async (dryRun: boolean) => {
      await db.execute(sql`
        UPDATE customer_imports SET status = 'queued', file_size = ${size}, file_sha256 = ${sha256},
          rows_total = ${rows}, dry_run = ${dryRun}, created_at = now()
        WHERE id = ${id}`);
      return { id, dryRun };
    };
    return { id, queue };
  } catch (error) {
    if (columns) await discard(database, id);
    throw error;
  }
};

/**
 * The HTTP side: reads the multipart request (the `dry_run` field may come before or after the file) and stores
 * its one file. Every way the body can be unreadable is a 400, and nothing is kept of it.
 */
export const receiveImportFile = async (
  database: Database,
  request: FastifyRequest,
  principal: Principal,
  options: { dryRun: boolean; mayUpdate: boolean },
): Promise<StartedUpload> => {
  if (!request.isMultipart()) throw new HttpError(415, M.sendCsv);
  let dryRun = options.dryRun;
  let stored = null as StoredUpload | null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CUSTOMER_IMPORT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'dry_run') continue;
        const parsed = ZStartCustomerImportQuery.safeParse({ dry_run: String(part.value) });
        if (!parsed.success)
          throw badRequest([{ field: 'dry_run', message: 'dry_run must be true or false' }]);
        dryRun = parsed.data.dry_run;
        continue;
      }
      if (stored) {
        part.file.resume();
        continue;
      }
      stored = await storeImportFile(
        database,
        principal,
        { fileName: part.filename, chunks: part.file, truncated: () => part.file.truncated },
        { mayUpdate: options.mayUpdate },
      );
    }
  } catch (error) {
    if (stored) await discard(database, stored.id);
    throw multipartError(error, answers);
  }
  if (!stored) throw badRequest([{ field: 'file', message: M.fileRequired }]);
  // Queued only now: a `dry_run` after the file must reach the import before any worker can claim it.
  return stored.queue(dryRun);
};

/** A manager's branches bound the rows they may import; an admin's do not. */
const scopeOf = (principal: Principal) =>
  principal.role === 'ADMIN' ? null : sql`${arrayParam(principal.managerOf)}::text[]`;

const discard = async (database: Database, id: string) => {
  await database.db.execute(sql`DELETE FROM customer_import_parts WHERE import_id = ${id}`);
  await database.db.execute(sql`DELETE FROM customer_imports WHERE id = ${id}`);
};

/** Uploads that never finished (the sender went away, the server stopped mid-upload) are removed after a day. */
export const removeAbandonedUploads = async (database: Database) => {
  await database.db.execute(sql`
    WITH gone AS (DELETE FROM customer_imports WHERE status = 'uploading' AND created_at < now() - interval '1 day'
                  RETURNING id)
    DELETE FROM customer_import_parts WHERE import_id IN (SELECT id FROM gone)`);
};
