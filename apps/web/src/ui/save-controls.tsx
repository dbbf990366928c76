import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

/**
 * An editor's Save (DESIGN §7): disabled until something is edited, with 'Unsaved changes' beside it meanwhile.
 * A submit button of the form around it.
 */
export const SaveControls = ({
  edited,
  submitting,
  gap = 'sm',
}: {
  edited: boolean;
  submitting: boolean;
  gap?: 'xs' | 'sm';
}) => (
  <Group gap={gap}>
    {edited && (
      <Text size="xs" c="dimmed">
        Unsaved changes
      </Text>
    )}
    <Button
      type="submit"
      disabled={!edited}
      loading={submitting}
      leftSection={<IconDeviceFloppy size={18} aria-hidden />}
    >
      {BUTTON_LABELS.save}
    </Button>
  </Group>
);
