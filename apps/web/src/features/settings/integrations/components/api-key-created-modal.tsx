import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';

export type TCreatedApiKey = { name: string; key: string };

type TApiKeyCreatedModalProps = { created: TCreatedApiKey | null; onClose: () => void };

/**
 * The new key, this once: the server keeps only its hash. A click outside does not close it, so that the key is
 * not lost by accident.
 */
export const ApiKeyCreatedModal = ({ created, onClose }: TApiKeyCreatedModalProps) => (
  <Modal
    opened={created !== null}
    onClose={onClose}
    title={INTEGRATION_TEXTS.keyCreatedTitle}
    size="lg"
    closeOnClickOutside={false}
  >
    {created && (
      <Stack gap="md">
        <Text size="sm">
          Your key <strong>{created.name}</strong> is ready. Send it with each request as{' '}
          <Code>Authorization: Bearer &lt;key&gt;</Code> or <Code>X-Api-Key: &lt;key&gt;</Code>.
        </Text>
        <TextInput
          label="API key"
          value={created.key}
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {INTEGRATION_TEXTS.keyShownOnce}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={created.key} timeout={2500}>
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
                {copied ? 'Copied' : 'Copy key'}
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
