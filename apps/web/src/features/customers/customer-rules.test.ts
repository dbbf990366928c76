import { describe, expect, it } from 'vitest';
import { progressPercent } from '@/features/customers/components/profile-overview';
import {
  customerBranchRule,
  loyaltyBranchScope,
  maySuspendCustomers,
} from '@/features/customers/customer-rules';
import { parsePlace } from '@/features/customers/place-fields';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

describe('branch rules per role (spec 1 §6)', () => {
  it('admin: any branch or none; area manager: one of theirs, required; branch manager: their first', () => {
    expect(customerBranchRule({ role: 'ADMIN', manager_of: [] })).toEqual({ kind: 'optional', scope: 'all' });
    expect(customerBranchRule({ role: 'AREA_MANAGER', manager_of: [A, B] })).toEqual({
      kind: 'required',
      scope: [A, B],
    });
    expect(customerBranchRule({ role: 'BRANCH_MANAGER', manager_of: [B, A] })).toEqual({
      kind: 'fixed',
      branchId: B,
    });
  });

  it('loyalty sign-up: admins search all branches; others see theirs with the first preselected', () => {
    expect(loyaltyBranchScope({ role: 'ADMIN', manager_of: [A] })).toEqual({
      scope: 'all',
      preselected: null,
    });
    expect(loyaltyBranchScope({ role: 'AREA_MANAGER', manager_of: [A, B] })).toEqual({
      scope: [A, B],
      preselected: A,
    });
  });
});

describe('suspend permission', () => {
  it('needs CUSTOMERS.delete unless admin', () => {
    expect(maySuspendCustomers({ role: 'ADMIN', manager_of: [], user_permissions: {} })).toBe(true);
    expect(
      maySuspendCustomers({
        role: 'AREA_MANAGER',
        manager_of: [A],
        user_permissions: { CUSTOMERS: { read: true, create: true, update: true, delete: false } },
      }),
    ).toBe(false);
    expect(
      maySuspendCustomers({
        role: 'BRANCH_MANAGER',
        manager_of: [A],
        user_permissions: { CUSTOMERS: { read: true, create: false, update: false, delete: true } },
      }),
    ).toBe(true);
  });
});

describe('step bars and places', () => {
  it('never divides by zero', () => {
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(9, 4)).toBe(100);
  });

  it('parses a place into its parts', () => {
    const place = parsePlace({
      place_id: 'p',
      formatted_address: '12 Dorp Street, Stellenbosch, 7600, South Africa',
      geometry: { location: { lat: -33.9, lng: 18.8 } },
      address_components: [
        { types: ['street_number'], long_name: '12', short_name: '12' },
        { types: ['route'], long_name: 'Dorp Street', short_name: 'Dorp St' },
        { types: ['locality', 'political'], long_name: 'Stellenbosch', short_name: 'Stellenbosch' },
        { types: ['postal_code'], long_name: '7600', short_name: '7600' },
      ],
    });
    expect(place).toMatchObject({
      street_number: '12',
      street_name: 'Dorp Street',
      city: 'Stellenbosch',
      postal_code: '7600',
      province: '',
      coordinates: { lat: -33.9, lng: 18.8 },
    });
  });
});
