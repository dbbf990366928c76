import { BUTTON_LABELS, SEGMENT_MESSAGES, type TSegment } from '@laurel/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useDeleteSegment } from '@/features/segments/api';
import { deleteConfirmTitle, SEGMENT_TEXTS } from '@/features/segments/segment-format';

/**
 * Delete after a confirmation that says what players lose (spec 2 §2). On success the segment leaves the list; a
 * failure opens 'Failed to delete segment' with the server's message (through the mutation's error title).
 */
export const useDeleteSegmentAction = () => {
  const remove = useDeleteSegment();

  const confirmDelete = (segment: TSegment) =>
    modals.openConfirmModal({
      title: deleteConfirmTitle(segment.name),
      children: <Text size="sm">{SEGMENT_MESSAGES.deleteWarning}</Text>,
      labels: { confirm: 'Delete', cancel: BUTTON_LABELS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(segment._id, {
          onSuccess: (result) =>
            notifications.show({
              color: 'teal',
              message: result.message || SEGMENT_TEXTS.deleted,
              autoClose: 3000,
            }),
        }),
    });

  return {
    confirmDelete,
    /** The segment whose delete is under way, so that its row can show it. */
    busyId: remove.isPending ? remove.variables : undefined,
  };
};
