import {
  CHALLENGE_MESSAGES,
  FLOW_NODE_CATEGORIES,
  flowNodeDefinition,
  type TFlowNodeDefinition,
  type TFlowNodeKind,
} from '@laurel/contract';
import { Modal, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CHALLENGE_TEXTS } from '@/features/challenges/challenge-texts';
import { NODE_APPEARANCE } from './node-appearance';

/** The picker's groups: by category, each sorted by name (spec 2 §2). */
export const groupNodeKinds = (kinds: readonly TFlowNodeKind[], search = '') => {
  const wanted = search.trim().toLowerCase();
  const definitions = kinds
    .map(flowNodeDefinition)
    .filter((definition) => wanted === '' || definition.name.toLowerCase().includes(wanted));
  return FLOW_NODE_CATEGORIES.map((category) => ({
    category,
    nodes: definitions
      .filter((definition) => definition.category === category)
      .sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((group) => group.nodes.length > 0);
};

const NodeOption = ({ node, onPick }: { node: TFlowNodeDefinition; onPick: () => void }) => {
  const appearance = NODE_APPEARANCE[node.type];
  const NodeIcon = appearance.icon;
  return (
    <UnstyledButton
      onClick={onPick}
      p="sm"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)', display: 'flex', gap: 10, alignItems: 'center' }}
    >
      <ThemeIcon variant="light" color={appearance.color} radius="sm">
        <NodeIcon size={18} aria-hidden />
      </ThemeIcon>
      <Text size="sm" fw={500}>
        {node.name}
      </Text>
    </UnstyledButton>
  );
};

type TNodePickerModalProps = {
  opened: boolean;
  /** The kinds that may be added here (the allow and disallow lists already applied). */
  kinds: readonly TFlowNodeKind[];
  onPick: (kind: TFlowNodeKind) => void;
  onClose: () => void;
};

/** 'Nodes': what may be added, grouped by category and sorted by name in two columns; the spec's empty text. */
export const NodePickerModal = ({ opened, kinds, onPick, onClose }: TNodePickerModalProps) => {
  const [search, setSearch] = useState('');
  const groups = groupNodeKinds(kinds, search);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CHALLENGE_MESSAGES.nodesTitle}
      size="lg"
      onExitTransitionEnd={() => setSearch('')}
    >
      <Stack gap="md">
        {kinds.length > 6 && (
          <TextInput
            aria-label={CHALLENGE_TEXTS.searchNodes}
            placeholder={CHALLENGE_TEXTS.searchNodes}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
        )}
        {groups.length === 0 && <Text c="dimmed">{CHALLENGE_MESSAGES.noNodes}</Text>}
        {groups.map((group) => (
          <Stack key={group.category} gap="xs" role="group" aria-label={group.category}>
            <Title order={3} fz="sm" c="dimmed" tt="uppercase">
              {group.category}
            </Title>
            <SimpleGrid cols={2} spacing="xs">
              {group.nodes.map((node) => (
                <NodeOption key={node.kind} node={node} onPick={() => onPick(node.kind)} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
};
