import { describe, expect, it } from 'vitest';
import { pathMatcher, routePatterns } from '@/app/console/available-paths';

describe('pages that exist in this build', () => {
  const patterns = routePatterns(
    [
      { path: '/console/dashboard' },
      { path: '/console/user/:userId?' },
      { path: '/console/settings', children: [{ index: true }, { path: 'account' }] },
      { path: '*' },
    ],
    '/console',
  );

  it('collects every route pattern, nested ones included', () => {
    expect(patterns).toEqual([
      '/console/dashboard',
      '/console/user/:userId?',
      '/console/settings',
      '/console/settings/account',
    ]);
  });

  it('matches a sidebar path against them', () => {
    const isAvailable = pathMatcher(patterns);
    expect(isAvailable('/console/dashboard')).toBe(true);
    expect(isAvailable('/console/user')).toBe(true);
    expect(isAvailable('/console/settings')).toBe(true);
    expect(isAvailable('/console/customers')).toBe(false);
  });
});
