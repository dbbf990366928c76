import { Paper, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { securityPolicyQuery, useUpdateSecurityPolicy } from '@/features/account-security/api';

/** The business's policy (admins, Users page): every staff user must sign in with two-factor. */
export const SecurityPolicySwitch = () => {
  const policy = useQuery(securityPolicyQuery);
  const update = useUpdateSecurityPolicy();
  const saved = policy.data?.mfa_required ?? false;
  // What the admin just asked for shows from the click itself (a controlled switch whose state waited for the
  // mutation's would flip back for a moment), until the saved policy says the same or the save fails.
  const [wanted, setWanted] = useState<boolean | null>(null);
  useEffect(() => {
    if (wanted !== null && saved === wanted) setWanted(null);
  }, [saved, wanted]);
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label="Require two-factor sign-in for every user"
        description="Users without it set it up right after their password, before they enter the console."
        checked={wanted ?? saved}
        disabled={!policy.data || update.isPending}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          setWanted(next);
          update.mutate(next, { onError: () => setWanted(null) });
        }}
      />
      {policy.data?.mfa_required && (
        <Text size="xs" c="dimmed" mt="xs">
          Required: nobody can turn it off for themselves.
        </Text>
      )}
    </Paper>
  );
};
