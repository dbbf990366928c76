import '@xyflow/react/dist/style.css';
import { FLOW_GRAPH } from '@laurel/contract';
import { Box, Text, useComputedColorScheme } from '@mantine/core';
import {
  Background,
  Controls,
  type Edge,
  getNodesBounds,
  MarkerType,
  type NodeTypes,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import { isLeaf, nextKindsAfter, type TChallengeGraph } from '@/features/challenges/flow/graph';
import { layoutGraph, NODE_SIZE } from '@/features/challenges/flow/layout';
import { nodeSummary } from '@/features/challenges/flow/node-summary';
import { TOP_LEFT_OVERLAY } from './canvas-overlay';
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

/** The smallest zoom a card stays readable at; a longer flow is scrolled (the wheel pans) rather than shrunk. */
const READABLE_ZOOM = 0.75;
const PADDING = 0.15;

/**
 * The fit's padding: the usual share of the canvas, but where a centred flow would reach under the top-left panel (a
 * phone's narrow canvas) the flow starts below it, so that the first objective is not hidden behind its own list.
 */
const fitPadding = (box: HTMLDivElement | null, flowWidth: number) => {
  const panel = box?.querySelector<HTMLElement>(`[${TOP_LEFT_OVERLAY}]`);
  if (!box || !panel) return PADDING;
  const flowLeft = (box.clientWidth - flowWidth) / 2;
  if (flowLeft >= panel.offsetLeft + panel.offsetWidth) return PADDING;
  return { top: `${panel.offsetTop + panel.offsetHeight + 12}px`, x: '5%', bottom: '5%' } as const;
};

/**
 * Whenever nodes come or go: the whole flow in view (never closer than zoom 1) if it fits at a readable zoom,
 * else the selected node (the one just added) centred at that zoom.
 */
const FitOnChange = ({
  count,
  selectedId,
  container,
}: {
  count: number;
  selectedId: string | null;
  container: RefObject<HTMLDivElement | null>;
}) => {
  const flow = useReactFlow();
  const selected = useRef(selectedId);
  selected.current = selectedId;
  useEffect(() => {
    if (count === 0) return;
    const frame = requestAnimationFrame(() => {
      const box = container.current;
      const bounds = getNodesBounds(flow.getNodes());
      const room = 1 - 2 * PADDING;
      const fits =
        !box ||
        (bounds.width * READABLE_ZOOM <= box.clientWidth * room &&
          bounds.height * READABLE_ZOOM <= box.clientHeight * room);
      const focus = selected.current ? flow.getNode(selected.current) : undefined;
      if (fits || !focus) {
        const padding = fitPadding(box, Math.min(bounds.width, box ? box.clientWidth * room : bounds.width));
        void flow.fitView({ maxZoom: FLOW_GRAPH.maxZoom, minZoom: READABLE_ZOOM, padding });
        return;
      }
      void flow.setCenter(focus.position.x + NODE_SIZE.width / 2, focus.position.y + NODE_SIZE.height / 2, {
        zoom: READABLE_ZOOM,
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [count, flow, container]);
  return null;
};

/**
 * The objective flow (spec 2 §2): laid out top to bottom automatically; nodes cannot be dragged and edges cannot be
 * drawn by hand; zoom at most 1 and never by the scroll wheel (the wheel pans).
 */
export const ChallengeCanvas = (props: TChallengeCanvasProps) => {
  const { graph, selectedId, problems, currencySymbol, readOnly, onSelect, onAddNext, onRemove, children } =
    props;
  const container = useRef<HTMLDivElement>(null);
  const colorScheme = useComputedColorScheme('light');
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
      ref={container}
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
          // Its controls and attribution follow the console's scheme (white boxes on the dark canvas otherwise).
          colorMode={colorScheme}
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
          <FitOnChange count={graph.nodes.length} selectedId={selectedId} container={container} />
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
