import { describe, expect, it } from 'vitest';
import { validateChallenge } from '@/features/challenges/challenge-validation';
import { challengeFixture } from '@/features/challenges/test-server';
import {
  detailsOf,
  graphOf,
  newDetails,
  type TChallengeDetails,
  toChallengeBody,
} from './challenge-form-values';
import {
  addNodeAfter,
  addObjective,
  createNode,
  EMPTY_GRAPH,
  type TChallengeGraph,
  updateConfig,
} from './flow/graph';

const details = (overrides: Partial<TChallengeDetails> = {}): TChallengeDetails => ({
  ...newDetails('2026-12-01'),
  title: 'Card Spree',
  end_date: '2026-12-31',
  ...overrides,
});

/** Order Value -> Value -> Badges, with the given configs. */
const orderValueChain = () => {
  const objective = createNode('orderValue');
  const value = createNode('value');
  const badge = createNode('badges');
  let graph: TChallengeGraph = addObjective(EMPTY_GRAPH, objective);
  graph = addNodeAfter(graph, objective.id, value);
  graph = addNodeAfter(graph, value.id, badge);
  graph = updateConfig(graph, objective.id, { title: 'Big spender', trigger: { trigger_quantity: 200 } });
  graph = updateConfig(graph, value.id, { value: '200' });
  return { graph, objective, value, badge };
};

describe('challenge save checks (spec 2 §5)', () => {
  it('needs a title, a start day and an end day not before it, compared by day', () => {
    const graph = EMPTY_GRAPH;
    const missing = validateChallenge(toChallengeBody(details({ title: ' ', end_date: null }), graph), graph);
    expect(missing.messages).toEqual(['Title is required', 'End date is required']);
    expect(missing.byField).toMatchObject({ title: 'Title is required', end_date: 'End date is required' });

    const backwards = details({ start_date: '2026-12-10', end_date: '2026-12-09' });
    expect(validateChallenge(toChallengeBody(backwards, graph), graph).messages).toEqual([
      'End date cannot be earlier than the start date',
    ]);
    const sameDay = details({ start_date: '2026-12-10', end_date: '2026-12-10' });
    expect(validateChallenge(toChallengeBody(sameDay, graph), graph).messages).toEqual([]);
    expect(
      validateChallenge(toChallengeBody(details({ title: 'x'.repeat(121) }), graph), graph).messages,
    ).toEqual(['Title must not be more than 120 characters']);
  });

  it('lists every problem of the flow once and marks the node it belongs to', () => {
    const { graph, objective, badge } = orderValueChain();
    const tooMany = updateConfig(graph, objective.id, {
      title: 'Big spender',
      trigger: { trigger_quantity: 1_000_000_000 },
    });
    const problems = validateChallenge(toChallengeBody(details({ title: '' }), tooMany), tooMany);
    expect(problems.messages).toEqual([
      'Title is required',
      'Select a badge for the badge reward',
      'Trigger quantity must be between 0 and 999999999',
    ]);
    expect(problems.byNode[badge.id]).toEqual(['Select a badge for the badge reward']);
    expect(problems.byNode[objective.id]).toEqual(['Trigger quantity must be between 0 and 999999999']);
  });

  it('holds each kind to its bounds: logins up to 365, a product node needs products', () => {
    const logins = createNode('numberOfLogins');
    const products = createNode('product_category');
    let graph = addObjective(EMPTY_GRAPH, logins);
    graph = addNodeAfter(graph, logins.id, products);
    graph = updateConfig(graph, logins.id, { title: 'Regular', trigger: { trigger_quantity: 366 } });
    const problems = validateChallenge(toChallengeBody(details(), graph), graph);
    expect(problems.messages).toContain('Select at least one product or category');
    expect(problems.byNode[products.id]).toContain('Select at least one product or category');
    // The product node's own trigger quantity (1) replaces the objective's.
    expect(problems.messages).not.toContain('Trigger quantity must be between 0 and 365');
  });

  it('keeps node titles to 120 characters', () => {
    const { graph, objective, badge } = orderValueChain();
    const long = updateConfig(updateConfig(graph, badge.id, { value: 'f'.repeat(24) }), objective.id, {
      title: 'x'.repeat(121),
      trigger: { trigger_quantity: 200 },
    });
    const problems = validateChallenge(toChallengeBody(details(), long), long);
    expect(problems.messages).toEqual(['Objective title must not be more than 120 characters']);
  });

  it('passes a complete challenge, whose body carries the flow as drawn', () => {
    const { graph, badge } = orderValueChain();
    const ready = updateConfig(graph, badge.id, {
      value: 'f'.repeat(24),
      labels: { ['f'.repeat(24)]: 'Gold' },
    });
    const body = toChallengeBody(details(), ready);
    expect(validateChallenge(body, ready).messages).toEqual([]);
    expect(body).toMatchObject({
      title: 'Card Spree',
      status: 'draft',
      visible: false,
      schedule: { start_date: '2026-12-01', end_date: '2026-12-31' },
    });
    const { flow } = body as { flow: { nodes: unknown[]; edges: unknown[] } };
    expect(flow.nodes).toHaveLength(3);
    expect(flow.edges).toHaveLength(2);
  });

  it("reads a saved schedule's days in the business's time zone, so a save sends back the same days", () => {
    // The server stores a day as its start and end in the business's zone: 10-20 Dec in Los Angeles.
    const saved = challengeFixture({
      schedule: { start_date: '2026-12-10T08:00:00.000Z', end_date: '2026-12-21T07:59:59.999Z' },
    });
    expect(detailsOf(saved, 'America/Los_Angeles')).toMatchObject({
      start_date: '2026-12-10',
      end_date: '2026-12-20',
    });
    // Read in Auckland's zone the same end is the 21st, a day late: a browser's own zone must not decide.
    expect(detailsOf(saved, 'Pacific/Auckland')).toMatchObject({ end_date: '2026-12-21' });
    const body = toChallengeBody(detailsOf(saved, 'America/Los_Angeles'), graphOf(saved));
    expect(body).toMatchObject({ schedule: { start_date: '2026-12-10', end_date: '2026-12-20' } });
  });

  it('opens a saved challenge as it was drawn, leaving out kinds it does not know', () => {
    const saved = challengeFixture();
    expect(detailsOf(saved)).toMatchObject({ title: 'Summer Spree', status: 'released', visible: true });
    expect(graphOf(saved).nodes.map((node) => node.data.node_type)).toEqual([
      'orderValue',
      'value',
      'payment_method',
      'badges',
    ]);
    const odd = challengeFixture({
      flow: {
        nodes: [
          ...saved.flow.nodes,
          { ...saved.flow.nodes[0], id: 'odd', data: { node_type: 'mystery', name: '', config: {} } },
        ],
        edges: [...saved.flow.edges, { id: 'x', source: 'rewardCCCC3333', target: 'odd' }],
      },
    } as never);
    const graph = graphOf(odd);
    expect(graph.nodes).toHaveLength(4);
    expect(graph.edges).toHaveLength(3);
  });
});
