import { BADGE_MESSAGES, BUTTON_LABELS, COMMON_MESSAGES, type TBadge } from '@laurel/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useDeleteBadge } from '@/features/badges/api';
import { deleteConfirmText, deleteConfirmTitle } from '@/features/badges/badge-format';
import { openMessageModal } from '@/ui/message-modal';

/**
 * Delete after a confirmation; success opens 'Success!' with the spec's text, a failure opens the spec's title with
 * the server's message (through the mutation's error title).
 */
export const useConfirmDeleteBadge = () => {
  const remove = useDeleteBadge();
  const confirmDelete = (badge: TBadge) =>
    modals.openConfirmModal({
      title: deleteConfirmTitle(badge.name),
      children: <Text size="sm">{deleteConfirmText}</Text>,
      labels: { confirm: 'Delete', cancel: BUTTON_LABELS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(badge._id, {
          onSuccess: () =>
            openMessageModal({ title: COMMON_MESSAGES.successExclaimed, message: BADGE_MESSAGES.deleted }),
        }),
    });
  return {
    confirmDelete,
    /** The badge whose delete is under way, so that its row can show it. */
    busyId: remove.isPending ? remove.variables : undefined,
  };
};
