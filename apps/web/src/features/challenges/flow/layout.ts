import { Graph, layout } from '@dagrejs/dagre';
import { FLOW_GRAPH } from '@laurel/contract';
import type { TChallengeGraph } from './graph';

/** Every node card has this size on the canvas; dagre places their centres. */
export const NODE_SIZE = { width: 260, height: 104 } as const;
const GAPS = { nodesep: 48, ranksep: 56 } as const;

/**
 * Places the nodes top to bottom (spec 2 §2: laid out automatically, never by hand), objectives side by side in the
 * order they were added. Positions are the top-left corners React Flow expects.
 */
export const layoutGraph = (graph: TChallengeGraph): TChallengeGraph => {
  const dagreGraph = new Graph();
  dagreGraph.setGraph({ rankdir: FLOW_GRAPH.direction, ...GAPS, marginx: 16, marginy: 16 });
  dagreGraph.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) dagreGraph.setNode(node.id, { ...NODE_SIZE });
  for (const edge of graph.edges) dagreGraph.setEdge(edge.source, edge.target);
  layout(dagreGraph);
  return {
    nodes: graph.nodes.map((node) => {
      const placed = dagreGraph.node(node.id);
      return {
        ...node,
        position: { x: placed.x - NODE_SIZE.width / 2, y: placed.y - NODE_SIZE.height / 2 },
      };
    }),
    edges: graph.edges,
  };
};
