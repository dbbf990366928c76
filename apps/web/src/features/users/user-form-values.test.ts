import { FEATURE_AREAS } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { FEATURE_AREA_LABELS, PERMISSION_GROUPS } from '@/features/users/feature-areas';
import { defaultPermissions, newUserValues, withRole } from '@/features/users/user-form-values';
import { parseUserForm } from '@/features/users/user-validation';

const admin = { isNew: true, canManageAccess: true };
const valid = {
  ...newUserValues(),
  name: 'Sipho',
  surname: 'Dlamini',
  user_name: 'sipho',
  cell_number: '0821234567',
  email: 'sipho@example.com',
  password: 'long enough',
  role: 'ADMIN' as const,
};
const userId = 'c'.repeat(24);

describe('user form rules (the server messages, checked by the contract schema)', () => {
  it('gives the generic messages for an empty new user', () => {
    const result = parseUserForm(newUserValues(), admin);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      name: 'name is required',
      surname: 'surname is required',
      user_name: 'user name is required',
      cell_number: 'cell number is required',
      email: 'email is required',
      role: 'role is required',
      password: 'Password is required.',
    });
  });

  it('checks the email, the cell number and the password length', () => {
    const result = parseUserForm(
      { ...valid, email: 'sipho@', cell_number: '082 123', password: 'short' },
      admin,
    );
    expect(result.ok ? {} : result.errors).toEqual({
      email: 'email must be a valid email address',
      cell_number: 'cell number must be a 10-digit phone number',
      password: 'Password must be at least 8 characters.',
    });
  });

  it('requires branches of area and branch managers only', () => {
    const manager = { ...valid, role: 'AREA_MANAGER' as const };
    const result = parseUserForm(manager, admin);
    expect(result.ok ? {} : result.errors).toEqual({ manager_of: 'manager of is required' });
    expect(parseUserForm({ ...manager, manager_of: ['d'.repeat(24)] }, admin).ok).toBe(true);
    expect(parseUserForm(valid, admin).ok).toBe(true);
  });

  it("sends a non-admin's own details only, without a password", () => {
    const result = parseUserForm(
      { ...valid, password: '' },
      { isNew: false, canManageAccess: false },
      userId,
    );
    expect(result).toEqual({
      ok: true,
      body: {
        user_id: userId,
        name: 'Sipho',
        surname: 'Dlamini',
        user_name: 'sipho',
        cell_number: '0821234567',
        email: 'sipho@example.com',
      },
    });
  });

  it("sends an admin's edit with access, and no branches for an admin account", () => {
    const result = parseUserForm(
      { ...valid, manager_of: ['d'.repeat(24)] },
      { isNew: false, canManageAccess: true },
      userId,
    );
    expect(result.ok && result.body).toMatchObject({
      user_id: userId,
      role: 'ADMIN',
      status: 'ACTIVE',
      manager_of: [],
    });
    expect(result.ok && 'password' in result.body).toBe(false);
  });
});

describe('changing the account type', () => {
  it('resets the branches and every permission to false', () => {
    const before = {
      ...valid,
      role: 'AREA_MANAGER' as const,
      manager_of: ['d'.repeat(24)],
      user_permissions: {
        ...defaultPermissions(),
        CUSTOMERS: { read: true, create: true, update: false, delete: false },
      },
    };
    const after = withRole(before, 'BRANCH_MANAGER');
    expect(after.role).toBe('BRANCH_MANAGER');
    expect(after.manager_of).toEqual([]);
    expect(after.user_permissions).toEqual(defaultPermissions());
    expect(withRole(before, 'AREA_MANAGER')).toBe(before);
  });
});

describe('permission areas', () => {
  it('lists every feature area once, SUBSCRIPTIONS and the commerce areas included', () => {
    const rows = PERMISSION_GROUPS.flatMap((group) => group.areas);
    expect([...rows].sort()).toEqual([...FEATURE_AREAS].sort());
    expect(Object.keys(FEATURE_AREA_LABELS).sort()).toEqual([...FEATURE_AREAS].sort());
  });
});
