import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionCard } from '@/ui/section-card';

type TItemListSectionProps = {
  title: string;
  description?: string;
  /** 'Add Rule', 'Add Action': shown unless read-only, disabled once the list is full. */
  addLabel: string;
  onAdd: () => void;
  full: boolean;
  readOnly: boolean;
  /** Said in place of the list while it is empty. */
  emptyText: string;
  isEmpty: boolean;
  /** Under the list: a note on how its items work. */
  footer?: ReactNode;
  children: ReactNode;
};

/** A section of the segment editor holding a list of rules or actions, with its Add button. */
export const ItemListSection = ({
  title,
  description,
  addLabel,
  onAdd,
  full,
  readOnly,
  emptyText,
  isEmpty,
  footer,
  children,
}: TItemListSectionProps) => (
  <SectionCard
    title={title}
    description={description}
    actions={
      !readOnly && (
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onAdd}
          disabled={full}
        >
          {addLabel}
        </Button>
      )
    }
  >
    {isEmpty ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : (
      children
    )}
    {footer}
  </SectionCard>
);

/**
 * An action's is named 'Remove' as the spec gives it (spec 2 §2, 'a Remove button per action'); its card's group says
 * which one. A rule's has another name, so that 'Remove' names only the actions' buttons.
 */
const RemoveButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button
    variant="subtle"
    color="red"
    size="compact-sm"
    leftSection={<IconTrash size={14} aria-hidden />}
    // The summary beside the label gives way on a narrow screen; the button never does.
    style={{ flexShrink: 0 }}
    onClick={onClick}
  >
    {label}
  </Button>
);

type TItemCardProps = {
  /** 'Rule 1', 'Action 2': also the group's accessible name. */
  label: string;
  /** Beside the label: what the item does, in a few words. */
  summary?: ReactNode;
  onRemove?: (() => void) | undefined;
  /** The remove button's label: the spec's 'Remove' unless given. */
  removeLabel?: string;
  children: ReactNode;
};

/** One rule or action in its section: a labelled group with its own Remove button. */
export const ItemCard = ({
  label,
  summary,
  onRemove,
  removeLabel = BUTTON_LABELS.remove,
  children,
}: TItemCardProps) => (
  <Paper
    role="group"
    aria-label={label}
    withBorder
    radius="md"
    p="md"
    bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
  >
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="nowrap" mih={28}>
        <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <Text fw={650} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          {summary}
        </Group>
        {onRemove && <RemoveButton label={removeLabel} onClick={onRemove} />}
      </Group>
      {children}
    </Stack>
  </Paper>
);
