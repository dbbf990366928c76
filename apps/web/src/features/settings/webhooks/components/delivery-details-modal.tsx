import { consolePaths, type TWebhookDelivery } from '@laurel/contract';
import { Anchor, Button, Code, DataList, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatWhen } from '@/features/settings/integrations/integrations-format';
import { AttemptLog } from '@/features/settings/webhooks/components/attempt-log';
import { DeliveryStatusChip } from '@/features/settings/webhooks/components/delivery-status-chip';
import { deliverySubject } from '@/features/settings/webhooks/webhook-format';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';

type TDeliveryDetailsModalProps = {
  delivery: TWebhookDelivery | undefined;
  resending: boolean;
  /** Why Resend is off (the endpoint is switched off), shown beside it; null: it is on. */
  resendOffReason: string | null;
  onResend: (delivery: TWebhookDelivery) => void;
  onClose: () => void;
};

const Item = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <DataList.Item>
    <DataList.ItemLabel>{label}</DataList.ItemLabel>
    <DataList.ItemValue>{children}</DataList.ItemValue>
  </DataList.Item>
);

/** The member the delivery is about, a link to their profile; else what its type is about. */
const Subject = ({ delivery }: { delivery: TWebhookDelivery }) => {
  const { title, detail } = deliverySubject(delivery);
  return (
    <Stack gap={0}>
      {delivery.customer_id ? (
        <Anchor component={Link} to={consolePaths.customerProfile(delivery.customer_id)} size="sm">
          {title}
        </Anchor>
      ) : (
        <Text size="sm">{title}</Text>
      )}
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
};

/** One delivery: where it stands, the body exactly as posted, and every attempt with its answer. */
export const DeliveryDetailsModal = ({
  delivery,
  resending,
  resendOffReason,
  onResend,
  onClose,
}: TDeliveryDetailsModalProps) => (
  <Modal
    opened={delivery !== undefined}
    onClose={onClose}
    title={delivery ? `Delivery ${delivery.webhook_id}` : ''}
    size="xl"
    styles={{ title: { wordBreak: 'break-all' } }}
  >
    {delivery && (
      <Stack gap="md">
        <Group gap="sm">
          <DeliveryStatusChip status={delivery.status} />
          <Code>{delivery.event_type}</Code>
        </Group>
        <DataList labelWidth={130} gap="xs">
          <Item label="About">
            <Subject delivery={delivery} />
          </Item>
          <Item label="Created">{formatWhen(delivery.created_at)}</Item>
          <Item label="Delivered">{delivery.delivered_at ? formatWhen(delivery.delivered_at) : '—'}</Item>
          <Item label="Next try">
            {delivery.next_attempt_at ? formatWhen(delivery.next_attempt_at) : '—'}
          </Item>
        </DataList>
        <Stack gap={6} role="group" aria-label="Body">
          <Text size="sm" fw={600}>
            Body
          </Text>
          {/* Focusable, so that the keyboard can scroll a long body. */}
          <Code block tabIndex={0} fz="xs" mah={300} style={{ overflow: 'auto' }}>
            {JSON.stringify(delivery.body, null, 2)}
          </Code>
        </Stack>
        <AttemptLog attempts={delivery.attempt_log} />
        <Group justify="flex-end" gap="sm">
          {resendOffReason && (
            <Text size="sm" c="dimmed" mr="auto">
              {resendOffReason}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={resending}
            disabled={resendOffReason !== null}
            onClick={() => onResend(delivery)}
          >
            {WEBHOOK_TEXTS.resend}
          </Button>
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    )}
  </Modal>
);
