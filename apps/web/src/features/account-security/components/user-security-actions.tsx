import { Button, Group } from '@mantine/core';
import { IconLogout, IconShieldOff } from '@tabler/icons-react';
import { useResetUserMfa, useRevokeUserSessions } from '@/features/account-security/api';
import { openConfirmModal } from '@/ui/confirm-modal';
import { openMessageModal } from '@/ui/message-modal';
import { SectionCard } from '@/ui/section-card';

type TProps = { userId: string; fullName: string };

/** What an admin can do about another user's sign-in: reset their second factor, sign them out everywhere. */
export const UserSecurityActions = ({ userId, fullName }: TProps) => {
  const reset = useResetUserMfa();
  const signOut = useRevokeUserSessions();
  const done = (message: string) => openMessageModal({ title: 'Done', message });
  return (
    <SectionCard
      title="Sign-in security"
      description="For a lost phone or a device left signed in. Both are recorded in the audit log."
    >
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconShieldOff size={16} aria-hidden />}
          loading={reset.isPending}
          onClick={() =>
            openConfirmModal({
              title: 'Reset two-factor sign-in?',
              text: `${fullName} signs in with their password alone until they set two-factor up again (at once, if your business requires it).`,
              confirmLabel: 'Reset two-factor',
              onConfirm: () => reset.mutate(userId, { onSuccess: done }),
            })
          }
        >
          Reset two-factor
        </Button>
        <Button
          variant="default"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={signOut.isPending}
          onClick={() =>
            openConfirmModal({
              title: 'Sign out everywhere?',
              text: `Every session of ${fullName} ends at once, on every device.`,
              confirmLabel: 'Sign out everywhere',
              onConfirm: () => signOut.mutate(userId, { onSuccess: done }),
            })
          }
        >
          Sign out everywhere
        </Button>
      </Group>
    </SectionCard>
  );
};
