import { describe, expect, it } from 'vitest';
import { CUSTOMER_SEARCH_COUNT_CAP } from '../customers/customers';
import { COUNT_CAP, formatCappedCount } from './paging';

describe('a capped count (cap + 1) reads as its cap with a plus', () => {
  it.each([
    [COUNT_CAP + 1, '10,000+'],
    [CUSTOMER_SEARCH_COUNT_CAP + 1, '1,000+'],
    [COUNT_CAP + 500, '10,000+'],
    [COUNT_CAP, '10,000+'],
  ])('%d -> %s', (count, text) => {
    expect(formatCappedCount(count)).toBe(text);
  });
});
