import { Paper, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { securityPolicyQuery, useUpdateSecurityPolicy } from '@/features/account-security/api';
import { openConfirmModal } from '@/ui/confirm-modal';

/** What each change of the policy asks first: it changes how every user of the business signs in. */
const CONFIRM = {
  on: {
    title: 'Require two-factor sign-in?',
    text: 'Every user then signs in with a code from an authenticator app. Users without it set it up at their next sign-in, before they enter the console, and nobody can turn it off for themselves.',
    confirmLabel: 'Require two-factor',
    color: 'orange',
  },
  off: {
    title: 'Stop requiring two-factor sign-in?',
    text: 'Users who have not set up two-factor sign in with their password alone again, and every user may turn their own two-factor off.',
    confirmLabel: 'Stop requiring',
    color: 'red',
  },
} as const;

/** The business's policy (admins, Users page): every staff user must sign in with two-factor. */
export const SecurityPolicySwitch = () => {
  const policy = useQuery(securityPolicyQuery);
  const update = useUpdateSecurityPolicy();
  const saved = policy.data?.mfa_required ?? false;
  // What the admin confirmed shows from the confirmation itself (a controlled switch whose state waited for the
  // mutation's would flip back for a moment), until the saved policy says the same or the save fails.
  const [wanted, setWanted] = useState<boolean | null>(null);
  useEffect(() => {
    if (wanted !== null && saved === wanted) setWanted(null);
  }, [saved, wanted]);
  // The switch stays as it is while the question is open: Cancel leaves the policy, and sends nothing.
  const confirmChange = (next: boolean) =>
    openConfirmModal({
      ...CONFIRM[next ? 'on' : 'off'],
      onConfirm: () => {
        setWanted(next);
        update.mutate(next, { onError: () => setWanted(null) });
      },
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label="Require two-factor sign-in for every user"
        description="Users without it set it up right after their password, before they enter the console."
        checked={wanted ?? saved}
        disabled={!policy.data || update.isPending}
        onChange={(event) => confirmChange(event.currentTarget.checked)}
      />
      {policy.data?.mfa_required && (
        <Text size="xs" c="dimmed" mt="xs">
          Required: nobody can turn it off for themselves.
        </Text>
      )}
    </Paper>
  );
};
