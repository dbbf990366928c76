import {
  BUTTON_LABELS,
  type TSaveWebhookEndpointRequest,
  type TWebhookEndpoint,
  type TWebhookEventType,
  type TWebhookUrlPolicy,
} from '@laurel/contract';
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { EventTypesField } from '@/features/settings/webhooks/components/event-types-field';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { type TWebhookFormErrors, webhookFormErrors } from '@/features/settings/webhooks/webhook-validation';
import { useOneAtATime } from '@/ui/use-one-at-a-time';

type TWebhookEndpointModalProps = {
  opened: boolean;
  /** The endpoint being edited; null adds one. */
  endpoint: TWebhookEndpoint | null;
  busy: boolean;
  /** Which URLs the server takes by their form: checked before sending. */
  urlPolicy: TWebhookUrlPolicy;
  /** The save, awaited: a promise keeps the form from sending again until it settles (a double-click sends one). */
  onSubmit: (values: TSaveWebhookEndpointRequest) => unknown;
  onClose: () => void;
};

const valuesOf = (endpoint: TWebhookEndpoint | null) => ({
  url: endpoint?.url ?? '',
  event_types: endpoint?.event_types ?? ([] as TWebhookEventType[]),
  active: endpoint?.active ?? true,
});

/** Add or edit an endpoint: its URL, the event types it receives, and whether it is on. */
export const WebhookEndpointModal = ({
  opened,
  endpoint,
  busy,
  urlPolicy,
  onSubmit,
  onClose,
}: TWebhookEndpointModalProps) => {
  const [values, setValues] = useState(() => valuesOf(endpoint));
  const [errors, setErrors] = useState<TWebhookFormErrors>({});
  // Each opening starts from the endpoint (or empty); the page gives each endpoint its own instance (key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refetch brings a new object for the same endpoint, which must not wipe what is being typed.
  useEffect(() => {
    if (opened) {
      setValues(valuesOf(endpoint));
      setErrors({});
    }
  }, [opened]);

  const title = endpoint ? WEBHOOK_TEXTS.editEndpoint : WEBHOOK_TEXTS.addEndpoint;
  const once = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = webhookFormErrors(values, urlPolicy);
    setErrors(problems);
    if (!problems.url && !problems.event_types)
      void once(() => onSubmit({ ...values, url: values.url.trim() }));
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      size="xl"
    >
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="lg">
          <TextInput
            label="URL"
            description={
              urlPolicy.allowHttp
                ? 'Where Laurel posts the events: an address your systems answer on (https recommended).'
                : 'Where Laurel posts the events: an https address your systems answer on.'
            }
            placeholder="https://example.com/laurel/webhooks"
            type="url"
            value={values.url}
            error={errors.url}
            maxLength={2000}
            required
            data-autofocus
            onChange={(event) => {
              const url = event.currentTarget.value;
              setValues((current) => ({ ...current, url }));
              if (errors.url) setErrors((current) => ({ ...current, url: undefined }));
            }}
          />
          <EventTypesField
            value={values.event_types}
            error={errors.event_types}
            onChange={(event_types) => {
              setValues((current) => ({ ...current, event_types }));
              if (errors.event_types) setErrors((current) => ({ ...current, event_types: undefined }));
            }}
          />
          <Switch
            label={WEBHOOK_TEXTS.active}
            description={WEBHOOK_TEXTS.activeHint}
            checked={values.active}
            onChange={(event) => {
              const active = event.currentTarget.checked;
              setValues((current) => ({ ...current, active }));
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {BUTTON_LABELS.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {endpoint ? BUTTON_LABELS.save : WEBHOOK_TEXTS.addEndpoint}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
