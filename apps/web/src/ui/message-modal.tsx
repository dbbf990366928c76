import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export type TMessageModal = {
  title: string;
  message: string;
  /** Label of the closing button. */
  closeLabel?: string;
  onClose?: () => void;
};

/** The one modal for every failure and success message (spec 1 §8): a title and the server's message. */
export const openMessageModal = ({ title, message, closeLabel = 'OK', onClose }: TMessageModal) => {
  const modalId = modals.open({
    title,
    size: 'md',
    onClose,
    children: (
      <Stack gap="lg">
        <Text style={{ whiteSpace: 'pre-line' }}>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)} data-autofocus>
            {closeLabel}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return modalId;
};
