import { BUTTON_LABELS, COMMON_MESSAGES, STATISTIC_MESSAGES, type TStatistic } from '@laurel/contract';
import { useDeleteStatistic, useResetStatistic } from '@/features/statistics/api';
import {
  deleteConfirmText,
  deleteConfirmTitle,
  resetConfirmText,
  resetConfirmTitle,
  STATISTIC_TEXTS,
} from '@/features/statistics/statistic-format';
import { openConfirmModal } from '@/ui/confirm-modal';
import { openMessageModal } from '@/ui/message-modal';

/**
 * Delete and Reset, each after a confirmation. Success opens 'Success' with the spec's text; a failure opens the
 * spec's title with the server's message (through the mutations' error titles).
 */
export const useStatisticActions = () => {
  const remove = useDeleteStatistic();
  const reset = useResetStatistic();

  const confirmDelete = (statistic: TStatistic) =>
    openConfirmModal({
      title: deleteConfirmTitle(statistic.name),
      text: deleteConfirmText,
      onConfirm: () =>
        remove.mutate(statistic._id, {
          onSuccess: () =>
            openMessageModal({ title: COMMON_MESSAGES.success, message: STATISTIC_MESSAGES.deleted }),
        }),
    });

  const confirmReset = (statistic: TStatistic) =>
    openConfirmModal({
      title: resetConfirmTitle(statistic.name),
      text: resetConfirmText(statistic),
      confirmLabel: BUTTON_LABELS.reset,
      color: 'orange',
      onConfirm: () =>
        reset.mutate(statistic._id, {
          onSuccess: (result) =>
            openMessageModal({
              title: COMMON_MESSAGES.success,
              message: STATISTIC_TEXTS.resetDone(result.content.name),
            }),
        }),
    });

  return {
    confirmDelete,
    confirmReset,
    /** The statistic whose delete or reset is under way, so that its row can show it. */
    busyId: remove.isPending ? remove.variables : reset.isPending ? reset.variables : undefined,
  };
};
