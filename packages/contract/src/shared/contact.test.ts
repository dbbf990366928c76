import { describe, expect, it } from 'vitest';
import {
  CELL_NUMBER_REGEX,
  EMAIL_REGEX,
  isBusinessEmail,
  isCellNumber,
  isEmail,
  localCellNumber,
  normaliseCellNumber,
  TEN_DIGIT_PHONE_REGEX,
  ZCellNumber,
  ZEmail,
} from './contact';

describe('cell numbers', () => {
  it.each(['0821234567', '+27821234567', '0612345678', '0798765432', '+27831234567'])(
    'accepts %s',
    (value) => {
      expect(CELL_NUMBER_REGEX.test(value)).toBe(true);
    },
  );

  it.each([
    '0521234567',
    '082123456',
    '08212345678',
    '+2782123456',
    '27821234567',
    '+270821234567',
    '082 123 4567',
    '',
    'abcdefghij',
  ])('rejects %s', (value) => {
    expect(CELL_NUMBER_REGEX.test(value)).toBe(false);
  });

  it('normalises the local form to +27 and keeps the international form', () => {
    expect(normaliseCellNumber('0821234567')).toBe('+27821234567');
    expect(normaliseCellNumber(' +27821234567 ')).toBe('+27821234567');
    expect(normaliseCellNumber('0521234567')).toBeNull();
  });

  it('gives the 10-digit local form back for forms', () => {
    expect(localCellNumber('+27821234567')).toBe('0821234567');
    expect(localCellNumber('0821234567')).toBe('0821234567');
    expect(localCellNumber('123')).toBeNull();
  });

  it('trims before checking', () => {
    expect(isCellNumber(' 0821234567 ')).toBe(true);
  });

  it('reports the spec message through the zod schema', () => {
    const result = ZCellNumber.safeParse('0521234567');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid phone number');
  });
});

describe('email addresses', () => {
  it.each(['jane@example.com', 'j.doe+loyalty@mail.co.za', 'a_b@x.info', 'UPPER@EXAMPLE.ORG'])(
    'accepts %s',
    (value) => {
      expect(EMAIL_REGEX.test(value)).toBe(true);
    },
  );

  it.each([
    'jane@example',
    'jane@example.c',
    'jane@example.travel',
    'jane example@x.com',
    '@x.com',
    'jane@.c0m',
  ])('rejects %s', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('reports the spec message through the zod schema', () => {
    expect(ZEmail.safeParse('nope').error?.issues[0]?.message).toBe('Invalid email address');
    expect(ZEmail.safeParse(' ok@example.com ').data).toBe('ok@example.com');
  });
});

describe("a business's or staff member's email", () => {
  it("takes any top-level domain, where a customer's address keeps the 2 to 4 letter rule", () => {
    for (const address of ['owner@brew.coffee', 'a@b.museum', 'ops@studio.example', 'jane@shop.co.za'])
      expect(isBusinessEmail(address), address).toBe(true);
    expect(isEmail('owner@brew.coffee')).toBe(false);
  });

  it.each(['nope', 'ann@example', 'ann@example.c', '@brew.coffee', 'ann@brew.c0ffee'])(
    'rejects %s',
    (value) => {
      expect(isBusinessEmail(value)).toBe(false);
    },
  );
});

describe('generic 10-digit phone rule', () => {
  it('wants exactly ten digits', () => {
    expect(TEN_DIGIT_PHONE_REGEX.test('0111234567')).toBe(true);
    expect(TEN_DIGIT_PHONE_REGEX.test('011123456')).toBe(false);
    expect(TEN_DIGIT_PHONE_REGEX.test('+27111234567')).toBe(false);
  });
});
