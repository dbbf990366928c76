import { BADGE_MESSAGES, COMMON_MESSAGES, type TBadge } from '@laurel/contract';
import { useDeleteBadge } from '@/features/badges/api';
import { deleteConfirmText, deleteConfirmTitle } from '@/features/badges/badge-format';
import { openConfirmModal } from '@/ui/confirm-modal';
import { openMessageModal } from '@/ui/message-modal';

/**
 * Delete after a confirmation; success opens 'Success!' with the spec's text, a failure opens the spec's title with
 * the server's message (through the mutation's error title).
 */
export const useConfirmDeleteBadge = () => {
  const remove = useDeleteBadge();
  const confirmDelete = (badge: TBadge) =>
    openConfirmModal({
      title: deleteConfirmTitle(badge.name),
      text: deleteConfirmText,
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
