import { describe, expect, it } from 'vitest';
import {
  addNodeAfter,
  addObjective,
  createNode,
  EMPTY_GRAPH,
  isLeaf,
  nextKindsAfter,
  objectiveTrees,
  removeTree,
  type TChallengeGraph,
} from './graph';
import { layoutGraph, NODE_SIZE } from './layout';

/** A chain built the way the editor builds it: an objective, then each kind added under the last node. */
const chain = (graph: TChallengeGraph, kinds: Parameters<typeof createNode>[0][]) => {
  const [first, ...rest] = kinds;
  if (!first) return { graph, ids: [] as string[] };
  const root = createNode(first);
  let next = addObjective(graph, root);
  const ids = [root.id];
  for (const kind of rest) {
    const node = createNode(kind);
    next = addNodeAfter(next, ids.at(-1) as string, node);
    ids.push(node.id);
  }
  return { graph: next, ids };
};

describe('challenge flow graph', () => {
  it('names a new node by its type and 8 random alphanumerics, with its kind and default config', () => {
    const objective = createNode('orderValue');
    expect(objective.id).toMatch(/^objective[A-Za-z0-9]{8}$/);
    expect(objective.data).toMatchObject({
      node_type: 'orderValue',
      name: 'Order Value',
      config: { title: 'Order Value', trigger: { trigger_quantity: 0 } },
    });
    expect(createNode('time').id).toMatch(/^condition[A-Za-z0-9]{8}$/);
    expect(createNode('time').data.config).toEqual({ range_type: 'After', time: '12:00' });
    expect(createNode('date_range').data.config).toMatchObject({ range_type: 'duration' });
    expect(createNode('xp').id).toMatch(/^reward[A-Za-z0-9]{8}$/);
    const ids = new Set(Array.from({ length: 50 }, () => createNode('xp').id));
    expect(ids.size).toBe(50);
  });

  it('links an added node to the node it was added from; only a node without a next one is a leaf', () => {
    const { graph, ids } = chain(EMPTY_GRAPH, ['orderValue', 'value', 'badges']);
    expect(graph.edges.map((edge) => [edge.source, edge.target])).toEqual([
      [ids[0], ids[1]],
      [ids[1], ids[2]],
    ]);
    expect(isLeaf(graph, ids[0] as string)).toBe(false);
    expect(isLeaf(graph, ids[2] as string)).toBe(true);
  });

  it('offers what the chain allows under its last node', () => {
    const { graph, ids } = chain(EMPTY_GRAPH, ['orderValue', 'value', 'payment_method']);
    expect(nextKindsAfter(graph, ids[0] as string)).not.toContain('payment_method');
    const afterPayment = nextKindsAfter(graph, ids[2] as string);
    expect(afterPayment).toContain('date_range');
    expect(afterPayment).not.toContain('payment_method');
    expect(afterPayment).not.toContain('value');
    expect(afterPayment).not.toContain('orderValue');
  });

  it('removes an objective with everything downstream and their edges, leaving other objectives', () => {
    const first = chain(EMPTY_GRAPH, ['orderValue', 'value', 'badges']);
    const second = chain(first.graph, ['numberOfLogins', 'xp']);
    const left = removeTree(second.graph, first.ids[0] as string);
    expect(left.nodes.map((node) => node.id)).toEqual(second.ids);
    expect(left.edges).toHaveLength(1);
    expect(objectiveTrees(left).map((tree) => tree.nodes.map((node) => node.data.node_type))).toEqual([
      ['xp'],
    ]);
  });

  it('lays chains out top to bottom, objectives side by side, without overlaps', () => {
    const first = chain(EMPTY_GRAPH, ['orderValue', 'value', 'badges']);
    const second = chain(first.graph, ['numberOfLogins', 'xp']);
    const placed = layoutGraph(second.graph);
    const at = (id: string) => placed.nodes.find((node) => node.id === id)?.position ?? { x: NaN, y: NaN };
    const [a, b, c] = first.ids.map(at);
    expect(a?.y).toBeLessThan(b?.y ?? 0);
    expect(b?.y).toBeLessThan(c?.y ?? 0);
    expect(a?.x).toBe(b?.x);
    expect(Math.abs((at(second.ids[0] as string).x ?? 0) - (a?.x ?? 0))).toBeGreaterThanOrEqual(
      NODE_SIZE.width,
    );
    expect(at(second.ids[0] as string).y).toBe(a?.y);
  });
});
