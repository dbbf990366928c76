import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BACK_BUTTON_LOOK } from '@/ui/editor-page';

/**
 * A button that opens another console page, where the spec names it a button ('an Add Reward Track button',
 * 'A Back to Reward Tracks button'): a real button (its role is button, not link), looking like LinkButton.
 */
export const NavButton = ({
  to,
  state,
  icon: Icon = IconPlus,
  children,
}: {
  to: string;
  /** Router state handed to the page opened (as a Link's `state`). */
  state?: unknown;
  icon?: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  children: ReactNode;
}) => {
  const navigate = useNavigate();
  return (
    <Button leftSection={<Icon size={18} aria-hidden />} onClick={() => void navigate(to, { state })}>
      {children}
    </Button>
  );
};

/** The small 'Back to …' button above an editor's heading (BackButton's look, a button's role). */
export const BackNavButton = ({ to, children }: { to: string; children: ReactNode }) => {
  const navigate = useNavigate();
  return (
    <Button {...BACK_BUTTON_LOOK} onClick={() => void navigate(to)}>
      {children}
    </Button>
  );
};
