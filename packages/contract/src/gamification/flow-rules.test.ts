import { describe, expect, it } from 'vitest';
import {
  FLOW_NODE_DEFINITIONS,
  flowNodeDefinition,
  invalidFlowNodes,
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

  it('lists the nodes of a saved graph that break the rules, each chain at its first bad node', () => {
    const node = (id: string, type: string, kind: string) => ({ id, type, data: { node_type: kind } });
    const edge = (source: string, target: string) => ({ source, target });
    const nodes = [
      node('o1', 'objective', 'orderValue'),
      node('c1', 'condition', 'value'),
      node('c2', 'condition', 'payment_method'),
      node('r1', 'reward', 'xp'),
      node('o2', 'objective', 'numberOfLogins'),
      node('c3', 'condition', 'time'),
      node('r2', 'reward', 'badges'),
    ];
    const valid = [edge('o1', 'c1'), edge('c1', 'c2'), edge('c2', 'r1'), edge('c1', 'c3'), edge('o2', 'r2')];
    expect(invalidFlowNodes({ nodes, edges: valid })).toEqual([]);
    // time cannot follow an objective; the badge below it is not listed again.
    const timeFirst = [...valid.slice(0, 3), edge('o2', 'c3'), edge('c3', 'r2')];
    expect(invalidFlowNodes({ nodes, edges: timeFirst })).toEqual([5]);
    // A condition with no objective above it (what hangs below it is not listed again), a node with two edges
    // into it, and a reward on its own.
    const loose = [edge('c1', 'c2'), edge('c1', 'c3'), edge('o1', 'r1'), edge('o2', 'r1')];
    expect(invalidFlowNodes({ nodes, edges: loose })).toEqual([1, 3, 6]);
    // An objective below another node, a loop, an unknown kind, a kind of another type.
    expect(
      invalidFlowNodes({ nodes: nodes.slice(0, 2), edges: [edge('c1', 'o1'), edge('o1', 'c1')] }),
    ).toEqual([0]);
    expect(
      invalidFlowNodes({ nodes: [node('x', 'objective', 'nope'), node('y', 'reward', 'value')], edges: [] }),
    ).toEqual([0, 1]);
  });
});
