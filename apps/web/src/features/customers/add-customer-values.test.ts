import { GUEST_EMAIL } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import {
  canSaveCustomer,
  customerErrors,
  emptyCustomerValues,
  toAddCustomerRequest,
} from '@/features/customers/add-customer-values';

const filled = (overrides: Partial<ReturnType<typeof emptyCustomerValues>> = {}) => ({
  ...emptyCustomerValues(),
  name: 'Ann',
  surname: 'Smith',
  cell_number: '0821234567',
  ...overrides,
});

describe('Add Customer: when Save is enabled (spec 1 §5)', () => {
  it('needs a name, a surname and a 10-character cell number starting 0 then 6, 7 or 8', () => {
    expect(canSaveCustomer(filled())).toBe(true);
    expect(canSaveCustomer(filled({ cell_number: '0612345678' }))).toBe(true);
    expect(canSaveCustomer(filled({ cell_number: '0712345678' }))).toBe(true);
  });

  it('stays disabled without a name or surname (spaces are not a name)', () => {
    expect(canSaveCustomer(filled({ name: '' }))).toBe(false);
    expect(canSaveCustomer(filled({ surname: '   ' }))).toBe(false);
  });

  it('stays disabled for any other cell number, including the 12-character +27 form', () => {
    for (const cell of [
      '',
      '082123456',
      '08212345678',
      '0521234567',
      '1821234567',
      '082123456a',
      '+27821234567',
    ])
      expect(canSaveCustomer(filled({ cell_number: cell })), cell).toBe(false);
  });

  it('gives the spec messages', () => {
    expect(customerErrors(emptyCustomerValues())).toMatchObject({
      name: 'Name is required',
      surname: 'Surname is required',
      cell_number: 'Invalid phone number',
    });
    expect(customerErrors(filled({ email: 'ann@example' })).email).toBe('Invalid email address');
    expect(customerErrors(filled({ email: 'ann@example.co.za' })).email).toBeUndefined();
    expect(customerErrors(filled({ member_card_number: '123' })).member_card_number).toBe(
      'Card number must be 15 characters',
    );
    expect(customerErrors(filled({ birthday: '2999-01-01' })).birthday).toBe(
      'Date in the future not allowed.',
    );
  });
});

describe('Add Customer: the request', () => {
  it('sends the guest email, N/A gender and no card number when those are empty', () => {
    const request = toAddCustomerRequest(filled(), null);
    expect(request.email).toBe(GUEST_EMAIL);
    expect(request.gender).toBe('N/A');
    expect('member_card_number' in request).toBe(false);
    expect('member_branch_id' in request).toBe(false);
    expect(request.status).toBe('AWAITING-SIGNUP');
    expect(request.loyalty_sign_up).toBe(true);
    expect(request.member_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('sends what was filled in', () => {
    const request = toAddCustomerRequest(
      filled({
        email: ' ann@example.co.za ',
        gender: 'FEMALE',
        member_card_number: '123456789012345',
        birthday: '1990-05-14',
        communication_method: ['SMS', 'EMAIL'],
      }),
      'b'.repeat(24),
    );
    expect(request).toMatchObject({
      email: 'ann@example.co.za',
      gender: 'FEMALE',
      member_card_number: '123456789012345',
      birthday: '1990-05-14',
      communication_method: ['SMS', 'EMAIL'],
      get_communication: true,
      member_branch_id: 'b'.repeat(24),
    });
  });
});
