import { IconTrophy } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { navEntriesFor, navItems, planOpensArea, type TNavItem } from '@/app/console/nav-items';

const badges: TNavItem = {
  label: 'Badges',
  to: '/console/badges',
  icon: IconTrophy,
  access: { kind: 'area', area: 'BADGES' },
  group: 'main',
};
const items = [...navItems, badges];
const admin = { role: 'ADMIN', user_permissions: {} } as const;
const labels = (entries: { label: string }[]) => entries.map((entry) => entry.label);

describe('sidebar entries', () => {
  it('shows Dashboard to everyone and Settings to admins only', () => {
    expect(labels(navEntriesFor(navItems, admin, { name: 'FREEMIUM', status: 'ACTIVE' }))).toEqual([
      'Dashboard',
      'Settings',
    ]);
    const manager = { role: 'AREA_MANAGER', user_permissions: {} } as const;
    expect(labels(navEntriesFor(navItems, manager, { name: 'BUSINESS', status: 'ACTIVE' }))).toEqual([
      'Dashboard',
    ]);
  });

  it('shows a feature area to a non-admin only with its View flag', () => {
    const plan = { name: 'BUSINESS', status: 'ACTIVE' } as const;
    const without = { role: 'BRANCH_MANAGER', user_permissions: {} } as const;
    const withView = {
      role: 'BRANCH_MANAGER',
      user_permissions: { BADGES: { read: true, create: false, update: false, delete: false } },
    } as const;
    expect(labels(navEntriesFor(items, without, plan))).toEqual(['Dashboard']);
    expect(labels(navEntriesFor(items, withView, plan))).toEqual(['Dashboard', 'Badges']);
  });

  it('locks a feature outside the plan, and every feature of a client without an active plan', () => {
    const lockedOf = (plan: Parameters<typeof navEntriesFor>[2]) =>
      navEntriesFor(items, admin, plan).map((entry) => [entry.label, entry.locked]);
    expect(lockedOf({ name: 'FREEMIUM', status: 'ACTIVE' })).toEqual([
      ['Dashboard', false],
      ['Settings', false],
      ['Badges', true],
    ]);
    expect(lockedOf({ name: 'STARTER', status: 'ACTIVE' })).toContainEqual(['Badges', false]);
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
