/** Advisory-lock namespaces of the engine (the second key is a hash of the id). */
export const PLAYER_LOCK_NAMESPACE = 7_301;
/** Taken shared by event batches and exclusively by a segment rebuild of that client. */
export const CLIENT_LOCK_NAMESPACE = 7_302;
