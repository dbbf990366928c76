import type { TEndpoint } from '@laurel/contract';
import * as contract from '@laurel/contract';

const isEndpoint = (value: unknown): value is TEndpoint =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TEndpoint).method === 'string' &&
  typeof (value as TEndpoint).path === 'string' &&
  typeof (value as TEndpoint).permission === 'string';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camel = (parts: string[]) =>
  parts
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((part, index) => (index === 0 ? part.charAt(0).toLowerCase() + part.slice(1) : capitalise(part)))
    .join('');

/**
 * Generated clients name their methods after operationId: use the contract's export name (`listCustomers`), or
 * its path in an exported group (`transactionEndpoints.badges.list` -> `transactionEndpointsBadgesList`).
 */
const namesByEndpoint = (() => {
  const names = new Map<TEndpoint, string>();
  const visit = (value: unknown, path: string[], depth: number) => {
    if (isEndpoint(value)) {
      if (!names.has(value)) names.set(value, camel(path));
      return;
    }
    if (depth >= 3 || typeof value !== 'object' || value === null || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(value)) visit(child, [...path, key], depth + 1);
  };
  for (const [name, value] of Object.entries(contract)) visit(value, [name], 0);
  return names;
})();

/** From the method and path when the endpoint is not exported: `GET /api/v2/client/:id` -> `getV2ClientById`. */
const fromPath = (method: string, url: string) =>
  camel([
    method.toLowerCase(),
    ...url
      .replace(/^\/api\//, '')
      .split('/')
      .map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment)),
  ]);

export const operationIdFor = (endpoint: TEndpoint | undefined, method: string, url: string) =>
  (endpoint && namesByEndpoint.get(endpoint)) ?? fromPath(method, url);
