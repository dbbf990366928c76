import { COMMON_MESSAGES } from '@laurel/contract';
import { Group, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The 'Please Wait...' modal with a spinner that long work shows (spec 1 §2.6, §2.16). It cannot be dismissed;
 * close it with `modals.close(id)` when the work settles.
 */
export const openPleaseWait = (label: string) =>
  modals.open({
    title: COMMON_MESSAGES.pleaseWait,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    size: 'sm',
    children: (
      <Group gap="md" py="sm" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    ),
  });
