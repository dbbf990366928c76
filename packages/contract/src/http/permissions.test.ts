import { describe, expect, it } from 'vitest';
import { areasGranting, holdsFlag, mayUse } from './permissions';

describe('permission flags', () => {
  it('reads a part of the Economy through its umbrella, never the other way round', () => {
    expect(areasGranting('CASHBACK')).toEqual(['CASHBACK', 'ECONOMICS']);
    expect(areasGranting('CUSTOMERS')).toEqual(['CUSTOMERS']);
    expect(holdsFlag({ ECONOMICS: { read: true } }, 'WALLET', 'read')).toBe(true);
    expect(holdsFlag({ ECONOMICS: { read: true } }, 'WALLET', 'delete')).toBe(false);
    expect(holdsFlag({ CASHBACK: { read: true } }, 'ECONOMICS', 'read')).toBe(false);
    expect(holdsFlag({ CASHBACK: { read: true } }, 'XP_POINTS', 'read')).toBe(false);
    expect(holdsFlag(undefined, 'CUSTOMERS', 'read')).toBe(false);
  });

  it('gives an admin every flag and anyone else only theirs', () => {
    expect(mayUse({ role: 'ADMIN', user_permissions: {} }, 'BADGES', 'delete')).toBe(true);
    expect(
      mayUse({ role: 'AREA_MANAGER', user_permissions: { BADGES: { read: true } } }, 'BADGES', 'delete'),
    ).toBe(false);
    expect(
      mayUse(
        { role: 'AREA_MANAGER', user_permissions: { ECONOMICS: { update: true } } },
        'XP_POINTS',
        'update',
      ),
    ).toBe(true);
    expect(mayUse(null, 'BADGES', 'read')).toBe(false);
  });
});
