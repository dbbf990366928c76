import { describe, expect, it } from 'vitest';
import {
  isSameValues,
  newStatisticValues,
  parseStatisticForm,
  serverErrorsOf,
} from '@/features/statistics/statistic-form-values';

describe('statistic form values', () => {
  it('starts a new statistic as Last / Manual', () => {
    expect(newStatisticValues()).toEqual({ name: '', aggregation_method: 'Last', reset_interval: 'Manual' });
  });

  it('creates with the trimmed name and both settings', () => {
    const result = parseStatisticForm(
      { name: '  coffeeStamps ', aggregation_method: 'Sum', reset_interval: 'Day' },
      true,
    );
    expect(result).toEqual({
      ok: true,
      body: { name: 'coffeeStamps', aggregation_method: 'Sum', reset_interval: 'Day' },
    });
  });

  it('updates with only the aggregation method and reset interval (spec 2 §5)', () => {
    const result = parseStatisticForm(
      { name: 'coffeeStamps', aggregation_method: 'Max', reset_interval: 'Week' },
      false,
    );
    expect(result).toEqual({ ok: true, body: { aggregation_method: 'Max', reset_interval: 'Week' } });
  });

  it("gives the spec's messages for each missing field", () => {
    expect(parseStatisticForm({ name: '   ', aggregation_method: null, reset_interval: null }, true)).toEqual(
      {
        ok: false,
        errors: {
          name: 'Name is required',
          aggregation_method: 'Aggregation method is required',
          reset_interval: 'Reset interval is required',
        },
      },
    );
  });

  it('compares every field for the edited flag', () => {
    const values = newStatisticValues();
    expect(isSameValues(values, { ...values })).toBe(true);
    expect(isSameValues(values, { ...values, reset_interval: 'Hour' })).toBe(false);
  });

  it("keeps a 400's errors for the editor's own fields only", () => {
    expect(
      serverErrorsOf({
        errors: [
          { field: 'name', message: 'Name must not be more than 64 characters' },
          { field: 'version', message: 'ignored' },
        ],
      }),
    ).toEqual({ name: 'Name must not be more than 64 characters' });
    expect(serverErrorsOf(null)).toEqual({});
  });
});
