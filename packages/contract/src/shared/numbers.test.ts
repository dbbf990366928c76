import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberFromText, readNumber } from './numbers';

describe('readNumber', () => {
  it.each([
    [12, 12],
    [-3.5, -3.5],
    ['12', 12],
    [' -3.5 ', -3.5],
    ['.5', 0.5],
    ['1e3', 1000],
  ])('reads %j as %j', (value, number) => {
    expect(readNumber(value)).toBe(number);
  });

  it.each([
    Number.POSITIVE_INFINITY,
    Number.NaN,
    'Infinity',
    '-Infinity',
    '1e400',
    'NaN',
    '0x10',
    '1,000',
    '',
    ' ',
    true,
    null,
    [5],
    {},
  ])('reads %j as no number', (value) => {
    expect(readNumber(value)).toBeUndefined();
  });
});

describe('numberFromText', () => {
  const schema = numberFromText(z.number({ error: 'x must be a number' }).min(0, 'x must be at least 0'));
  it('takes numbers and numeric text', () => {
    expect(schema.parse(5)).toBe(5);
    expect(schema.parse(' 7.25 ')).toBe(7.25);
  });

  it.each(['Infinity', '1e400', 'abc', '', true, [5], null])(
    'refuses %j with the schema’s message',
    (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['x must be a number']);
    },
  );
});
