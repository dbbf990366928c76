import { describe, expect, it } from 'vitest';
import { navEntriesFor, navItems, type TNavEntry } from '@/app/console/nav-items';
import { planOpensArea } from '@/app/console/plan-access';

const admin = { role: 'ADMIN', user_permissions: {} } as const;
const business = { name: 'BUSINESS', status: 'ACTIVE' } as const;
const everything = () => true;
const builtToday = (path: string) =>
  ['/console/dashboard', '/console/users', '/console/settings'].includes(path);
const view = { read: true, create: false, update: false, delete: false };

/** Labels, groups as 'Group > Child'. */
const labels = (entries: TNavEntry[]) =>
  entries.flatMap((entry) =>
    entry.kind === 'group' ? entry.children.map((child) => `${entry.label} > ${child.label}`) : [entry.label],
  );

describe('sidebar entries', () => {
  it('shows an admin every entry, with Users and Settings at the foot', () => {
    const entries = navEntriesFor(navItems, admin, business, everything);
    expect(labels(entries)).toEqual([
      'Dashboard',
      'Customers',
      'Orders',
      'Baskets',
      'Subscriptions',
      'Products',
      'Badges',
      'Challenges',
      'Statistics',
      'Segments',
      'Reward Tracks > Level Progression',
      'Reward Tracks > Tier Progression',
      'Reward Tracks > All Reward Tracks',
      'Rewards',
      'Economy > Wallet',
      'Economy > Cashback',
      'Economy > XP Reward',
      'Transactions > Economy',
      'Transactions > Challenges',
      'Transactions > Badges',
      'Transactions > Reward Tracks',
      'Transactions > Redemptions',
      'Users',
      'Settings',
    ]);
    expect(entries.filter((entry) => entry.section === 'footer').map((entry) => entry.label)).toEqual([
      'Users',
      'Settings',
    ]);
  });

  it('shows only the entries whose pages exist in this build', () => {
    expect(labels(navEntriesFor(navItems, admin, business, builtToday))).toEqual([
      'Dashboard',
      'Users',
      'Settings',
    ]);
  });

  it('shows a non-admin without flags only the Dashboard', () => {
    const manager = { role: 'AREA_MANAGER', user_permissions: {} } as const;
    expect(labels(navEntriesFor(navItems, manager, business, everything))).toEqual(['Dashboard']);
  });

  it('shows a non-admin each area whose View flag they hold, and nothing for the other flags', () => {
    const manager = {
      role: 'BRANCH_MANAGER',
      user_permissions: {
        CUSTOMERS: view,
        CASHBACK: view,
        TRANSACTIONS: view,
        BADGES: { read: false, create: true, update: true, delete: true },
      },
    } as const;
    expect(labels(navEntriesFor(navItems, manager, business, everything))).toEqual([
      'Dashboard',
      'Customers',
      'Economy > Cashback',
      'Transactions > Economy',
      'Transactions > Challenges',
      'Transactions > Badges',
      'Transactions > Reward Tracks',
    ]);
  });

  it('shows the Redemptions report beside the transaction reports to the REWARDS View flag', () => {
    const manager = { role: 'BRANCH_MANAGER', user_permissions: { REWARDS: view } } as const;
    expect(labels(navEntriesFor(navItems, manager, business, everything))).toEqual([
      'Dashboard',
      'Rewards',
      'Transactions > Redemptions',
    ]);
    const growth = navEntriesFor(navItems, manager, { name: 'GROWTH', status: 'ACTIVE' }, everything);
    expect(growth.map((entry) => [entry.label, entry.locked])).toContainEqual(['Transactions', false]);
  });

  it('opens the whole economy to the ECONOMICS flag', () => {
    const manager = { role: 'AREA_MANAGER', user_permissions: { ECONOMICS: view } } as const;
    expect(labels(navEntriesFor(navItems, manager, business, everything))).toEqual([
      'Dashboard',
      'Economy > Wallet',
      'Economy > Cashback',
      'Economy > XP Reward',
    ]);
  });

  it('locks a feature outside the plan, and every feature of a client without an active plan', () => {
    const lockedOf = (plan: Parameters<typeof navEntriesFor>[2]) =>
      navEntriesFor(navItems, admin, plan, everything).map((entry) => [entry.label, entry.locked]);
    const freemium = lockedOf({ name: 'FREEMIUM', status: 'ACTIVE' });
    expect(freemium).toContainEqual(['Dashboard', false]);
    expect(freemium).toContainEqual(['Customers', false]);
    expect(freemium).toContainEqual(['Badges', true]);
    expect(freemium).toContainEqual(['Economy', true]);
    expect(freemium).toContainEqual(['Users', false]);
    expect(freemium).toContainEqual(['Settings', false]);
    expect(freemium).toContainEqual(['Rewards', true]);
    expect(lockedOf({ name: 'STARTER', status: 'ACTIVE' })).toContainEqual(['Badges', false]);
    expect(lockedOf({ name: 'STARTER', status: 'ACTIVE' })).toContainEqual(['Rewards', true]);
    expect(lockedOf({ name: 'GROWTH', status: 'ACTIVE' })).toContainEqual(['Rewards', false]);
    expect(lockedOf({ name: 'BUSINESS', status: 'PAST_DUE' })).toContainEqual(['Badges', true]);
    expect(lockedOf({ name: null, status: null })).toContainEqual(['Badges', true]);
    expect(lockedOf(undefined)).toContainEqual(['Badges', true]);
  });

  it('opens an area only to a subscribed plan that includes it', () => {
    expect(planOpensArea({ name: 'GROWTH', status: 'ACTIVE' }, 'CHALLENGES')).toBe(true);
    expect(planOpensArea({ name: 'STARTER', status: 'ACTIVE' }, 'CHALLENGES')).toBe(false);
    expect(planOpensArea({ name: 'GROWTH', status: 'CANCELLED' }, 'CHALLENGES')).toBe(false);
  });
});
