import {
  type TWebhookDeliveryStatus,
  WEBHOOK_DELIVERY_STATUS_COLORS,
  WEBHOOK_DELIVERY_STATUS_LABELS,
} from '@laurel/contract';
import { StatusChip } from '@/ui/status-chip';

/** Pending, Retrying, Delivered or Failed, in the contract's colours. */
export const DeliveryStatusChip = ({ status }: { status: TWebhookDeliveryStatus }) => (
  <StatusChip
    status={status}
    label={WEBHOOK_DELIVERY_STATUS_LABELS[status]}
    color={WEBHOOK_DELIVERY_STATUS_COLORS[status]}
  />
);
