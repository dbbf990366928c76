import type { TApiKey } from '@laurel/contract';
import { BUTTON_LABELS } from '@laurel/contract';
import { Accordion, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCode, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDialogParam } from '@/features/settings/components/use-dialog-param';
import { apiKeysQuery, useCreateApiKey, useRevokeApiKey } from '@/features/settings/integrations/api';
import type { TCreatedApiKey } from '@/features/settings/integrations/components/api-key-created-modal';
import { ApiKeysTable } from '@/features/settings/integrations/components/api-keys-table';
import { SendEventsHelp } from '@/features/settings/integrations/components/send-events-help';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';

// Loaded when first opened: its rule is the contract's schema, which would bring zod into the tab's first load.
const CreateApiKeyModal = lazyComponent(
  () => import('@/features/settings/integrations/components/create-api-key-modal'),
  'CreateApiKeyModal',
);
const ApiKeyCreatedModal = lazyComponent(
  () => import('@/features/settings/integrations/components/api-key-created-modal'),
  'ApiKeyCreatedModal',
);

/** `?action=create-api-key` opens the create dialog, so that Back closes it and a link opens it. */
const ACTION_PARAM = 'action';
const CREATE_ACTION = 'create-api-key';

/**
 * API keys, on every plan (a Freemium business sends its events with them): create one (its secret is shown
 * once), see when each was last used, revoke one after a confirmation.
 */
export const ApiKeysSection = () => {
  const headingId = useId();
  const keys = useQuery(apiKeysQuery());
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const dialog = useDialogParam(ACTION_PARAM);

  const creating = dialog.value === CREATE_ACTION;
  const openCreate = () => dialog.open(CREATE_ACTION);
  const closeCreate = dialog.close;

  const submit = (name: string) =>
    create.mutate(name, {
      onSuccess: (result) => {
        closeCreate();
        setCreated({ name: result.content.name, key: result.content.key });
      },
    });

  const confirmRevoke = (key: TApiKey) =>
    modals.openConfirmModal({
      title: INTEGRATION_TEXTS.revokeTitle,
      children: (
        <Text size="sm">
          <strong>{key.name}</strong> stops working at once: anything that still sends events with it will be
          refused. This cannot be undone.
        </Text>
      ),
      labels: { confirm: INTEGRATION_TEXTS.revoke, cancel: BUTTON_LABELS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key._id, {
          onSuccess: (result) =>
            notifications.show({
              color: 'teal',
              message: result.message || `${key.name} was revoked.`,
              autoClose: 4000,
            }),
        }),
    });

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} maw={720}>
          <Title order={2} size="h3" id={headingId}>
            {INTEGRATION_TEXTS.apiKeysTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {INTEGRATION_TEXTS.apiKeysIntro}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} aria-haspopup="dialog" onClick={openCreate}>
          {INTEGRATION_TEXTS.createApiKey}
        </Button>
      </Group>
      <ApiKeysTable keys={keys.data ?? []} loading={keys.isPending} onRevoke={confirmRevoke} />
      <Accordion variant="contained" radius="md">
        <Accordion.Item value="how-to-send-events">
          <Accordion.Control icon={<IconCode size={18} aria-hidden />}>
            {INTEGRATION_TEXTS.howToSendEvents}
          </Accordion.Control>
          <Accordion.Panel>
            <SendEventsHelp origin={window.location.origin} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <MountWhen when={creating}>
        <CreateApiKeyModal
          opened={creating}
          busy={create.isPending}
          onSubmit={submit}
          onClose={closeCreate}
        />
      </MountWhen>
      <MountWhen when={created !== null}>
        <ApiKeyCreatedModal created={created} onClose={() => setCreated(null)} />
      </MountWhen>
    </Stack>
  );
};
