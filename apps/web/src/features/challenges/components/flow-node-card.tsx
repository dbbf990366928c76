import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import type { TChallengeNode } from '@/features/challenges/flow/graph';
import { NODE_SIZE } from '@/features/challenges/flow/layout';
import { NODE_APPEARANCE } from './node-appearance';

export type TFlowNodeCardData = {
  node: TChallengeNode;
  summary: string;
  errors: readonly string[];
  selected: boolean;
  /** Shown only on a node without a next node that has something to offer (spec 2 §2). */
  canAddNext: boolean;
  readOnly: boolean;
  onAddNext: (id: string) => void;
  onRemove: (id: string) => void;
};
export type TFlowNodeCard = Node<TFlowNodeCardData>;

/** Edges are drawn by the editor only: the handles are there for them to attach to, never to drag from. */
const hiddenHandle = {
  opacity: 0,
  pointerEvents: 'none',
  width: 1,
  height: 1,
  minWidth: 0,
  minHeight: 0,
} as const;

/** One node of the objective flow: its kind, title and settings in words, its problems, and what may follow it. */
export const FlowNodeCard = ({ data }: NodeProps<TFlowNodeCard>) => {
  const { node, summary, errors, selected, canAddNext, readOnly, onAddNext, onRemove } = data;
  const appearance = NODE_APPEARANCE[node.type];
  const NodeIcon = appearance.icon;
  const title = node.data.config.title?.trim();
  const color = errors.length > 0 ? 'red' : appearance.color;
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} style={hiddenHandle} />
      <Paper
        withBorder
        radius="md"
        shadow={selected ? 'md' : 'xs'}
        p="sm"
        w={NODE_SIZE.width}
        h={NODE_SIZE.height - 16}
        data-node-id={node.id}
        aria-label={`${node.data.name} node`}
        style={{
          cursor: 'pointer',
          borderColor: `var(--mantine-color-${color}-${selected ? 6 : 4})`,
          borderWidth: selected ? 2 : 1,
          borderLeftWidth: 5,
        }}
      >
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Group gap={6} wrap="nowrap" miw={0}>
              <ThemeIcon size={20} radius="sm" variant="light" color={appearance.color}>
                <NodeIcon size={14} aria-hidden />
              </ThemeIcon>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" truncate="end">
                {node.data.name}
              </Text>
            </Group>
            <Group gap={2} wrap="nowrap">
              {errors.length > 0 && (
                <Tooltip label={errors.join(' ')} multiline w={240} withArrow>
                  <ThemeIcon
                    size={20}
                    variant="transparent"
                    color="red"
                    aria-label={errors.join(' ')}
                    role="img"
                  >
                    <IconAlertTriangle size={16} aria-hidden />
                  </ThemeIcon>
                </Tooltip>
              )}
              {node.type === 'objective' && !readOnly && (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  className="nodrag nopan"
                  aria-label={`${CHALLENGE_TEXTS.removeObjective} ${title || node.data.name}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onRemove(node.id);
                  }}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Group>
          {title && (
            <Text size="sm" fw={600} truncate="end">
              {title}
            </Text>
          )}
          <Text size="sm" c="dimmed" truncate="end" title={summary}>
            {summary}
          </Text>
        </Stack>
      </Paper>
      {canAddNext && !readOnly && (
        <Group justify="center" mt={-12} style={{ position: 'relative', zIndex: 1 }}>
          <Tooltip label={CHALLENGE_TEXTS.addNextNode} withArrow>
            <ActionIcon
              radius="xl"
              size="md"
              variant="filled"
              color={appearance.color}
              className="nodrag nopan"
              aria-label={`${CHALLENGE_TEXTS.addNextNode} after ${title || node.data.name}`}
              onClick={(event) => {
                event.stopPropagation();
                onAddNext(node.id);
              }}
            >
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={hiddenHandle} />
    </>
  );
};
