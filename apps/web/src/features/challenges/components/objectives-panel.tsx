import { CHALLENGE_MESSAGES } from '@laurel/contract';
import { Button, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TChallengeNode } from '@/features/challenges/flow/graph';
import { TOP_LEFT_OVERLAY } from './canvas-overlay';

type TObjectivesPanelProps = {
  objectives: readonly TChallengeNode[];
  selectedId: string | null;
  readOnly: boolean;
  onAdd: () => void;
  onSelect: (id: string) => void;
};

/** 'Objectives' at the canvas's top left (spec 2 §2): the objectives so far and Add Objective. */
export const ObjectivesPanel = ({
  objectives,
  selectedId,
  readOnly,
  onAdd,
  onSelect,
}: TObjectivesPanelProps) => (
  <Paper
    withBorder
    shadow="sm"
    radius="md"
    p="sm"
    pos="absolute"
    top={12}
    left={12}
    w={220}
    style={{ zIndex: 5 }}
    role="region"
    aria-label={CHALLENGE_MESSAGES.objectivesTitle}
    {...{ [TOP_LEFT_OVERLAY]: '' }}
  >
    <Stack gap="xs">
      <Title order={2} fz="md">
        {CHALLENGE_MESSAGES.objectivesTitle}
      </Title>
      {objectives.map((objective, index) => (
        <UnstyledButton
          key={objective.id}
          onClick={() => onSelect(objective.id)}
          fz="sm"
          fw={objective.id === selectedId ? 700 : 400}
        >
          <Text size="sm" truncate="end" inherit>
            {index + 1}. {objective.data.config.title?.trim() || objective.data.name}
          </Text>
        </UnstyledButton>
      ))}
      {!readOnly && (
        <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          {CHALLENGE_MESSAGES.addObjective}
        </Button>
      )}
    </Stack>
  </Paper>
);
