import { describe, expect, it } from 'vitest';
import { customerSearchCountCap } from '../customers/customers';
import { COUNT_CAP, formatCappedCount } from './paging';

describe('a capped count (cap + 1) reads as its cap with a plus', () => {
  it('a search counts ten pages past the page shown, never past the list cap', () => {
    expect(customerSearchCountCap(1, 15)).toBe(150);
    expect(customerSearchCountCap(3, 50)).toBe(600);
    expect(customerSearchCountCap(10_000, 15)).toBe(COUNT_CAP);
  });

  it.each([
    [COUNT_CAP + 1, '10,000+'],
    [customerSearchCountCap(1, 15) + 1, '150+'],
    [1_001, '1,000+'],
    [COUNT_CAP + 500, '10,000+'],
    [COUNT_CAP, '10,000+'],
  ])('%d -> %s', (count, text) => {
    expect(formatCappedCount(count)).toBe(text);
  });
});
