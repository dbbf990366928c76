import { describe, expect, it } from 'vitest';
import { REWARD_TRACK_API_MESSAGES } from '../messages/reward-tracks';
import { ZSaveCurrencyRequest } from './currency-endpoints';
import { ZSaveEarnConfigRequest } from './earn-config-endpoints';
import { ZSaveRewardTrackRequest } from './reward-track-endpoints';
import { ZSpendRequest } from './wallet-endpoints';

const ID = 'a'.repeat(24);
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('earn config save', () => {
  it('counts zero as missing and names every missing field', () => {
    const result = ZSaveEarnConfigRequest.safeParse({
      type: 'Currency',
      trigger_value: 0,
      earn_amount: null,
    });
    expect(messages(result)).toEqual([
      'Trigger Value is required',
      'Earn Amount is required',
      'Segment is required',
      'Currency is required',
    ]);
  });

  it('sends empty exclusion lists as null and needs no currency for XP', () => {
    const parsed = ZSaveEarnConfigRequest.parse({
      type: 'Statistic',
      trigger_value: 10,
      earn_amount: 1,
      segment_id: ID,
      excluded_product_ids: [],
    });
    expect(parsed.excluded_product_ids).toBeNull();
    expect(parsed.excluded_category_ids).toBeNull();
    expect(parsed.exclude_type).toBe('product');
  });
});

describe('cashback type', () => {
  const cashback = { type: 'Currency', trigger_value: 100, segment_id: ID, earn_target: ID } as const;

  it('defaults to percentage for cashback and is null for XP', () => {
    expect(ZSaveEarnConfigRequest.parse({ ...cashback, earn_amount: 5 }).cashback_type).toBe('percentage');
    const xp = { type: 'Statistic', trigger_value: 10, earn_amount: 250, segment_id: ID } as const;
    expect(ZSaveEarnConfigRequest.parse({ ...xp, cashback_type: 'fixed' }).cashback_type).toBeNull();
  });

  it('bounds the amount by its type', () => {
    const check = (earn_amount: number, cashback_type: 'percentage' | 'fixed') =>
      messages(ZSaveEarnConfigRequest.safeParse({ ...cashback, earn_amount, cashback_type }));
    expect(check(100, 'percentage')).toEqual([]);
    expect(check(0.1, 'percentage')).toEqual([]);
    expect(check(100.1, 'percentage')).toEqual([
      'Earn Amount must be a percentage from 0 to 100, in steps of 0.1',
    ]);
    expect(check(0.15, 'percentage')).toEqual([
      'Earn Amount must be a percentage from 0 to 100, in steps of 0.1',
    ]);
    expect(check(123_456_789.12, 'fixed')).toEqual([]);
    expect(check(0.015, 'fixed')).toEqual([
      'Earn Amount must be a fixed amount of 0 or more, in steps of 0.01',
    ]);
  });
});

describe('currency save', () => {
  it('needs a real code for a real currency and a name and code for a custom one', () => {
    expect(messages(ZSaveCurrencyRequest.safeParse({ type: 'real', code: 'XXX' }))).toEqual([
      'Currency code must be one of the real currency codes',
    ]);
    expect(messages(ZSaveCurrencyRequest.safeParse({ type: 'custom' }))).toEqual([
      'Name is required',
      'Short Code is required',
    ]);
    expect(ZSaveCurrencyRequest.parse({ type: 'real', code: 'ZAR' }).expiry_policy).toBe('never');
  });
});

describe('spend', () => {
  it('takes positive amounts with at most two decimals', () => {
    const base = { id: 'spend-1', currency: ID, reason: 'Coffee' };
    expect(ZSpendRequest.safeParse({ ...base, amount: 12.5 }).success).toBe(true);
    expect(messages(ZSpendRequest.safeParse({ ...base, amount: 1, currency: undefined }))).toEqual([
      'currency is required',
    ]);
    expect(messages(ZSpendRequest.safeParse({ ...base, amount: 1, currency: 'BNP' }))).toEqual([
      "currency must be the currency's _id (24 hexadecimal characters), not its code",
    ]);
    expect(messages(ZSpendRequest.safeParse({ ...base, amount: 0 }))).toEqual([
      'Amount must be greater than 0',
    ]);
    expect(messages(ZSpendRequest.safeParse({ ...base, amount: 1.005 }))).toEqual([
      'Amount must have at most two decimal places',
    ]);
  });
});

describe('numbers that arrive as text', () => {
  it('take a conversion rate as a number or numeric text, never true, a list or a non-finite value', () => {
    const rate = (conversion_rate: unknown) =>
      ZSaveCurrencyRequest.safeParse({ type: 'custom', name: 'Beans', code: 'BN', conversion_rate });
    expect(rate(2.5).data?.conversion_rate).toBe(2.5);
    expect(rate('2.5').data?.conversion_rate).toBe(2.5);
    for (const bad of [true, [5], 'Infinity', '1e400', 'abc', ''])
      expect(rate(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it.each(['Infinity', '-Infinity', '1e400', 'NaN'])(
    'refuse a reward track milestone value of %j, naming the field',
    (value) => {
      const result = ZSaveRewardTrackRequest.safeParse({
        name: 'Stamps',
        reward_track_type: 'GENERIC',
        source: 'stamps',
        target: 'coffees',
        milestones: [
          { name: 'One', colour: '#000000', source_value: value, target_value: 1, image_url: 'a.png' },
        ],
      });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['milestones.0.source_value', REWARD_TRACK_API_MESSAGES.wholeNumber],
      ]);
    },
  );
});
