import { describe, expect, it } from 'vitest';
import {
  isSameEarnConfig,
  newEarnConfigValues,
  type TEarnConfigFormValues,
  toEarnConfigBody,
  validateEarnConfig,
  valuesOfEarnConfig,
} from '@/features/economy/earn-config-form-values';
import { CASHBACK, COINS_ID, XP_CONFIG } from '@/features/economy/test-server';

const filled = (overrides: Partial<TEarnConfigFormValues> = {}): TEarnConfigFormValues => ({
  ...newEarnConfigValues(),
  trigger_value: 100,
  earn_amount: 5,
  segment: { value: 'a'.repeat(24), label: 'AllPlayers' },
  currency_id: COINS_ID,
  ...overrides,
});

const messages = (values: TEarnConfigFormValues, kind: 'cashback' | 'xp') =>
  validateEarnConfig(values, kind).map((error) => error.message);

describe('earn config rules (spec 3 §5)', () => {
  it('names every missing field in the spec order, the currency only for cashback', () => {
    expect(messages(newEarnConfigValues(), 'cashback')).toEqual([
      'Trigger Value is required',
      'Earn Amount is required',
      'Segment is required',
      'Currency is required',
    ]);
    expect(messages(newEarnConfigValues(), 'xp')).toEqual([
      'Trigger Value is required',
      'Earn Amount is required',
      'Segment is required',
    ]);
  });

  it('counts zero as missing', () => {
    expect(messages(filled({ trigger_value: 0, earn_amount: 0 }), 'cashback')).toEqual([
      'Trigger Value is required',
      'Earn Amount is required',
    ]);
    expect(messages(filled(), 'cashback')).toEqual([]);
  });

  it('keeps a percentage within 0 to 100 in steps of 0.1 and a fixed amount from 0 in steps of 0.01', () => {
    const percentage = 'Earn Amount must be a percentage from 0 to 100, in steps of 0.1';
    const fixed = 'Earn Amount must be a fixed amount of 0 or more, in steps of 0.01';
    expect(messages(filled({ earn_amount: 100.5 }), 'cashback')).toEqual([percentage]);
    expect(messages(filled({ earn_amount: 2.55 }), 'cashback')).toEqual([percentage]);
    expect(messages(filled({ earn_amount: 99.9 }), 'cashback')).toEqual([]);
    expect(messages(filled({ earn_amount: 100.5, cashback_type: 'fixed' }), 'cashback')).toEqual([]);
    expect(messages(filled({ earn_amount: 2.55, cashback_type: 'fixed' }), 'cashback')).toEqual([]);
    expect(messages(filled({ earn_amount: 2.555, cashback_type: 'fixed' }), 'cashback')).toEqual([fixed]);
    expect(messages(filled({ earn_amount: -1, cashback_type: 'fixed' }), 'cashback')).toEqual([fixed]);
    // XP has no cashback bounds.
    expect(messages(filled({ earn_amount: 250 }), 'xp')).toEqual([]);
  });

  it('counts a change of the cashback type alone as an edit', () => {
    expect(isSameEarnConfig(filled(), filled())).toBe(true);
    expect(isSameEarnConfig(filled(), filled({ cashback_type: 'fixed' }))).toBe(false);
  });
});

describe('the save body', () => {
  it('sends empty exclusion lists as null and only the kind the exclusion type shows', () => {
    const product = { value: 'p'.repeat(24), label: 'Muffin' };
    const category = { value: 'k'.repeat(24), label: 'Snacks' };
    expect(toEarnConfigBody(filled(), 'cashback')).toEqual({
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: 'a'.repeat(24),
      earn_target: COINS_ID,
      cashback_type: 'percentage',
      exclude_type: 'product',
      excluded_product_ids: null,
      excluded_category_ids: null,
    });
    expect(toEarnConfigBody(filled({ cashback_type: 'fixed' }), 'cashback').cashback_type).toBe('fixed');
    const both = filled({ excluded_products: [product], excluded_categories: [category] });
    expect(toEarnConfigBody(both, 'cashback')).toMatchObject({
      excluded_product_ids: [product.value],
      excluded_category_ids: null,
    });
    expect(toEarnConfigBody({ ...both, exclude_type: 'category' }, 'xp')).toMatchObject({
      type: 'Statistic',
      earn_target: 'xp',
      cashback_type: null,
      exclude_type: 'category',
      excluded_product_ids: null,
      excluded_category_ids: [category.value],
    });
  });

  it('loads a stored config with its segment name and the exclusions named', () => {
    const values = valuesOfEarnConfig(CASHBACK, {
      products: [],
      categories: [{ value: 'x', label: 'Snacks' }],
    });
    expect(values).toMatchObject({
      trigger_value: 100,
      earn_amount: 5,
      segment: { value: CASHBACK.segment_id, label: 'AllPlayers' },
      currency_id: COINS_ID,
      exclude_type: 'category',
      cashback_type: 'percentage',
    });
    expect(valuesOfEarnConfig(XP_CONFIG, { products: [], categories: [] }).currency_id).toBeNull();
    // The stored type, not a guess from the amount: 5 can be a fixed amount.
    const fixed = valuesOfEarnConfig(
      { ...CASHBACK, cashback_type: 'fixed' },
      { products: [], categories: [] },
    );
    expect(fixed.cashback_type).toBe('fixed');
  });
});
