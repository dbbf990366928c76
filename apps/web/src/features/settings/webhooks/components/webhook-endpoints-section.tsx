import type { TSaveWebhookEndpointRequest, TWebhookDelivery, TWebhookEndpoint } from '@laurel/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '@/api/http-client';
import { useDialogParam } from '@/features/settings/components/use-dialog-param';
import { BusinessPlanLocked } from '@/features/settings/integrations/components/business-plan-locked';
import { useBusinessPlanIntegrations } from '@/features/settings/integrations/use-business-plan';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhookEndpoint,
  useWebhookUrlPolicy,
  webhookEndpointsQuery,
} from '@/features/settings/webhooks/api';
import {
  type TEndpointActions,
  WebhookEndpointsTable,
} from '@/features/settings/webhooks/components/webhook-endpoints-table';
import type { TShownSecret } from '@/features/settings/webhooks/components/webhook-secret-modal';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { openConfirmModal } from '@/ui/confirm-modal';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { mutateSettled } from '@/ui/use-one-at-a-time';

// Loaded when first opened: the form's rules are the contract's schema, which would bring zod into the first load.
const WebhookEndpointModal = lazyComponent(
  () => import('@/features/settings/webhooks/components/webhook-endpoint-modal'),
  'WebhookEndpointModal',
);
const WebhookSecretModal = lazyComponent(
  () => import('@/features/settings/webhooks/components/webhook-secret-modal'),
  'WebhookSecretModal',
);
const TestResultModal = lazyComponent(
  () => import('@/features/settings/webhooks/components/test-result-modal'),
  'TestResultModal',
);

/** `?action=add-webhook` opens the add dialog and `?edit=<id>` the edit one, so that Back closes them. */
const ADD_ACTION = 'add-webhook';

const done = (message: string) => notifications.show({ color: 'teal', message, autoClose: 4000 });

/**
 * The endpoints Laurel posts webhooks to (Business plan): add one (its secret is shown once), switch it on or off,
 * edit, rotate its secret, send a test event, delete it; each URL leads to its deliveries.
 */
export const WebhookEndpointsSection = () => {
  const headingId = useId();
  const allowed = useBusinessPlanIntegrations();
  const endpoints = useQuery({ ...webhookEndpointsQuery(), enabled: allowed === true });
  const urlPolicy = useWebhookUrlPolicy(allowed === true);
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestWebhook();
  const action = useDialogParam('action');
  const edit = useDialogParam('edit');
  const [secret, setSecret] = useState<TShownSecret | null>(null);
  const [testResult, setTestResult] = useState<{ url: string; delivery: TWebhookDelivery } | null>(null);
  const [busy, setBusy] = useState<TEndpointActions['busy']>(null);
  const locked = allowed === false || (endpoints.error instanceof ApiError && endpoints.error.status === 402);

  const list = endpoints.data ?? [];
  const adding = action.value === ADD_ACTION;
  const editing = edit.value ? (list.find((endpoint) => endpoint._id === edit.value) ?? null) : null;
  const formOpen = adding || editing !== null;
  const closeForm = () => (adding ? action.close() : edit.close());

  // Settles with the save, so that the form sends nothing more until then (a failure is shown by the mutation).
  const submit = (values: TSaveWebhookEndpointRequest) =>
    editing
      ? mutateSettled(update, { id: editing._id, body: values }, (result) => {
          edit.close();
          done(result.message || 'The endpoint was saved.');
        })
      : mutateSettled(create, values, (result) => {
          action.close();
          setSecret({ rotated: false, url: result.content.url, secret: result.content.secret });
        });

  const run = (endpoint: TWebhookEndpoint, kind: NonNullable<TEndpointActions['busy']>['action']) => {
    setBusy({ id: endpoint._id, action: kind });
    return { onSettled: () => setBusy(null) };
  };

  const actions: TEndpointActions = {
    busy,
    onEdit: (endpoint) => edit.open(endpoint._id),
    onToggle: (endpoint, active) =>
      update.mutate(
        { id: endpoint._id, body: { url: endpoint.url, event_types: endpoint.event_types, active } },
        {
          ...run(endpoint, 'toggle'),
          onSuccess: () => done(active ? `${endpoint.url} is active.` : `${endpoint.url} was switched off.`),
        },
      ),
    onRotate: (endpoint) =>
      openConfirmModal({
        title: WEBHOOK_TEXTS.rotateTitle,
        text: (
          <>
            Deliveries to <strong>{endpoint.url}</strong> are signed with a new secret at once: your receiver
            must use the new one, or it will refuse them until it does.
          </>
        ),
        confirmLabel: WEBHOOK_TEXTS.rotate,
        color: 'orange',
        onConfirm: () =>
          rotate.mutate(endpoint._id, {
            ...run(endpoint, 'rotate'),
            onSuccess: (result) =>
              setSecret({ rotated: true, url: result.content.url, secret: result.content.secret }),
          }),
      }),
    onTest: (endpoint) =>
      test.mutate(endpoint._id, {
        ...run(endpoint, 'test'),
        onSuccess: (result) => setTestResult({ url: endpoint.url, delivery: result.content }),
      }),
    onDelete: (endpoint) =>
      openConfirmModal({
        title: WEBHOOK_TEXTS.deleteTitle,
        text: (
          <>
            Laurel stops posting to <strong>{endpoint.url}</strong> and drops its waiting deliveries. This
            cannot be undone.
          </>
        ),
        onConfirm: () =>
          remove.mutate(endpoint._id, {
            ...run(endpoint, 'delete'),
            onSuccess: (result) => done(result.message || `${endpoint.url} was deleted.`),
          }),
      }),
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} maw={720}>
          <Title order={2} size="h3" id={headingId}>
            {WEBHOOK_TEXTS.title}
          </Title>
          <Text size="sm" c="dimmed">
            {WEBHOOK_TEXTS.intro}
          </Text>
        </Stack>
        {!locked && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            aria-haspopup="dialog"
            disabled={allowed !== true}
            onClick={() => action.open(ADD_ACTION)}
          >
            {WEBHOOK_TEXTS.addEndpoint}
          </Button>
        )}
      </Group>
      {locked ? (
        <BusinessPlanLocked text={WEBHOOK_TEXTS.locked} />
      ) : (
        <WebhookEndpointsTable
          endpoints={list}
          loading={allowed === undefined || endpoints.isPending}
          {...actions}
        />
      )}
      <MountWhen when={formOpen}>
        <WebhookEndpointModal
          key={editing?._id ?? ADD_ACTION}
          opened={formOpen}
          endpoint={editing}
          busy={create.isPending || update.isPending}
          urlPolicy={urlPolicy}
          onSubmit={submit}
          onClose={closeForm}
        />
      </MountWhen>
      <MountWhen when={secret !== null}>
        <WebhookSecretModal shown={secret} onClose={() => setSecret(null)} />
      </MountWhen>
      <MountWhen when={testResult !== null}>
        <TestResultModal result={testResult} onClose={() => setTestResult(null)} />
      </MountWhen>
    </Stack>
  );
};
