import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type TProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Recovery codes are on screen: they are shown once, so a stray click outside or Escape must not lose them. */
  showingCodes: boolean;
  children: ReactNode;
};

/** The dialog around a two-factor step that ends by showing recovery codes. */
export const TwoFactorModal = ({ opened, onClose, title, showingCodes, children }: TProps) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={title}
    size="md"
    closeOnClickOutside={!showingCodes}
    closeOnEscape={!showingCodes}
  >
    {children}
  </Modal>
);
