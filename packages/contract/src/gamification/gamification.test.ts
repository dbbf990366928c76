import { describe, expect, it } from 'vitest';
import { BADGE_CATEGORIES, BADGE_DEFAULT_THEME, BADGE_DEFAULTS, badgeQuantityType } from './badges';
import {
  CHALLENGE_DEFAULTS,
  CHALLENGE_STATUSES,
  OBJECTIVE_EVENT_TYPE_LABELS,
  OBJECTIVE_EVENT_TYPES,
  PAYMENT_TRIGGER_METHODS,
  PLACEMENT_STATISTICS,
  REWARD_TYPES,
} from './challenges';
import { REWARD_CURRENCIES, VIRTUAL_CURRENCIES, VOUCHER_TYPES } from './currency-options';
import {
  FLOW_NODE_TYPES,
  makeNodeId,
  NON_CHAINABLE_CONDITIONS,
  RECURRING_CONDITION_DEFAULTS,
  TIME_CONDITION_DEFAULTS,
} from './flow-nodes';
import { COMPARISON_OPERATORS, compareWith, playerCountChipColor, SEGMENT_ACTION_DEFAULTS } from './segments';
import { AGGREGATION_METHODS, aggregate, RESET_INTERVALS, STATISTIC_DEFAULTS } from './statistics';
import { SYSTEM_SEGMENT_NAMES, TIERS, tierByNumber, tierNumber, ZSystemSegmentName } from './tiers';
import { clampTriggerQuantity, TRIGGER_QUANTITY_LIMITS, VALUE_NODE_LIMITS } from './trigger-limits';

describe('challenges', () => {
  it('starts as an invisible draft', () => {
    expect(CHALLENGE_STATUSES).toEqual(['draft', 'staging', 'released']);
    expect(CHALLENGE_DEFAULTS).toMatchObject({ status: 'draft', visible: false, granted_quantity: 0 });
  });

  it('lists the reward and objective event types of spec 2 §3', () => {
    expect(REWARD_TYPES).toEqual(['badges', 'xp', 'level', 'cashback']);
    expect(OBJECTIVE_EVENT_TYPES).toHaveLength(13);
    expect(Object.keys(OBJECTIVE_EVENT_TYPE_LABELS)).toEqual([...OBJECTIVE_EVENT_TYPES]);
    expect(PLACEMENT_STATISTICS).toEqual(['totalOrderValue']);
    expect(PAYMENT_TRIGGER_METHODS).toEqual(['CARD', 'WALLET']);
  });

  it('has the currency options', () => {
    expect(REWARD_CURRENCIES).toEqual(['GBP', 'USD', 'EUR']);
    expect(VIRTUAL_CURRENCIES).toEqual(['vc1', 'vc2', 'vc3']);
    expect(VOUCHER_TYPES).toEqual(['discount', 'freeDelivery', 'freeProduct']);
  });
});

describe('flow nodes', () => {
  it('has the node types and condition defaults', () => {
    expect(FLOW_NODE_TYPES).toEqual(['objective', 'condition', 'reward']);
    expect(TIME_CONDITION_DEFAULTS).toEqual({ range_type: 'After', time: '12:00' });
    expect(RECURRING_CONDITION_DEFAULTS).toEqual({
      frequency: 'daily',
      interval: 1,
      day: 'monday',
      count: 1,
    });
    expect(NON_CHAINABLE_CONDITIONS).toHaveLength(5);
  });

  it('builds node ids from the type and 8 alphanumerics', () => {
    const id = makeNodeId('reward');
    expect(id).toMatch(/^reward[A-Za-z0-9]{8}$/);
    expect(makeNodeId('objective', () => 0)).toBe('objectiveAAAAAAAA');
    expect(makeNodeId('condition', () => 0.9999)).toBe('condition99999999');
  });
});

describe('trigger quantities', () => {
  it('has the limits of spec 2 §5', () => {
    expect(TRIGGER_QUANTITY_LIMITS.codeRedemption).toMatchObject({ min: 1, max: 999_999, default: 1 });
    expect(TRIGGER_QUANTITY_LIMITS.logins).toMatchObject({ max: 365, default: 0 });
    expect(TRIGGER_QUANTITY_LIMITS.placements).toMatchObject({ min: 1, max: 100 });
    expect(VALUE_NODE_LIMITS).toEqual({ max: 999_999_999, maxLength: 20 });
  });

  it('clamps entries, taking the absolute value for placements', () => {
    expect(clampTriggerQuantity('placements', -7)).toBe(7);
    expect(clampTriggerQuantity('placements', 250)).toBe(100);
    expect(clampTriggerQuantity('logins', 400)).toBe(365);
    expect(clampTriggerQuantity('codeRedemption', 0)).toBe(1);
    expect(clampTriggerQuantity('appPayment', 2.7)).toBe(2);
    expect(clampTriggerQuantity('value', 12.34)).toBe(12.34);
    expect(clampTriggerQuantity('currency', Number.NaN)).toBe(0);
  });
});

describe('segments', () => {
  it('compares with every operator', () => {
    expect(COMPARISON_OPERATORS).toHaveLength(6);
    expect(compareWith('EqualTo', 5, 5)).toBe(true);
    expect(compareWith('GreaterThan', 5, 5)).toBe(false);
    expect(compareWith('GreaterThanOrEqual', 5, 5)).toBe(true);
    expect(compareWith('LessThan', 4, 5)).toBe(true);
    expect(compareWith('LessThanOrEqual', 6, 5)).toBe(false);
    expect(compareWith('NotEqualTo', 6, 5)).toBe(true);
  });

  it('colours the player count chip: >100 success, >10 warning', () => {
    expect(playerCountChipColor(101)).toBe('success');
    expect(playerCountChipColor(100)).toBe('warning');
    expect(playerCountChipColor(11)).toBe('warning');
    expect(playerCountChipColor(10)).toBe('neutral');
  });

  it('defaults new actions to entered with quantity 1', () => {
    expect(SEGMENT_ACTION_DEFAULTS).toEqual({ trigger: 'entered', quantity: 1 });
  });

  it('has AllPlayers and one system segment per tier', () => {
    expect(TIERS).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    expect(SYSTEM_SEGMENT_NAMES).toEqual([
      'AllPlayers',
      'tierBronze',
      'tierSilver',
      'tierGold',
      'tierPlatinum',
      'tierDiamond',
    ]);
    expect(ZSystemSegmentName.safeParse('tierGold').success).toBe(true);
    expect(ZSystemSegmentName.safeParse('tierTin').success).toBe(false);
    expect(tierNumber('Bronze')).toBe(1);
    expect(tierByNumber(5)).toBe('Diamond');
    expect(tierByNumber(6)).toBeUndefined();
  });
});

describe('statistics', () => {
  it('defaults to Last and Manual', () => {
    expect(AGGREGATION_METHODS).toEqual(['Sum', 'Max', 'Min', 'Last']);
    expect(RESET_INTERVALS).toEqual(['Manual', 'Hour', 'Day', 'Week', 'Month']);
    expect(STATISTIC_DEFAULTS).toMatchObject({ aggregation_method: 'Last', reset_interval: 'Manual' });
  });

  it('aggregates values', () => {
    expect(aggregate('Sum', 3, 4)).toBe(7);
    expect(aggregate('Max', 3, 4)).toBe(4);
    expect(aggregate('Min', 3, 4)).toBe(3);
    expect(aggregate('Last', 3, 4)).toBe(4);
    expect(aggregate('Sum', undefined, 4)).toBe(4);
  });
});

describe('badges', () => {
  it('has the categories and default theme of spec 2', () => {
    expect(BADGE_CATEGORIES).toEqual(['Achievement', 'Milestone', 'Event-based']);
    expect(BADGE_DEFAULT_THEME).toEqual({
      primary: '#d2a023',
      name: '#d2a023',
      sub_copy: '#000000',
      background: '#FFFFFF',
      icon: '#FFFFFF',
    });
    expect(BADGE_DEFAULTS).toMatchObject({ quantity: 0, quantity_limited: false });
    expect(badgeQuantityType(true)).toBe('Limited');
    expect(badgeQuantityType(false)).toBe('Unlimited');
  });
});
