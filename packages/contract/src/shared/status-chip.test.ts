import { describe, expect, it } from 'vitest';
import { STATUS_CHIP_COLORS, STATUS_CHIP_VALUES, statusChipColor } from './status-chip';

describe('statusChipColor', () => {
  it.each([
    ['ACTIVE', 'success'],
    ['FULFILLED', 'success'],
    ['ACCEPTED', 'success'],
    ['INACTIVE', 'neutral'],
    ['CANCELLED', 'neutral'],
    ['OFFLINE', 'neutral'],
    ['UPDATED', 'secondary'],
    ['OPEN', 'secondary'],
    ['RETURNED', 'secondary'],
    ['VIEWED', 'secondary'],
    ['SUSPENDED', 'danger'],
    ['RETURNED-BY-CUSTOMER', 'danger'],
    ['EXPIRED', 'danger'],
    ['AWAITING-SIGNUP', 'warning'],
    ['POS-ORDERED', 'warning'],
    ['AWAITING-EMAIL-CONFIRMATION', 'warning'],
    ['PENDING', 'warning'],
  ])('%s is %s', (value, color) => {
    expect(statusChipColor(value)).toBe(color);
  });

  it('matches report statuses regardless of case and spacing', () => {
    expect(statusChipColor('Completed')).toBe('success');
    expect(statusChipColor('Expired')).toBe('danger');
    expect(statusChipColor('awaiting_signup')).toBe('warning');
    expect(statusChipColor('returned by customer')).toBe('danger');
  });

  it('falls back to neutral for unknown or empty values', () => {
    expect(statusChipColor('SOMETHING-ELSE')).toBe('neutral');
    expect(statusChipColor('')).toBe('neutral');
    expect(statusChipColor(undefined)).toBe('neutral');
  });

  it('lists every value of spec 1 §4 exactly once', () => {
    const all = STATUS_CHIP_COLORS.flatMap((color) => STATUS_CHIP_VALUES[color]);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(13 + 3 + 5 + 5 + 10);
  });
});
