import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

type TFormSectionProps = {
  title: string;
  description?: string;
  /** Buttons on the right of the title ('Add Rule', 'Add Action'). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A titled box of the segment editor; its title names the region for assistive technology. */
export const FormSection = ({ title, description, actions, children }: TFormSectionProps) => {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title id={id} order={2} fz="h4">
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};

const RemoveButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button
    variant="subtle"
    color="red"
    size="compact-sm"
    leftSection={<IconTrash size={14} aria-hidden />}
    // The summary beside the label gives way on a narrow screen; the button never does.
    style={{ flexShrink: 0 }}
    // The visible word stays at the start of the name; the rest says which one (WCAG 2.5.3).
    aria-label={`${BUTTON_LABELS.remove} ${label.toLowerCase()}`}
    onClick={onClick}
  >
    {BUTTON_LABELS.remove}
  </Button>
);

type TItemCardProps = {
  /** 'Rule 1', 'Action 2': also the group's accessible name. */
  label: string;
  /** Beside the label: what the item does, in a few words. */
  summary?: ReactNode;
  onRemove?: (() => void) | undefined;
  children: ReactNode;
};

/** One rule or action in its section: a labelled group with its own Remove button. */
export const ItemCard = ({ label, summary, onRemove, children }: TItemCardProps) => (
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
        {onRemove && <RemoveButton label={label} onClick={onRemove} />}
      </Group>
      {children}
    </Stack>
  </Paper>
);
