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

/**
 * Ask before a destructive action: the title, a line of what it does, Cancel and the red action. The action runs at
 * most once per opening: the dialog stays on screen while it closes (Mantine keeps its buttons through the closing
 * transition), so a double-click's second click lands on the action again, and a click after Cancel or Escape lands
 * on a question already answered; both do nothing. `onClose` too is told once.
 */
export const openConfirmModal = ({
  title,
  text,
  onConfirm,
  confirmLabel = 'Delete',
  color = 'red',
  cancelLabel = BUTTON_LABELS.cancel,
  onClose,
}: TConfirm) => {
  // Set by the action and by any close (Mantine confirms first, then closes), not by a re-render: the second click
  // can come before React has re-rendered anything, when Mantine, which finds the dialog in its last render, would
  // close it a second time.
  let answered = false;
  let closed = false;
  return modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color },
    // The page behind a question is hidden while it is asked (ui/inert-behind-modals.ts): a row's 'Delete Espresso'
    // is then not a second match for the dialog's 'Delete'.
    className: HIDES_PAGE_CLASS,
    onConfirm: () => {
      if (answered) return;
      answered = true;
      onConfirm();
    },
    onClose: () => {
      answered = true;
      if (closed) return;
      closed = true;
      onClose?.();
    },
  });
};
