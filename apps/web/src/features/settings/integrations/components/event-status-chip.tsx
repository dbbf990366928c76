import type { TEventStatus } from '@laurel/contract';
import { EVENT_STATUS_LOOK } from '@/features/settings/integrations/integrations-format';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { StatusChip } from '@/ui/status-chip';

/** An event's status as a chip; the pointer shows what the status means. */
export const EventStatusChip = ({ status }: { status: TEventStatus }) => {
  const look = EVENT_STATUS_LOOK[status];
  return (
    <LazyTooltip label={look.description} withArrow openDelay={300}>
      {/* The chip takes no ref; the span carries the tooltip. */}
      <span style={{ display: 'inline-flex' }}>
        <StatusChip status={status} label={look.label} color={look.color} />
      </span>
    </LazyTooltip>
  );
};
