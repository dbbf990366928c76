import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

/** Advisory-lock namespaces of the engine (the second key is a hash of the id). */
export const PLAYER_LOCK_NAMESPACE = 7_301;
/** Taken shared by event batches and exclusively by work that rewrites a client's players outside a batch. */
export const CLIENT_LOCK_NAMESPACE = 7_302;

/**
 * Waits for the client's event batches in flight and keeps its next ones out until the transaction ends (a claim
 * skips a client it cannot lock shared): for a rebuild, an expiry or an edit that a batch's earlier reads of the
 * definitions would otherwise write over.
 */
export const lockClientExclusively = (tx: Tx, clientId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${CLIENT_LOCK_NAMESPACE}, hashtext(${clientId}))`);
