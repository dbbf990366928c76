import {
  BUTTON_LABELS,
  CHALLENGE_MESSAGES,
  COMMON_MESSAGES,
  deleteChallengeTitle,
  type TChallengeListItem,
} from '@laurel/contract';
import { useDeleteChallenge } from '@/features/challenges/api';
import { openConfirmModal } from '@/ui/confirm-modal';
import { openMessageModal } from '@/ui/message-modal';

/**
 * Delete after the spec's confirmation (Cancel or Continue); success opens 'Success!' with 'Successfully deleted
 * challenge.', a failure the spec's title with the server's message (through the mutation's error title).
 */
export const useConfirmDeleteChallenge = () => {
  const remove = useDeleteChallenge();
  const confirmDelete = (challenge: Pick<TChallengeListItem, '_id' | 'title'>, onDeleted?: () => void) =>
    openConfirmModal({
      title: deleteChallengeTitle(challenge.title),
      text: CHALLENGE_MESSAGES.deleteWarning,
      confirmLabel: BUTTON_LABELS.continue,
      onConfirm: () =>
        remove.mutate(challenge._id, {
          onSuccess: () => {
            openMessageModal({
              title: COMMON_MESSAGES.successExclaimed,
              message: CHALLENGE_MESSAGES.deleted,
            });
            onDeleted?.();
          },
        }),
    });
  return {
    confirmDelete,
    /** The challenge whose delete is under way, so that its row can show it. */
    busyId: remove.isPending ? remove.variables : undefined,
  };
};
