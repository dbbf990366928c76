import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRegenerateRecoveryCodes } from '@/features/account-security/api';
import { CodeForm } from '@/features/account-security/components/code-form';
import { RecoveryCodes } from '@/features/account-security/components/recovery-codes';
import { TwoFactorModal } from '@/features/account-security/components/two-factor-modal';

type TProps = { opened: boolean; onClose: () => void };

/** Replacing the recovery codes: a current code from the app, then the ten new ones shown once. */
export const NewRecoveryCodesDialog = ({ opened, onClose }: TProps) => {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);

  // Each opening starts at the code: the last set shown must not appear again.
  useEffect(() => {
    if (opened) setCodes(null);
  }, [opened]);

  return (
    <TwoFactorModal
      opened={opened}
      onClose={onClose}
      title="New recovery codes"
      showingCodes={codes !== null}
    >
      {codes ? (
        <Stack gap="md">
          <Text fw={600}>Your old recovery codes no longer work. Save the new ones.</Text>
          <RecoveryCodes codes={codes} />
          <Button onClick={onClose}>Done</Button>
        </Stack>
      ) : (
        <CodeForm
          label="Code from your app"
          submitLabel="Make new recovery codes"
          submitting={regenerate.isPending}
          onSubmit={(code) => regenerate.mutate(code, { onSuccess: setCodes })}
        >
          <Text size="sm">
            Ten new codes replace the ones you have now, used or not: the old ones stop working. Confirm with
            the current code from your authenticator app.
          </Text>
        </CodeForm>
      )}
    </TwoFactorModal>
  );
};
