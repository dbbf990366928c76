import { createHash } from 'node:crypto';

/** JSON with object keys sorted (undefined left out), so that the same request always reads the same. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/** SHA-256 of a parsed request: a repeat with the same payload is recognised, another payload is not. */
export const requestHash = (value: unknown) =>
  createHash('sha256').update(canonicalJson(value)).digest('hex');
