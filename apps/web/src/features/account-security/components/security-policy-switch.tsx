import { Paper, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { securityPolicyQuery, useUpdateSecurityPolicy } from '@/features/account-security/api';

/** The business's policy (admins, Users page): every staff user must sign in with two-factor. */
export const SecurityPolicySwitch = () => {
  const policy = useQuery(securityPolicyQuery);
  const update = useUpdateSecurityPolicy();
  const required = update.isPending ? Boolean(update.variables) : (policy.data?.mfa_required ?? false);
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label="Require two-factor sign-in for every user"
        description="Users without it set it up right after their password, before they enter the console."
        checked={required}
        disabled={!policy.data || update.isPending}
        onChange={(event) => update.mutate(event.currentTarget.checked)}
      />
      {policy.data?.mfa_required && (
        <Text size="xs" c="dimmed" mt="xs">
          Required: nobody can turn it off for themselves.
        </Text>
      )}
    </Paper>
  );
};
