import { Code, Text } from '@mantine/core';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { breakableUrl, URL_WRAP_STYLE } from '@/ui/breakable-url';
import { SecretShownOnceModal } from '@/ui/secret-shown-once-modal';

export type TShownSecret = { rotated: boolean; url: string; secret: string };

/** The signing secret after creation or rotation, the one time the server gives it. */
export const WebhookSecretModal = ({
  shown,
  onClose,
}: {
  shown: TShownSecret | null;
  onClose: () => void;
}) => (
  <SecretShownOnceModal
    secret={shown?.secret ?? null}
    title={shown?.rotated ? WEBHOOK_TEXTS.secretRotatedTitle : WEBHOOK_TEXTS.secretCreatedTitle}
    label={WEBHOOK_TEXTS.secretLabel}
    intro={
      <Text size="sm" style={URL_WRAP_STYLE}>
        {shown?.rotated ? 'Deliveries to ' : 'Laurel will post the chosen events to '}
        <strong>{shown && breakableUrl(shown.url)}</strong>
        {shown?.rotated ? ' are signed with this new secret from now on. ' : ', signed with this secret. '}
        Check the <Code>Laurel-Signature</Code> header of each delivery with it.
      </Text>
    }
    warning={WEBHOOK_TEXTS.secretShownOnce}
    copyLabel={WEBHOOK_TEXTS.copySecret}
    onClose={onClose}
  />
);
