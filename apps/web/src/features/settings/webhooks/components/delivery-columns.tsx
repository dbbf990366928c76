import type { TWebhookDelivery } from '@laurel/contract';
import { Anchor, Code, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { formatWhen, formatWhenParts } from '@/features/settings/integrations/integrations-format';
import { DeliveryStatusChip } from '@/features/settings/webhooks/components/delivery-status-chip';
import { deliverySubject } from '@/features/settings/webhooks/webhook-format';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { RowActionButton, RowActions, type TableColumn } from '@/ui/data-table';
import { breakAfterDots } from '@/ui/dotted-name';
import { middleEllipsis } from '@/ui/middle-ellipsis';

/** Date over time, so that the columns fit; the pointer shows the full date. */
const when = (iso: string | null) => {
  if (!iso) return '—';
  const [day, time] = formatWhenParts(iso);
  return (
    <Stack gap={0} title={formatWhen(iso)} style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{day}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </Stack>
  );
};

export type TDeliveryColumnActions = {
  open: (delivery: TWebhookDelivery) => void;
  resend: (delivery: TWebhookDelivery) => void;
  resendingId: string | undefined;
  /** The endpoint is switched off: it receives nothing, so Resend is off too. */
  resendDisabled: boolean;
};

/** A delivery's row: what, about whom, where it stands; the row (or its webhook id) opens its body and attempts. */
export const deliveryColumns = ({
  open,
  resend,
  resendingId,
  resendDisabled,
}: TDeliveryColumnActions): TableColumn<TWebhookDelivery>[] => [
  { accessor: 'created_at', title: 'Created', render: (delivery) => when(delivery.created_at) },
  {
    accessor: 'event_type',
    title: 'Event type',
    render: (delivery) => <Code display="inline-block">{breakAfterDots(delivery.event_type)}</Code>,
  },
  {
    accessor: 'webhook_id',
    title: 'Webhook ID',
    render: (delivery) => (
      // A button too, so that the keyboard opens a delivery as well as the mouse.
      <Anchor
        component="button"
        type="button"
        size="sm"
        ff="monospace"
        c="inherit"
        ta="left"
        // Both ends, as the event log shows ids: time-ordered ids share their start, so a cut end made rows alike.
        // Short, so that every column fits; the whole id is its name, on hover and in the dialog.
        title={delivery.webhook_id}
        aria-label={delivery.webhook_id}
        style={{ display: 'block', whiteSpace: 'nowrap' }}
        onClick={(click) => {
          click.stopPropagation();
          open(delivery);
        }}
      >
        {middleEllipsis(delivery.webhook_id, 6)}
      </Anchor>
    ),
  },
  {
    // Words, not an id, and no link: the row opens the delivery; its dialog links to the member.
    accessor: 'customer',
    title: 'About',
    render: (delivery) => {
      const { title, detail } = deliverySubject(delivery);
      return (
        <Stack gap={0} maw={140}>
          <Text size="sm" truncate="end" title={title}>
            {title}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed" truncate="end" title={detail}>
              {detail}
            </Text>
          )}
        </Stack>
      );
    },
  },
  {
    accessor: 'status',
    title: 'Status',
    render: (delivery) => <DeliveryStatusChip status={delivery.status} />,
  },
  {
    accessor: 'last_status_code',
    title: 'Answer',
    textAlign: 'right',
    render: (delivery) => delivery.last_status_code ?? '—',
  },
  { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
  {
    accessor: 'next_attempt_at',
    title: 'Next try',
    render: (delivery) => when(delivery.next_attempt_at),
  },
  {
    accessor: 'actions',
    title: 'Actions',
    toggleable: false,
    textAlign: 'right',
    // An icon with its tooltip, as in the console's other rows: a worded button made the table too wide to fit.
    render: (delivery) => (
      <RowActions>
        <RowActionButton
          label={WEBHOOK_TEXTS.resend}
          ariaLabel={`${WEBHOOK_TEXTS.resend} ${delivery.webhook_id}`}
          color="blue"
          icon={IconSend}
          loading={resendingId === delivery._id}
          disabled={resendDisabled}
          onClick={() => resend(delivery)}
        />
      </RowActions>
    ),
  },
];
