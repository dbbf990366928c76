import { Alert, Button } from '@mantine/core';
import { IconArrowLeft, IconLock, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';

/** How a 'Back to …' control above an editor's heading looks, whether a link or a button (nav-button.tsx). */
export const BACK_BUTTON_LOOK = {
  variant: 'subtle',
  color: 'gray',
  size: 'compact-sm',
  leftSection: <IconArrowLeft size={16} aria-hidden />,
  w: 'fit-content',
  px: 6,
} as const;

/** The small 'Back to …' link above an editor's heading. */
export const BackButton = ({ to, children }: { to: string; children: ReactNode }) => (
  <Button component={Link} to={to} {...BACK_BUTTON_LOOK}>
    {children}
  </Button>
);

/** Why the form below cannot be changed (a system record, or a missing permission). */
export const ReadOnlyNote = ({ maw, children }: { maw?: number; children: ReactNode }) => (
  <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />} maw={maw}>
    {children}
  </Alert>
);

/** A record that cannot be loaded sends the user back to its list; the message modal says why. */
export const useBackToListWhenFailed = (failed: boolean, listPath: string) => {
  const navigate = useNavigate();
  useEffect(() => {
    if (failed) void navigate(listPath, { replace: true });
  }, [failed, listPath, navigate]);
};

/** An editor's 'Delete' beside its heading; the caller asks for a confirmation first. */
export const DeleteButton = ({ loading, onClick }: { loading?: boolean; onClick: () => void }) => (
  <Button
    variant="subtle"
    color="red"
    leftSection={<IconTrash size={16} aria-hidden />}
    loading={loading}
    onClick={onClick}
  >
    Delete
  </Button>
);
