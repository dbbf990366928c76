import { BUTTON_LABELS } from '@laurel/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { HIDES_PAGE_CLASS } from '@/ui/inert-behind-modals';

type TConfirm = {
  title: string;
  text: ReactNode;
  onConfirm: () => void;
  /** 'Delete' unless told. */
  confirmLabel?: string;
  /** Red unless told. */
  color?: string;
  /** 'Cancel' unless told: another word where the action itself is a cancel ('Keep it'). */
  cancelLabel?: string;
  /** However the dialog closes: the action, Cancel, Escape or a click beside it. */
  onClose?: () => void;
};

/** Ask before a destructive action: the title, a line of what it does, Cancel and the red action. */
export const openConfirmModal = ({
  title,
  text,
  onConfirm,
  confirmLabel = 'Delete',
  color = 'red',
  cancelLabel = BUTTON_LABELS.cancel,
  onClose,
}: TConfirm) =>
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color },
    // The page behind a question is hidden while it is asked (ui/inert-behind-modals.ts): a row's 'Delete Espresso'
    // is then not a second match for the dialog's 'Delete'.
    className: HIDES_PAGE_CLASS,
    onConfirm,
    ...(onClose ? { onClose } : {}),
  });
