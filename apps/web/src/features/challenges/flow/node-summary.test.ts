import { describe, expect, it } from 'vitest';
import { groupNodeKinds } from '@/features/challenges/components/node-picker-modal';
import { createNode, type TChallengeNode } from './graph';
import type { TNodeConfig } from './node-config';
import { nodeSummary } from './node-summary';

const withConfig = (kind: Parameters<typeof createNode>[0], config: TNodeConfig): TChallengeNode => {
  const node = createNode(kind);
  return { ...node, data: { ...node.data, config: { ...node.data.config, ...config } } };
};

describe('node cards in words', () => {
  it('shows values in the client currency and counts as numbers', () => {
    expect(nodeSummary(withConfig('orderValue', { trigger: { trigger_quantity: 200 } }), 'R')).toBe(
      'Target: R200',
    );
    expect(nodeSummary(withConfig('numberOfLogins', { trigger: { trigger_quantity: 5 } }), 'R')).toBe(
      'Target: 5',
    );
    expect(nodeSummary(withConfig('value', { value: '150' }), '£')).toBe('At least £150');
  });

  it('names the chosen methods, days, times and rewards', () => {
    const card = withConfig('payment_method', { scopes: [{ type: 'payment_method', value: 'CARD' }] });
    expect(nodeSummary(card, 'R')).toBe('Credit/Debit Card');
    expect(nodeSummary(withConfig('date_range', { days: 7 }), 'R')).toBe('Within 7 days');
    expect(
      nodeSummary(
        withConfig('date_range', { range_type: 'between', start_date: '2026-12-01', end_date: '2026-12-31' }),
        'R',
      ),
    ).toBe('1 Dec 2026 – 31 Dec 2026');
    expect(nodeSummary(createNode('time'), 'R')).toBe('After 12:00');
    expect(nodeSummary(withConfig('xp', { value: 50 }), 'R')).toBe('50 XP');
    expect(nodeSummary(createNode('badges'), 'R')).toBe('No badge');
    expect(nodeSummary(withConfig('badges', { value: 'b1', labels: { b1: 'Gold Star' } }), 'R')).toBe(
      'Gold Star',
    );
    expect(nodeSummary(withConfig('cashback', { value: 2.5 }), 'R')).toBe('Percentage 2.5%');
  });
});

describe('the Nodes picker', () => {
  it('groups by category in order, each sorted by name, and finds by name', () => {
    const groups = groupNodeKinds(['xp', 'value', 'badges', 'date_range', 'orderValue', 'basketValue']);
    expect(groups.map((group) => [group.category, group.nodes.map((node) => node.name)])).toEqual([
      ['Objectives', ['Basket Value', 'Order Value']],
      ['Conditions', ['Date Range', 'Value']],
      ['Rewards', ['Badges', 'XP Points']],
    ]);
    expect(groupNodeKinds(['xp', 'value'], 'xp').map((group) => group.category)).toEqual(['Rewards']);
    expect(groupNodeKinds([], '')).toEqual([]);
  });
});
