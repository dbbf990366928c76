import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { LazyTooltip } from '@/ui/lazy-tooltip';

type TProfileSectionProps = {
  title: string;
  /** Buttons on the right of the title (edit, add…). */
  actions?: ReactNode;
  children: ReactNode;
};

/** A titled box of the customer profile; its title names the region for assistive technology. */
export const ProfileSection = ({ title, actions, children }: TProfileSectionProps) => {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      h="100%"
    >
      <Stack gap="md">
        {/* On a phone a long action ('Issue Subscription') goes under the title instead of out of the box. */}
        <Group justify="space-between" align="center" gap="xs" mih={28} data-testid="profile-section-header">
          <Title id={id} order={2} fz="h4">
            {title}
          </Title>
          {actions && (
            <Group gap={6} wrap="nowrap">
              {actions}
            </Group>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};

/** The empty text of a box with nothing in it yet. */
export const EmptyText = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" py="xs">
    {children}
  </Text>
);

type TEditControlsProps = {
  /** What is edited, for the buttons' accessible names ('personal information'). */
  subject: string;
  editing: boolean;
  busy?: boolean;
  canConfirm: boolean;
  onEdit: () => void;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Pencil to edit; in edit mode a tick to confirm and a cross to cancel (spec 1 §2.11). */
export const EditControls = ({
  subject,
  editing,
  busy = false,
  canConfirm,
  onEdit,
  onConfirm,
  onCancel,
}: TEditControlsProps) =>
  editing ? (
    <>
      <LazyTooltip label="Save">
        <ActionIcon
          variant="light"
          color="teal"
          aria-label={`Save ${subject}`}
          loading={busy}
          disabled={!canConfirm}
          onClick={onConfirm}
        >
          <IconCheck size={18} aria-hidden />
        </ActionIcon>
      </LazyTooltip>
      <LazyTooltip label="Cancel">
        <ActionIcon
          variant="light"
          color="gray"
          aria-label={`Cancel editing ${subject}`}
          disabled={busy}
          onClick={onCancel}
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </LazyTooltip>
    </>
  ) : (
    <LazyTooltip label="Edit">
      <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${subject}`} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </LazyTooltip>
  );
