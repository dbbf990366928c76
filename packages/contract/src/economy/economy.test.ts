import { describe, expect, it } from 'vitest';
import {
  CASHBACK_VALUE_LIMITS,
  DEFAULT_CASHBACK_TYPE,
  DEFAULT_EXCLUDE_TYPE,
  EARN_CONFIG_TYPES,
} from './earn-configs';
import {
  clampMilestoneCount,
  defaultProgressionLabels,
  MILESTONE_LIMITS,
  PROGRESSION_SOURCE_TARGET,
  progressPercent,
} from './reward-tracks';
import { currencyCounter, MAX_CURRENCIES, WALLET_CURRENCY_TYPES } from './wallet-currencies';

describe('reward tracks', () => {
  it('keeps milestone counts within 1..5', () => {
    expect(MILESTONE_LIMITS).toEqual({ min: 1, max: 5, valueMin: 1 });
    expect(clampMilestoneCount(0)).toBe(1);
    expect(clampMilestoneCount(3)).toBe(3);
    expect(clampMilestoneCount(9)).toBe(5);
    expect(clampMilestoneCount(Number.NaN)).toBe(1);
  });

  it('fixes the progression sources and targets', () => {
    expect(PROGRESSION_SOURCE_TARGET.LEVEL_PROGRESSION).toEqual({ source: 'xp', target: 'level' });
    expect(PROGRESSION_SOURCE_TARGET.TIER_PROGRESSION).toEqual({ source: 'level', target: 'tier' });
  });

  it('names default milestones tier 1..4 and level 1..4', () => {
    expect(defaultProgressionLabels('tier')).toEqual(['tier 1', 'tier 2', 'tier 3', 'tier 4']);
    expect(defaultProgressionLabels('level')[3]).toBe('level 4');
  });

  it('computes profile progress as a bounded percentage', () => {
    expect(progressPercent(2, 5)).toBe(40);
    expect(progressPercent(7, 5)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });
});

describe('wallet and earn configs', () => {
  it('allows at most 10 currencies of type real or custom', () => {
    expect(MAX_CURRENCIES).toBe(10);
    expect(currencyCounter(3)).toBe('3/10');
    expect(WALLET_CURRENCY_TYPES).toEqual(['real', 'custom']);
  });

  it('has the earn config options', () => {
    expect(EARN_CONFIG_TYPES).toEqual(['Currency', 'Statistic']);
    expect(DEFAULT_EXCLUDE_TYPE).toBe('product');
    expect(DEFAULT_CASHBACK_TYPE).toBe('percentage');
    expect(CASHBACK_VALUE_LIMITS.percentage).toEqual({ min: 0, max: 100, step: 0.1, decimals: 1 });
    expect(CASHBACK_VALUE_LIMITS.fixed.step).toBe(0.01);
  });
});
