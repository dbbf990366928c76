import { BUTTON_LABELS, COMMON_MESSAGES, STATISTIC_MESSAGES, type TStatistic } from '@laurel/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useDeleteStatistic, useResetStatistic } from '@/features/statistics/api';
import {
  deleteConfirmText,
  deleteConfirmTitle,
  resetConfirmText,
  resetConfirmTitle,
  STATISTIC_TEXTS,
} from '@/features/statistics/statistic-format';
import { openMessageModal } from '@/ui/message-modal';

/**
 * Delete and Reset, each after a confirmation. Success opens 'Success' with the spec's text; a failure opens the
 * spec's title with the server's message (through the mutations' error titles).
 */
export const useStatisticActions = () => {
  const remove = useDeleteStatistic();
  const reset = useResetStatistic();

  const confirmDelete = (statistic: TStatistic) =>
    modals.openConfirmModal({
      title: deleteConfirmTitle(statistic.name),
      children: <Text size="sm">{deleteConfirmText}</Text>,
      labels: { confirm: 'Delete', cancel: BUTTON_LABELS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(statistic._id, {
          onSuccess: () =>
            openMessageModal({ title: COMMON_MESSAGES.success, message: STATISTIC_MESSAGES.deleted }),
        }),
    });

  const confirmReset = (statistic: TStatistic) =>
    modals.openConfirmModal({
      title: resetConfirmTitle(statistic.name),
      children: <Text size="sm">{resetConfirmText(statistic)}</Text>,
      labels: { confirm: BUTTON_LABELS.reset, cancel: BUTTON_LABELS.cancel },
      confirmProps: { color: 'orange' },
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
