import { Alert, Button, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TSecretShownOnceModalProps = {
  /** The secret, or null when the dialog is closed. */
  secret: string | null;
  title: string;
  /** The field's label, e.g. 'API key' or 'Signing secret'. */
  label: string;
  /** What the secret is for and how to use it. */
  intro: ReactNode;
  /** The line saying it will not be shown again. */
  warning: string;
  /** The copy button's words, e.g. 'Copy key'. */
  copyLabel: string;
  onClose: () => void;
};

/**
 * A secret the server keeps only as a hash or never shows again (an API key, a webhook signing secret), shown this
 * once with a copy button. Neither a click outside nor Escape closes it, so that the secret is not lost by accident:
 * only its own buttons do.
 */
export const SecretShownOnceModal = ({
  secret,
  title,
  label,
  intro,
  warning,
  copyLabel,
  onClose,
}: TSecretShownOnceModalProps) => (
  <Modal
    opened={secret !== null}
    onClose={onClose}
    title={title}
    size="lg"
    closeOnClickOutside={false}
    closeOnEscape={false}
  >
    {secret !== null && (
      <Stack gap="md">
        {intro}
        <TextInput
          label={label}
          value={secret}
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {warning}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={secret} timeout={2500}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
                data-autofocus
              >
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    )}
  </Modal>
);
