import { describe, expect, it } from 'vitest';
import {
  consolePaths,
  isSessionFreePath,
  publicPaths,
  ROUTE_PATTERNS,
  relativeToPrefix,
  servesConsole,
  welcomePaths,
} from './console-paths';
import { COLUMN_TABLES, columnsStorageKey, STORAGE_KEYS } from './storage-keys';

describe('welcome and public paths', () => {
  it('matches spec 1 §2.1', () => {
    expect(welcomePaths.logIn).toBe('/welcome/log-in');
    expect(welcomePaths.forgotPassword).toBe('/welcome/forgot-password');
    expect(welcomePaths.createClient).toBe('/welcome/create-client');
    expect(welcomePaths.selectSubscription).toBe('/welcome/select-subscription');
    expect(publicPaths).toEqual({
      termsAndConditions: '/terms-and-conditions',
      privacyPolicy: '/privacy-policy',
    });
    expect(ROUTE_PATTERNS.resetPassword).toBe('/welcome/reset-password/:isNewAccount/:token');
  });

  it('builds reset-password links', () => {
    expect(welcomePaths.resetPassword(true, 'abc')).toBe('/welcome/reset-password/1/abc');
    expect(welcomePaths.resetPassword('0', 'a/b c')).toBe('/welcome/reset-password/0/a%2Fb%20c');
  });
});

describe('console paths', () => {
  it('has the static pages of spec 1 §2.2 and spec 3 §2', () => {
    expect(consolePaths.dashboard).toBe('/console/dashboard');
    expect(consolePaths.wallet).toBe('/console/economics/wallet');
    expect(consolePaths.cashbackConfigs).toBe('/console/economics/cashback-configs');
    expect(consolePaths.economyTransactions).toBe('/console/economics/transactions');
    expect(consolePaths.challengeTransactions).toBe('/console/transactions/challenges');
    expect(consolePaths.rewardTrackTransactions).toBe('/console/transactions/reward-tracks');
    expect(consolePaths.orders).toBe('/console/orders');
  });

  it('builds the paths that take ids', () => {
    const id = '65a1f0c2b3d4e5f60718293a';
    expect(consolePaths.customerProfile(id)).toBe(`/console/customers/customer-profile/${id}`);
    expect(consolePaths.user()).toBe('/console/user');
    expect(consolePaths.user(id)).toBe(`/console/user/${id}`);
    expect(consolePaths.badge()).toBe('/console/badge');
    expect(consolePaths.challenge(id)).toBe(`/console/challenge/${id}`);
    expect(consolePaths.segmentPlayers(id)).toBe(`/console/segment/${id}/players`);
    expect(consolePaths.tierProgressionDetails(id)).toBe(`/console/tier-progression-details/${id}`);
    expect(consolePaths.cashbackConfig(null)).toBe('/console/economics/cashback-config');
    expect(consolePaths.xpConfig(id)).toBe(`/console/economics/xp-config/${id}`);
    expect(consolePaths.subscriptionDetails(id)).toBe(`/console/subscription-details/${id}`);
    expect(consolePaths.order(id)).toBe(`/console/order/${id}`);
    expect(consolePaths.settingsTab('branches')).toBe('/console/settings/branches');
  });

  it('has a router pattern for every path, each under its area', () => {
    for (const pattern of Object.values(ROUTE_PATTERNS)) {
      expect(pattern.startsWith('/')).toBe(true);
    }
    expect(ROUTE_PATTERNS.badge).toBe('/console/badge/:badge_id?');
    expect(ROUTE_PATTERNS.segmentPlayers).toBe('/console/segment/:segment_id/players');
    expect(relativeToPrefix('/console', ROUTE_PATTERNS.badge)).toBe('badge/:badge_id?');
    expect(relativeToPrefix('/console', '/console')).toBe('');
  });
});

describe('session and serving rules', () => {
  it('lets only welcome, terms and privacy through without a session', () => {
    expect(isSessionFreePath('/welcome/log-in')).toBe(true);
    expect(isSessionFreePath('/terms-and-conditions')).toBe(true);
    expect(isSessionFreePath('/privacy-policy')).toBe(true);
    expect(isSessionFreePath('/console/dashboard')).toBe(false);
    expect(isSessionFreePath('/welcomex')).toBe(false);
  });

  it('serves the console everywhere but /api and /media', () => {
    expect(servesConsole('/console/orders')).toBe(true);
    expect(servesConsole('/')).toBe(true);
    expect(servesConsole('/api/health')).toBe(false);
    expect(servesConsole('/media/a.png')).toBe(false);
    expect(servesConsole('/apiary')).toBe(true);
  });
});

describe('storage keys', () => {
  it('are distinct and cover the column choices of spec 1 §3', () => {
    const keys = [...Object.values(STORAGE_KEYS), ...COLUMN_TABLES.map(columnsStorageKey)];
    expect(new Set(keys).size).toBe(keys.length);
    for (const table of ['badges', 'challenges', 'customers', 'orders'] as const) {
      expect(COLUMN_TABLES).toContain(table);
    }
    expect(columnsStorageKey('customers')).toBe('laurel.columns.customers');
  });
});
