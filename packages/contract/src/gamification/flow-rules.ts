import {
  OBJECTIVE_EVENT_TYPE_LABELS,
  OBJECTIVE_EVENT_TYPES,
  REWARD_TYPE_LABELS,
  REWARD_TYPES,
  type TObjectiveEventType,
  type TRewardType,
} from './challenges';
import {
  CONDITION_KIND_LABELS,
  CONDITION_KINDS,
  NON_CHAINABLE_CONDITIONS,
  type TConditionKind,
  type TFlowNodeType,
} from './flow-nodes';

/**
 * What a flow node is (its `data.node_type`): an objective's event type, a condition kind or a reward type. The
 * three lists share no name, so the kind alone says the node's type.
 */
export type TFlowNodeKind = TObjectiveEventType | TConditionKind | TRewardType;

export type TFlowNodeCategory = 'Objectives' | 'Conditions' | 'Rewards';
export const FLOW_NODE_CATEGORIES: readonly TFlowNodeCategory[] = ['Objectives', 'Conditions', 'Rewards'];
const CATEGORY_OF_TYPE: Record<TFlowNodeType, TFlowNodeCategory> = {
  objective: 'Objectives',
  condition: 'Conditions',
  reward: 'Rewards',
};

/** What may follow a node: `allow` lists node types, `disallow` removes types or single kinds from them. */
export type TFlowNodeRules = {
  allow: readonly TFlowNodeType[];
  disallow: readonly (TFlowNodeType | TFlowNodeKind)[];
};

export type TFlowNodeDefinition = TFlowNodeRules & {
  kind: TFlowNodeKind;
  type: TFlowNodeType;
  name: string;
  category: TFlowNodeCategory;
};

const nonChainable = new Set<TFlowNodeKind>(NON_CHAINABLE_CONDITIONS);

/**
 * Spec 2 §4: objectives disallow the conditions that cannot follow them (unique, date range, time, first occurrence,
 * payment method) and other objectives; those conditions cannot follow themselves either; rewards are followed only
 * by rewards. The spec lists no restriction for cashback; it ends a chain like every reward, since a condition or an
 * objective after a reward would belong to no objective.
 */
const rulesOf = (type: TFlowNodeType, kind: TFlowNodeKind): TFlowNodeRules => {
  if (type === 'objective')
    return { allow: ['condition', 'reward'], disallow: ['objective', ...nonChainable] };
  if (type === 'reward') return { allow: ['reward'], disallow: ['objective', 'condition'] };
  return {
    allow: ['condition', 'reward'],
    disallow: nonChainable.has(kind) ? ['objective', kind] : ['objective'],
  };
};

const define = (type: TFlowNodeType, kind: TFlowNodeKind, name: string): TFlowNodeDefinition => ({
  kind,
  type,
  name,
  category: CATEGORY_OF_TYPE[type],
  ...rulesOf(type, kind),
});

/** Every node the picker offers. */
export const FLOW_NODE_DEFINITIONS: readonly TFlowNodeDefinition[] = [
  ...OBJECTIVE_EVENT_TYPES.map((kind) => define('objective', kind, OBJECTIVE_EVENT_TYPE_LABELS[kind])),
  ...CONDITION_KINDS.map((kind) => define('condition', kind, CONDITION_KIND_LABELS[kind])),
  ...REWARD_TYPES.map((kind) => define('reward', kind, REWARD_TYPE_LABELS[kind])),
];

const BY_KIND = new Map(FLOW_NODE_DEFINITIONS.map((definition) => [definition.kind, definition]));

export const isFlowNodeKind = (kind: string): kind is TFlowNodeKind => BY_KIND.has(kind as TFlowNodeKind);

export const flowNodeDefinition = (kind: TFlowNodeKind): TFlowNodeDefinition => {
  const definition = BY_KIND.get(kind);
  if (!definition) throw new Error(`Unknown flow node kind '${kind}'`);
  return definition;
};

/** Whether a node of kind `next` may follow a node of kind `from` by their allow and disallow lists. */
export const mayFollow = (from: TFlowNodeKind, next: TFlowNodeKind) => {
  const rules = flowNodeDefinition(from);
  const candidate = flowNodeDefinition(next);
  return (
    rules.allow.includes(candidate.type) &&
    !rules.disallow.includes(candidate.type) &&
    !rules.disallow.includes(candidate.kind)
  );
};

/**
 * The kinds the add-next-node button offers after the last node of a chain. `chain` is the objective's chain from
 * the objective down to that node: a condition sets one thing of its objective, so a kind already in the chain is
 * not offered again (which also keeps the non-chainable conditions from following themselves further down).
 */
export const nextNodeKinds = (chain: readonly TFlowNodeKind[]): TFlowNodeKind[] => {
  const last = chain.at(-1);
  if (last === undefined)
    return FLOW_NODE_DEFINITIONS.filter((node) => node.type === 'objective').map((n) => n.kind);
  const used = new Set(chain);
  return FLOW_NODE_DEFINITIONS.filter(
    (node) => mayFollow(last, node.kind) && !(node.type === 'condition' && used.has(node.kind)),
  ).map((node) => node.kind);
};

/** Whether a whole chain (objective first) respects the rules, as the API checks a saved graph. */
export const isValidChain = (chain: readonly TFlowNodeKind[]) =>
  chain.length > 0 &&
  flowNodeDefinition(chain[0] as TFlowNodeKind).type === 'objective' &&
  chain.every((kind, index) => index === 0 || nextNodeKinds(chain.slice(0, index)).includes(kind));

/** A saved flow graph as far as the rules look at it. */
export type TFlowShape = {
  nodes: readonly { id: string; type: string; data: { node_type: string } }[];
  edges: readonly { source: string; target: string }[];
};

/**
 * The nodes of a saved graph that break the rules (spec 2 §4), by position in `nodes`: a node of an unknown kind or
 * of another type than its kind's, a node with two edges into it or in a loop, and the first node of each chain
 * (its objective first) that may not follow the nodes above it by isValidChain. The nodes below a broken one are
 * not listed again. Edges to or from a node not in the graph are left out, as the editor leaves them out.
 */
export const invalidFlowNodes = (flow: TFlowShape): number[] => {
  const position = new Map(flow.nodes.map((node, index) => [node.id, index]));
  const parents = new Map<string, string[]>();
  for (const edge of flow.edges) {
    if (position.has(edge.source) && position.has(edge.target))
      parents.set(edge.target, [...(parents.get(edge.target) ?? []), edge.source]);
  }
  const invalid = new Set<number>();
  // Each node's chain from its objective, or null when it is broken at the node or above it.
  const chains = new Map<string, TFlowNodeKind[] | null>();
  const chainOf = (id: string, visiting: Set<string>): TFlowNodeKind[] | null => {
    const known = chains.get(id);
    if (known !== undefined) return known;
    const index = position.get(id) as number;
    if (visiting.has(id)) {
      invalid.add(index);
      return null;
    }
    visiting.add(id);
    const node = flow.nodes[index] as TFlowShape['nodes'][number];
    const kind = node.data.node_type;
    const above = parents.get(id) ?? [];
    let chain: TFlowNodeKind[] | null = null;
    if (!isFlowNodeKind(kind) || flowNodeDefinition(kind).type !== node.type || above.length > 1) {
      invalid.add(index);
    } else {
      const upper = above.length === 0 ? [] : chainOf(above[0] as string, visiting);
      if (upper !== null) {
        chain = [...upper, kind];
        if (!isValidChain(chain)) {
          invalid.add(index);
          chain = null;
        }
      }
    }
    chains.set(id, chain);
    return chain;
  };
  for (const node of flow.nodes) chainOf(node.id, new Set());
  return [...invalid].sort((a, b) => a - b);
};
