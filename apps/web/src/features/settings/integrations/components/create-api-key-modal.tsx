import { API_KEY_NAME_MAX_LENGTH, BUTTON_LABELS, ZCreateApiKeyRequest } from '@laurel/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';

/** The contract's own rule, so that the form says what the server would ('Name is required'). */
export const apiKeyNameError = (name: string) => {
  const parsed = ZCreateApiKeyRequest.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

type TCreateApiKeyModalProps = {
  opened: boolean;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
};

/** 'Create API Key': a name that says where the key is used. */
export const CreateApiKeyModal = ({ opened, busy, onSubmit, onClose }: TCreateApiKeyModalProps) => {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts empty: the last key's name is no default for the next.
  useEffect(() => {
    if (opened) {
      setName('');
      setError(null);
    }
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = apiKeyNameError(name);
    setError(problem);
    if (!problem) onSubmit(name.trim());
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={INTEGRATION_TEXTS.createApiKey}
      size="md"
    >
      <form onSubmit={submit} aria-label={INTEGRATION_TEXTS.createApiKey} noValidate>
        <Stack gap="lg">
          <TextInput
            label="Name"
            description="Where the key is used, e.g. 'Tills at Sea Point' or 'Online shop'."
            placeholder="Online shop"
            value={name}
            error={error}
            maxLength={API_KEY_NAME_MAX_LENGTH}
            required
            data-autofocus
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (error) setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {BUTTON_LABELS.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {BUTTON_LABELS.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
