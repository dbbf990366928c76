import { readFileSync } from 'node:fs';
import * as contract from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { integratorOperations, renderOperations } from '../scripts/generate';
import { operations } from './operations.generated';

describe('the generated operations', () => {
  it('are what the contract gives today (run `npm run generate -w packages/sdk` when this fails)', () => {
    const committed = readFileSync(new URL('./operations.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderOperations());
  });

  it('reach every /api/v1 endpoint of the contract once, with its method and path', () => {
    const fromContract = (Object.values(contract) as unknown[])
      .filter(
        (value): value is { method: string; path: string } =>
          typeof value === 'object' &&
          value !== null &&
          typeof (value as { path?: unknown }).path === 'string',
      )
      .filter((endpoint) => endpoint.path.startsWith('/v1/'))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .sort();
    const generated = Object.values(operations)
      .flatMap((resource) => Object.values(resource))
      .map((operation) => `${operation.method} ${operation.path}`)
      .sort();
    expect(generated).toEqual(fromContract);
    expect(fromContract).toContain('POST /v1/players/:customer_id/redemptions');
  });

  it('are each listed in the README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const missing = integratorOperations()
      .map((operation) => `laurel.${operation.resource}.${operation.method}(`)
      .filter((call) => !readme.includes(`| \`${call}`));
    expect(missing).toEqual([]);
  });

  it('fill an id only where the contract calls it the idempotency id', () => {
    const withIds = integratorOperations()
      .filter((operation) => operation.idempotencyKey !== null)
      .map((operation) => `${operation.resource}.${operation.method}`);
    expect(withIds.sort()).toEqual(['players.redeem', 'players.spend', 'subscriptions.redeem']);
  });
});
