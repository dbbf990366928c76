import { SEGMENT_MESSAGES, type TSegment } from '@laurel/contract';
import { notifications } from '@mantine/notifications';
import { useDeleteSegment } from '@/features/segments/api';
import { deleteConfirmTitle, SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { openConfirmModal } from '@/ui/confirm-modal';

/**
 * Delete after a confirmation that says what players lose (spec 2 §2). On success the segment leaves the list; a
 * failure opens 'Failed to delete segment' with the server's message (through the mutation's error title).
 */
export const useDeleteSegmentAction = () => {
  const remove = useDeleteSegment();

  const confirmDelete = (segment: TSegment) =>
    openConfirmModal({
      title: deleteConfirmTitle(segment.name),
      text: SEGMENT_MESSAGES.deleteWarning,
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
