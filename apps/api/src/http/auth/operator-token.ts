import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from './bearer';

/** What a refused /metrics request is told: it names the setting, not the token. */
export const OPERATOR_REFUSED = 'The metrics need the bearer token set in METRICS_TOKEN.';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Checks an `Authorization` header against the operator's METRICS_TOKEN in constant time: both are hashed first,
 * so neither the comparison nor the lengths tell a guesser how close they came.
 */
export const operatorTokenCheck = (token: string) => {
  const expected = digest(token);
  return (authorization: string | undefined) => {
    const given = bearerToken(authorization);
    return given !== null && timingSafeEqual(digest(given), expected);
  };
};
