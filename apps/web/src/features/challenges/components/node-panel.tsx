import { BUTTON_LABELS, type TObjectiveEventType } from '@laurel/contract';
import { ActionIcon, Alert, Button, Group, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconRestore, IconTrash, IconX } from '@tabler/icons-react';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import type { TChallengeNode } from '@/features/challenges/flow/graph';
import type { TNodeConfig } from '@/features/challenges/flow/node-config';
import { ConditionFields } from './condition-fields';
import { NODE_APPEARANCE } from './node-appearance';
import { ObjectiveFields } from './objective-fields';
import { ProductCategoryFields } from './product-category-fields';
import { RewardFields } from './reward-fields';

type TNodePanelProps = {
  node: TChallengeNode;
  eventType: TObjectiveEventType | null;
  problems: readonly string[];
  currencySymbol: string;
  readOnly: boolean;
  onChange: (config: TNodeConfig) => void;
  onReset: () => void;
  onRemove: () => void;
  onClose: () => void;
};

/** The selected node's settings, laid over the canvas's right side. */
export const NodePanel = (props: TNodePanelProps) => {
  const { node, eventType, problems, currencySymbol, readOnly, onChange, onReset, onRemove, onClose } = props;
  const fieldsProps = { node, config: node.data.config, eventType, currencySymbol, readOnly, onChange };
  const NodeIcon = NODE_APPEARANCE[node.type].icon;
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      pos="absolute"
      top={12}
      right={12}
      w={340}
      mah="calc(100% - 24px)"
      style={{ zIndex: 5, display: 'flex', flexDirection: 'column' }}
      role="region"
      aria-label={CHALLENGE_TEXTS.nodeSettings}
    >
      <Group justify="space-between" p="sm" pb={0} wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <NodeIcon size={18} aria-hidden />
          <Title order={2} fz="md">
            {node.data.name}
          </Title>
        </Group>
        <ActionIcon variant="subtle" color="gray" aria-label="Close node settings" onClick={onClose}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <ScrollArea.Autosize mah={500} type="auto" offsetScrollbars>
        <Stack gap="sm" p="sm">
          <Text size="xs" c="dimmed">
            {node.id}
          </Text>
          {problems.length > 0 && (
            <Alert color="red" variant="light" p="xs">
              <List size="sm" spacing={2}>
                {problems.map((problem) => (
                  <List.Item key={problem}>{problem}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {node.type === 'objective' && <ObjectiveFields {...fieldsProps} />}
          {node.data.node_type === 'product_category' && <ProductCategoryFields {...fieldsProps} />}
          {node.type === 'condition' && node.data.node_type !== 'product_category' && (
            <ConditionFields {...fieldsProps} />
          )}
          {node.type === 'reward' && <RewardFields {...fieldsProps} />}
        </Stack>
      </ScrollArea.Autosize>
      {!readOnly && (
        <Group justify="space-between" p="sm" pt={0}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRestore size={14} aria-hidden />}
            onClick={onReset}
          >
            {BUTTON_LABELS.reset}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
          >
            {BUTTON_LABELS.remove}
          </Button>
        </Group>
      )}
    </Paper>
  );
};
