import { Code, Text } from '@mantine/core';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { SecretShownOnceModal } from '@/ui/secret-shown-once-modal';

export type TCreatedApiKey = { name: string; key: string };

type TApiKeyCreatedModalProps = { created: TCreatedApiKey | null; onClose: () => void };

/** The new key, this once: the server keeps only its hash. */
export const ApiKeyCreatedModal = ({ created, onClose }: TApiKeyCreatedModalProps) => (
  <SecretShownOnceModal
    secret={created?.key ?? null}
    title={INTEGRATION_TEXTS.keyCreatedTitle}
    label="API key"
    intro={
      <Text size="sm">
        Your key <strong>{created?.name}</strong> is ready. Send it with each request as{' '}
        <Code>Authorization: Bearer &lt;key&gt;</Code> or <Code>X-Api-Key: &lt;key&gt;</Code>.
      </Text>
    }
    warning={INTEGRATION_TEXTS.keyShownOnce}
    copyLabel="Copy key"
    onClose={onClose}
  />
);
