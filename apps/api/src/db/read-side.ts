import type { FastifyReply } from 'fastify';
import type { Database } from './database';

/** The response header that tells a replica read's freshness (the console shows "as of"). */
export const DATA_AS_OF_HEADER = 'Laurel-Data-As-Of';

/** How long one measure of the replica's freshness is reused: a busy report page asks for it on every request. */
const AS_OF_REUSE_MS = 1_000;

/**
 * Where reads that may lag go (DESIGN §10 / the scale issue): reports, exports, the dashboard, segment player lists,
 * the event log. With READ_DATABASE_URL a streaming replica, else the primary itself (then `replica` is false and
 * nothing is said about freshness). Writes never go here.
 */
export type ReadSide = {
  database: Database;
  replica: boolean;
  /** Up to when the replica has applied the primary's changes (now when it has replayed all it received). */
  asOf: () => Promise<Date>;
  close: () => Promise<void>;
};

export const primaryReads = (primary: Database): ReadSide => ({
  database: primary,
  replica: false,
  asOf: async () => new Date(),
  close: async () => {},
});

export const replicaReads = (replica: Database): ReadSide => {
  let measured: { at: number; asOf: Date } | null = null;
  return {
    database: replica,
    replica: true,
    asOf: async () => {
      if (measured && performance.now() - measured.at < AS_OF_REUSE_MS) return measured.asOf;
      const [row] = await replica.query<{ as_of: Date | string | null }>(
        `SELECT CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN now()
                     ELSE pg_last_xact_replay_timestamp() END AS as_of`,
      );
      const asOf = row?.as_of ? new Date(row.as_of) : new Date(0);
      measured = { at: performance.now(), asOf };
      return asOf;
    },
    close: () => replica.close(),
  };
};

/** The database for a lagging read; on a replica the answer says how fresh it is. */
export const readFor = async (reads: ReadSide, reply: FastifyReply) => {
  if (reads.replica) reply.header(DATA_AS_OF_HEADER, (await reads.asOf()).toISOString());
  return reads.database;
};
