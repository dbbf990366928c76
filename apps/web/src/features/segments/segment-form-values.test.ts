import { describe, expect, it } from 'vitest';
import {
  newRule,
  newSegmentValues,
  serverErrorsOf,
  settleFilterValue,
  settleQuantity,
} from '@/features/segments/segment-form-values';
import { rulesText } from '@/features/segments/segment-format';
import { parseSegmentForm } from '@/features/segments/segment-validation';

describe('segment form values', () => {
  it('turns an unparsable rule value into 0 and keeps an empty one empty (spec 2 §2)', () => {
    expect(settleFilterValue('-')).toBe(0);
    expect(settleFilterValue('abc')).toBe(0);
    expect(settleFilterValue('  ')).toBe('');
    expect(settleFilterValue('2.5')).toBe(2.5);
    expect(settleFilterValue(7)).toBe(7);
  });

  it('turns an empty or non-numeric quantity into 1 and keeps 0 for validation (spec 2 §5)', () => {
    expect(settleQuantity('')).toBe(1);
    expect(settleQuantity('x')).toBe(1);
    expect(settleQuantity(0)).toBe(0);
    expect(settleQuantity('3')).toBe(3);
  });

  it("gives new rules distinct 'filter_' ids even within one millisecond", () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRule().id));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^filter_\d+$/);
  });

  it("keys errors by the rule's id, from the contract and from the server", () => {
    const values = newSegmentValues();
    const id = values.filters[0]?.id;
    const result = parseSegmentForm(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Name is required',
      [`filters.${id}.statistic_name`]: 'Statistic is required',
      [`filters.${id}.comparison`]: 'Comparison operator is required',
      [`filters.${id}.filter_value`]: 'Filter value is required',
    });
    expect(
      serverErrorsOf(values, {
        errors: [{ field: 'filters.0.statistic_name', message: 'No such statistic' }],
      }),
    ).toEqual({ [`filters.${id}.statistic_name`]: 'No such statistic' });
  });

  it('reads rules as people do, OR-ed', () => {
    expect(rulesText([])).toBe('No rules');
    expect(
      rulesText([
        { type: 'statistic', statistic_name: 'numberOfLogins', comparison: 'NotEqualTo', filter_value: 0 },
        { type: 'all_players' },
      ]),
    ).toBe('numberOfLogins ≠ 0 OR All players');
  });
});
