import { describe, expect, it } from 'vitest';
import { fieldErrorsIn } from './field-errors';

describe('fieldErrorsIn', () => {
  it("reads a 400's field errors and nothing from anything else", () => {
    expect(fieldErrorsIn({ errors: [{ field: 'name', message: 'Name is required' }] })).toEqual([
      { field: 'name', message: 'Name is required' },
    ]);
    expect(fieldErrorsIn({ errors: [{ field: 'name' }, null, { field: 'sku', message: 'Taken' }] })).toEqual([
      { field: 'sku', message: 'Taken' },
    ]);
    expect(fieldErrorsIn(null)).toEqual([]);
    expect(fieldErrorsIn({ errors: 'no' })).toEqual([]);
    expect(fieldErrorsIn('text')).toEqual([]);
  });
});
