import { describe, expect, it } from 'vitest';
import { ADD_CUSTOMER_MESSAGES, CUSTOMER_PROFILE_MESSAGES } from '../messages/customers';
import { isCalendarDate } from '../shared/dates';
import { CUSTOMER_IMPORT_MESSAGES, ZCustomerImportRow } from './customer-imports';
import { CUSTOMER_MESSAGES, ZAddCustomerRequest, ZUpdateCustomerRequest } from './customers';
import { CUSTOMER_API_MESSAGES, ZEnrolCustomerRequest, ZPatchCustomerRequest } from './integrator-customers';
import { LOYALTY_RULE_MESSAGES, ZLoyaltySignUpRequest } from './loyalty';

/** Every issue as [field, message]. */
const issuesOf = (schema: { safeParse: (value: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  return result.success
    ? []
    : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
};

const member = { name: 'Ayanda', surname: 'Dlamini', email: 'ayanda@example.com' };
const formCustomer = { name: 'Ayanda', surname: 'Dlamini', cell_number: '0821234567' };

describe('a birthday', () => {
  it('is a real calendar day', () => {
    expect(isCalendarDate('1990-02-28')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1990-02-30')).toBe(false);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2023-04-31')).toBe(false);
    expect(isCalendarDate('1990-13-45')).toBe(false);
    expect(isCalendarDate('notadate')).toBe(false);
  });

  it.each(['1990-02-30', '2023-02-29', '1990-04-31', '1990-13-45', 'notadate', '1990-1-1'])(
    '%s gets the format message only, on the add form, the profile edit, an enrolment and an import row',
    (birthday) => {
      const only = [['birthday', CUSTOMER_MESSAGES.invalidDate]];
      expect(issuesOf(ZAddCustomerRequest, { ...formCustomer, birthday })).toEqual(only);
      expect(issuesOf(ZUpdateCustomerRequest, { _id: '5f1c2b3a4d5e6f7a8b9c0d1e', birthday })).toEqual(only);
      expect(issuesOf(ZEnrolCustomerRequest, { ...member, birthday })).toEqual(only);
      expect(issuesOf(ZPatchCustomerRequest, { birthday })).toEqual(only);
      expect(issuesOf(ZCustomerImportRow, { ...member, birthday, balances: {} })).toEqual(only);
    },
  );

  it('in the future (or today) is refused with the spec message; a past one or none is taken', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, birthday: '2999-01-01' })).toEqual([
      ['birthday', CUSTOMER_PROFILE_MESSAGES.futureDateNotAllowed],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, birthday: today })).toEqual([
      ['birthday', CUSTOMER_PROFILE_MESSAGES.futureDateNotAllowed],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, birthday: '2000-02-29' })).toEqual([]);
    expect(issuesOf(ZAddCustomerRequest, { ...formCustomer, birthday: '' })).toEqual([]);
  });
});

describe('external_id or email', () => {
  it('is reported beside the other fields’ errors', () => {
    expect(issuesOf(ZEnrolCustomerRequest, {})).toEqual([
      ['name', ADD_CUSTOMER_MESSAGES.nameRequired],
      ['surname', ADD_CUSTOMER_MESSAGES.surnameRequired],
      ['external_id', CUSTOMER_API_MESSAGES.keyRequired],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { name: 'A', surname: 'B', email: '  ' })).toEqual(
      expect.arrayContaining([['external_id', CUSTOMER_API_MESSAGES.keyRequired]]),
    );
    expect(issuesOf(ZCustomerImportRow, { level: 'x', balances: {} })).toEqual(
      expect.arrayContaining([
        ['name', ADD_CUSTOMER_MESSAGES.nameRequired],
        ['level', CUSTOMER_IMPORT_MESSAGES.invalidLevel],
        ['external_id', CUSTOMER_IMPORT_MESSAGES.keyRequired],
      ]),
    );
  });

  it('is not asked for when either is given, even if that one is not valid (its own message says why)', () => {
    expect(issuesOf(ZEnrolCustomerRequest, { name: 'A', surname: 'B', email: 'not-an-email' })).toEqual([
      ['email', ADD_CUSTOMER_MESSAGES.invalidEmail],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { name: 'A', surname: 'B', external_id: 'x' })).toEqual([]);
    expect(issuesOf(ZPatchCustomerRequest, {})).toEqual([]);
  });

  it('a body that is not an object is one error', () => {
    expect(issuesOf(ZEnrolCustomerRequest, null)).toHaveLength(1);
    expect(issuesOf(ZEnrolCustomerRequest, [])).toHaveLength(1);
  });
});

describe('text fields', () => {
  it('keep the spec message when missing or blank', () => {
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, name: ' ' })).toEqual([
      ['name', ADD_CUSTOMER_MESSAGES.nameRequired],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, name: null })).toEqual([
      ['name', ADD_CUSTOMER_MESSAGES.nameRequired],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, loyalty_number: '' })).toEqual([
      ['loyalty_number', LOYALTY_RULE_MESSAGES.loyaltyNumberRequired],
    ]);
  });

  it('say when a value is too long or not text', () => {
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, loyalty_number: 'x'.repeat(200) })).toEqual([
      ['loyalty_number', 'Loyalty number must not be more than 40 characters'],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, loyalty_number: 42 })).toEqual([
      ['loyalty_number', 'Loyalty number must be text'],
    ]);
    expect(issuesOf(ZEnrolCustomerRequest, { ...member, name: 123 })).toEqual([
      ['name', 'Name must be text'],
    ]);
    expect(issuesOf(ZAddCustomerRequest, { ...formCustomer, surname: 's'.repeat(101) })).toEqual([
      ['surname', 'Surname must not be more than 100 characters'],
    ]);
    expect(
      issuesOf(ZLoyaltySignUpRequest, {
        customer_id: '5f1c2b3a4d5e6f7a8b9c0d1e',
        loyalty_number: 'L'.repeat(41),
        member_card_number: '1'.repeat(15),
        linked: true,
      }),
    ).toEqual([['loyalty_number', 'Loyalty number must not be more than 40 characters']]);
  });
});
