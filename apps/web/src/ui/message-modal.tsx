import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export type TMessageModal = {
  title: string;
  message: string;
  /** Label of the closing button. */
  closeLabel?: string;
  onClose?: () => void;
};

/**
 * The one modal for every failure and success message (spec 1 §8): a title and the server's message. The same
 * title and message while that modal is open is the same news (a page's list and summary failing for one
 * reason): it opens nothing more, so one failure never stacks two modals over the page.
 */
export const openMessageModal = ({ title, message, closeLabel = 'OK', onClose }: TMessageModal) => {
  // Mantine's modals ignore an open request for an id that is already open.
  const modalId = `message-modal:${title}\n${message}`;
  modals.open({
    modalId,
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
