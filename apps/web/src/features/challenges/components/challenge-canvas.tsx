import '@xyflow/react/dist/style.css';
import { FLOW_GRAPH } from '@laurel/contract';
import { Box, Text } from '@mantine/core';
import {
  Background,
  Controls,
  type Edge,
  MarkerType,
  type NodeTypes,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import { isLeaf, nextKindsAfter, type TChallengeGraph } from '@/features/challenges/flow/graph';
import { layoutGraph, NODE_SIZE } from '@/features/challenges/flow/layout';
import { nodeSummary } from '@/features/challenges/flow/node-summary';
import { FlowNodeCard, type TFlowNodeCard } from './flow-node-card';

const NODE_TYPES: NodeTypes = { objective: FlowNodeCard, condition: FlowNodeCard, reward: FlowNodeCard };

export type TChallengeCanvasProps = {
  graph: TChallengeGraph;
  selectedId: string | null;
  problems: Record<string, string[]>;
  currencySymbol: string;
  readOnly: boolean;
  onSelect: (id: string | null) => void;
  onAddNext: (id: string) => void;
  onRemove: (id: string) => void;
  /** Panels laid over the canvas (the Objectives panel top left, the node's settings on the right). */
  children?: ReactNode;
};

/** Fits the flow into view whenever nodes come or go, never closer than zoom 1. */
const FitOnChange = ({ count }: { count: number }) => {
  const flow = useReactFlow();
  useEffect(() => {
    if (count === 0) return;
    const frame = requestAnimationFrame(
      () => void flow.fitView({ maxZoom: FLOW_GRAPH.maxZoom, padding: 0.2 }),
    );
    return () => cancelAnimationFrame(frame);
  }, [count, flow]);
  return null;
};

/**
 * The objective flow (spec 2 §2): laid out top to bottom automatically; nodes cannot be dragged and edges cannot be
 * drawn by hand; zoom at most 1 and never by the scroll wheel (the wheel pans).
 */
export const ChallengeCanvas = (props: TChallengeCanvasProps) => {
  const { graph, selectedId, problems, currencySymbol, readOnly, onSelect, onAddNext, onRemove, children } =
    props;
  const placed = useMemo(() => layoutGraph(graph), [graph]);
  const nodes = useMemo<TFlowNodeCard[]>(
    () =>
      placed.nodes.map((node) => ({
        id: node.id,
        type: node.type,
        position: node.position,
        // Known sizes: the flow is laid out and fitted without waiting for the browser to measure the cards.
        width: NODE_SIZE.width,
        height: NODE_SIZE.height,
        draggable: false,
        connectable: false,
        selectable: true,
        data: {
          node,
          summary: nodeSummary(node, currencySymbol),
          errors: problems[node.id] ?? [],
          selected: node.id === selectedId,
          canAddNext: isLeaf(placed, node.id) && nextKindsAfter(placed, node.id).length > 0,
          readOnly,
          onAddNext,
          onRemove,
        },
      })),
    [placed, problems, selectedId, currencySymbol, readOnly, onAddNext, onRemove],
  );
  const edges = useMemo<Edge[]>(
    () =>
      placed.edges.map((edge) => ({
        ...edge,
        type: 'smoothstep',
        selectable: false,
        markerEnd: { type: MarkerType.ArrowClosed },
      })),
    [placed.edges],
  );

  return (
    <Box
      pos="relative"
      // As tall as the window allows, so that a long chain reads at a useful zoom.
      h="max(560px, calc(100dvh - 190px))"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      role="region"
      aria-label={CHALLENGE_TEXTS.canvasLabel}
    >
      <ReactFlowProvider>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          nodesDraggable={FLOW_GRAPH.nodesDraggable}
          nodesConnectable={FLOW_GRAPH.nodesConnectable}
          edgesFocusable={false}
          zoomOnScroll={FLOW_GRAPH.zoomOnScroll}
          panOnScroll
          maxZoom={FLOW_GRAPH.maxZoom}
          minZoom={0.2}
          fitView
          fitViewOptions={{ maxZoom: FLOW_GRAPH.maxZoom, padding: 0.2 }}
          deleteKeyCode={null}
          onNodeClick={(_event, node) => onSelect(node.id)}
          onPaneClick={() => onSelect(null)}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
          <FitOnChange count={graph.nodes.length} />
        </ReactFlow>
      </ReactFlowProvider>
      {graph.nodes.length === 0 && (
        <Text
          c="dimmed"
          size="sm"
          ta="center"
          pos="absolute"
          top="50%"
          left={0}
          right={0}
          style={{ pointerEvents: 'none' }}
        >
          {CHALLENGE_TEXTS.emptyCanvas}
        </Text>
      )}
      {children}
    </Box>
  );
};
