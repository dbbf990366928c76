import { TWO_FACTOR_MESSAGES } from '@laurel/contract';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { myMfaQuery, useDisableMfa } from '@/features/account-security/api';
import { CodeForm } from '@/features/account-security/components/code-form';
import { NewRecoveryCodesDialog } from '@/features/account-security/components/new-recovery-codes-dialog';
import { SetUpTwoFactorDialog } from '@/features/account-security/components/set-up-two-factor-dialog';
import { displayDate } from '@/ui/display-date';
import { InlineLoader } from '@/ui/inline-loader';
import { openMessageModal } from '@/ui/message-modal';
import { SectionCard } from '@/ui/section-card';
import { useActionDialog } from '@/ui/use-action-dialog';

/** The signed-in user's second factor: on (with recovery codes left) or off, and the way to change that. */
export const TwoFactorCard = () => {
  const status = useQuery(myMfaQuery);
  const setUp = useActionDialog('set-up-two-factor');
  const turnOff = useActionDialog('turn-off-two-factor');
  const newCodes = useActionDialog('new-recovery-codes');
  const disable = useDisableMfa();
  const mfa = status.data;

  const badge = mfa && (
    <Badge color={mfa.enabled ? 'green' : 'gray'} variant="light">
      {mfa.enabled ? 'On' : 'Off'}
    </Badge>
  );
  return (
    <SectionCard
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked for after your password."
      actions={badge}
    >
      {!mfa ? (
        <InlineLoader label="Loading two-factor sign-in" />
      ) : mfa.enabled ? (
        <Stack gap="sm">
          <Text size="sm">
            On since {displayDate(mfa.enabled_at)}. {mfa.recovery_codes_left} of 10 recovery codes left.
          </Text>
          {mfa.required && (
            <Text size="sm" c="dimmed">
              {TWO_FACTOR_MESSAGES.requiredByBusiness}
            </Text>
          )}
          <Group>
            <Button variant="default" onClick={newCodes.open}>
              New recovery codes
            </Button>
            <Button variant="default" color="red" onClick={turnOff.open} disabled={mfa.required}>
              Turn off two-factor sign-in
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {mfa.required
              ? 'Your business requires two-factor sign-in. Set it up now.'
              : 'Protect your account: even with your password, nobody signs in without your phone.'}
          </Text>
          <Group>
            <Button onClick={setUp.open}>Set up two-factor sign-in</Button>
          </Group>
        </Stack>
      )}
      <SetUpTwoFactorDialog opened={setUp.opened} onClose={setUp.close} />
      <NewRecoveryCodesDialog opened={newCodes.opened} onClose={newCodes.close} />
      <Modal opened={turnOff.opened} onClose={turnOff.close} title="Turn off two-factor sign-in">
        <CodeForm
          label="Code from your app or a recovery code"
          submitLabel="Turn off"
          submitColor="red"
          acceptsRecoveryCode
          submitting={disable.isPending}
          onSubmit={(code) =>
            disable.mutate(code, {
              onSuccess: (message) => {
                turnOff.close();
                openMessageModal({ title: 'Done', message });
              },
            })
          }
        >
          <Text size="sm">Your password alone will sign you in again. Confirm with a current code.</Text>
        </CodeForm>
      </Modal>
    </SectionCard>
  );
};
