import {
  flowNodeDefinition,
  makeNodeId,
  nextNodeKinds,
  type TFlowNodeKind,
  type TFlowNodeType,
} from '@laurel/contract';
import { defaultConfigOf, type TNodeConfig } from './node-config';

/** The flow graph of spec 2 §3: nodes with their kind and config, edges from a node to the next. */
export type TFlowNodeData = { node_type: TFlowNodeKind; name: string; config: TNodeConfig };
export type TChallengeNode = {
  id: string;
  type: TFlowNodeType;
  position: { x: number; y: number };
  data: TFlowNodeData;
};
export type TChallengeEdge = { id: string; source: string; target: string };
export type TChallengeGraph = { nodes: TChallengeNode[]; edges: TChallengeEdge[] };

export const EMPTY_GRAPH: TChallengeGraph = { nodes: [], edges: [] };

/** A new node: its type followed by 8 random alphanumerics as id (spec 2 §2), its kind's default config. */
export const createNode = (kind: TFlowNodeKind, random: () => number = Math.random): TChallengeNode => {
  const definition = flowNodeDefinition(kind);
  return {
    id: makeNodeId(definition.type, random),
    type: definition.type,
    position: { x: 0, y: 0 },
    data: { node_type: kind, name: definition.name, config: defaultConfigOf(kind) },
  };
};

export const edgeBetween = (source: string, target: string): TChallengeEdge => ({
  id: `${source}->${target}`,
  source,
  target,
});

export const addObjective = (graph: TChallengeGraph, node: TChallengeNode): TChallengeGraph => ({
  nodes: [...graph.nodes, node],
  edges: graph.edges,
});

/** Adds `node` after `fromId` and links them (spec 2 §2: the new node is linked to the node it was added from). */
export const addNodeAfter = (
  graph: TChallengeGraph,
  fromId: string,
  node: TChallengeNode,
): TChallengeGraph => ({
  nodes: [...graph.nodes, node],
  edges: [...graph.edges, edgeBetween(fromId, node.id)],
});

export const childrenOf = (graph: TChallengeGraph, id: string) =>
  graph.edges.filter((edge) => edge.source === id).map((edge) => edge.target);

const parentOf = (graph: TChallengeGraph, id: string) =>
  graph.edges.find((edge) => edge.target === id)?.source;

/** The node and everything downstream of it, in breadth-first order. */
export const treeOf = (graph: TChallengeGraph, rootId: string): string[] => {
  const seen = new Set<string>([rootId]);
  const queue = [rootId];
  for (let index = 0; index < queue.length; index += 1) {
    for (const child of childrenOf(graph, queue[index] as string)) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return queue;
};

/** Removes a node, everything downstream and their edges (spec 2 §4). */
export const removeTree = (graph: TChallengeGraph, rootId: string): TChallengeGraph => {
  const gone = new Set(treeOf(graph, rootId));
  return {
    nodes: graph.nodes.filter((node) => !gone.has(node.id)),
    edges: graph.edges.filter((edge) => !gone.has(edge.source) && !gone.has(edge.target)),
  };
};

export const nodeById = (graph: TChallengeGraph, id: string) => graph.nodes.find((node) => node.id === id);

/** The path from the node's objective down to the node. */
export const pathTo = (graph: TChallengeGraph, id: string): TChallengeNode[] => {
  const path: TChallengeNode[] = [];
  const seen = new Set<string>();
  let current: string | undefined = id;
  while (current !== undefined && !seen.has(current)) {
    seen.add(current);
    const node = nodeById(graph, current);
    if (node) path.unshift(node);
    current = parentOf(graph, current);
  }
  return path;
};

/** What the add-next-node button under a node offers, by its chain's allow and disallow lists. */
export const nextKindsAfter = (graph: TChallengeGraph, id: string) =>
  nextNodeKinds(pathTo(graph, id).map((node) => node.data.node_type));

/** A node with no outgoing edge shows the add-next-node button (spec 2 §2). */
export const isLeaf = (graph: TChallengeGraph, id: string) => !graph.edges.some((edge) => edge.source === id);

export const objectivesOf = (graph: TChallengeGraph) =>
  graph.nodes.filter((node) => node.type === 'objective');

/** Each objective with the nodes reachable from it (spec 2 §4: on save it collects its conditions and rewards). */
export const objectiveTrees = (graph: TChallengeGraph) =>
  objectivesOf(graph).map((objective) => ({
    objective,
    nodes: treeOf(graph, objective.id)
      .slice(1)
      .map((id) => nodeById(graph, id))
      .filter((node): node is TChallengeNode => node !== undefined),
  }));

export const updateConfig = (graph: TChallengeGraph, id: string, config: TNodeConfig): TChallengeGraph => ({
  nodes: graph.nodes.map((node) => (node.id === id ? { ...node, data: { ...node.data, config } } : node)),
  edges: graph.edges,
});
