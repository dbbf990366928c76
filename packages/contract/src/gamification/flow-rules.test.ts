import { describe, expect, it } from 'vitest';
import {
  FLOW_NODE_DEFINITIONS,
  flowNodeDefinition,
  isValidChain,
  mayFollow,
  nextNodeKinds,
} from './flow-rules';

const NON_CHAINABLE = ['unique', 'date_range', 'time', 'first_occurrence', 'payment_method'] as const;

describe('flow node rules (spec 2 §4)', () => {
  it('defines every objective event type, condition kind and reward type once, each in its category', () => {
    const kinds = FLOW_NODE_DEFINITIONS.map((node) => node.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toHaveLength(13 + 9 + 4);
    expect(flowNodeDefinition('orderValue')).toMatchObject({ type: 'objective', category: 'Objectives' });
    expect(flowNodeDefinition('date_range')).toMatchObject({ type: 'condition', name: 'Date Range' });
    expect(flowNodeDefinition('xp')).toMatchObject({
      type: 'reward',
      category: 'Rewards',
      name: 'XP Points',
    });
  });

  it('keeps unique, date range, time, first occurrence and payment method away from objectives', () => {
    for (const kind of NON_CHAINABLE) expect(mayFollow('orderValue', kind)).toBe(false);
    expect(mayFollow('orderValue', 'trigger_quantity')).toBe(true);
    expect(mayFollow('orderValue', 'product_category')).toBe(true);
    expect(mayFollow('orderValue', 'value')).toBe(true);
    expect(mayFollow('orderValue', 'badges')).toBe(true);
    expect(mayFollow('orderValue', 'basketValue')).toBe(false);
  });

  it('lets those conditions follow other conditions but not themselves', () => {
    for (const kind of NON_CHAINABLE) {
      expect(mayFollow(kind, kind)).toBe(false);
      expect(mayFollow('value', kind)).toBe(true);
    }
    expect(mayFollow('date_range', 'payment_method')).toBe(true);
    expect(mayFollow('value', 'value')).toBe(true);
  });

  it('follows a reward only with rewards, cashback included', () => {
    for (const reward of ['badges', 'xp', 'level', 'cashback'] as const) {
      expect(mayFollow(reward, 'xp')).toBe(true);
      expect(mayFollow(reward, 'value')).toBe(false);
      expect(mayFollow(reward, 'orderValue')).toBe(false);
    }
  });

  it('offers objectives first, then what the last node allows less conditions already in the chain', () => {
    expect(nextNodeKinds([])).toHaveLength(13);
    const afterValue = nextNodeKinds(['orderValue', 'value']);
    expect(afterValue).toContain('payment_method');
    expect(afterValue).not.toContain('value');
    expect(afterValue).toContain('badges');
    expect(nextNodeKinds(['orderValue', 'value', 'payment_method', 'time'])).not.toContain('payment_method');
    expect(nextNodeKinds(['orderValue', 'badges'])).toEqual(['badges', 'xp', 'level', 'cashback']);
  });

  it('checks a whole chain the way the editor builds it', () => {
    expect(isValidChain(['orderValue', 'value', 'payment_method', 'date_range', 'badges', 'xp'])).toBe(true);
    expect(isValidChain(['orderValue', 'payment_method'])).toBe(false);
    expect(isValidChain(['value', 'badges'])).toBe(false);
    expect(isValidChain(['orderValue', 'xp', 'value'])).toBe(false);
    expect(isValidChain([])).toBe(false);
  });
});
