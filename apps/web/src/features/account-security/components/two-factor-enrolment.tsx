import type { TMfaSetup } from '@laurel/contract';
import { Button, Center, Code, CopyButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { CodeForm } from '@/features/account-security/components/code-form';
import { RecoveryCodes } from '@/features/account-security/components/recovery-codes';

/** Groups of four, as authenticator apps show a key to type. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

type TTwoFactorEnrolmentProps = {
  /** The new secret; null while it is being made. */
  setup: TMfaSetup | null;
  confirming: boolean;
  onConfirm: (code: string) => void;
  /** Answered once the code is confirmed: then they are shown instead of the QR code. */
  recoveryCodes: string[] | null;
  finishLabel: string;
  onFinish: () => void;
};

/**
 * Setting up two-factor sign-in: scan the QR code (or type the key), confirm with a code from the app, then save
 * the ten recovery codes. The page or dialog around it makes the calls.
 */
export const TwoFactorEnrolment = ({
  setup,
  confirming,
  onConfirm,
  recoveryCodes,
  finishLabel,
  onFinish,
}: TTwoFactorEnrolmentProps) => {
  if (recoveryCodes) {
    return (
      <Stack gap="md">
        <Text fw={600}>Two-factor sign-in is on. Save your recovery codes.</Text>
        <RecoveryCodes codes={recoveryCodes} />
        <Button onClick={onFinish}>{finishLabel}</Button>
      </Stack>
    );
  }
  if (!setup) {
    return (
      <Center py="xl">
        <Loader aria-label="Preparing two-factor sign-in" />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…).
      </Text>
      <Center>
        <Image src={setup.qr_code} alt="QR code for your authenticator app" w={200} h={200} radius="sm" />
      </Center>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          Can&apos;t scan it? Enter this setup key in the app instead:
        </Text>
        {/* The key takes what the button leaves and wraps between its groups: the button always shows whole. */}
        <Group gap="xs" wrap="nowrap" align="center">
          <Code
            block
            fz="sm"
            aria-label="Setup key"
            data-secret={setup.secret}
            style={{ flex: 1, minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}
          >
            {spaced(setup.secret)}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="subtle"
                style={{ flexShrink: 0 }}
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <CodeForm
        label="Code from your app"
        submitLabel="Turn on two-factor sign-in"
        submitting={confirming}
        onSubmit={onConfirm}
      >
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
      </CodeForm>
    </Stack>
  );
};
