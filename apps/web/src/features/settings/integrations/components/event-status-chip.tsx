import type { TEventStatus } from '@laurel/contract';
import { Tooltip } from '@mantine/core';
import { EVENT_STATUS_LOOK } from '@/features/settings/integrations/integrations-format';
import { StatusChip } from '@/ui/status-chip';

/** An event's status as a chip; the pointer shows what the status means. */
export const EventStatusChip = ({ status }: { status: TEventStatus }) => {
  const look = EVENT_STATUS_LOOK[status];
  return (
    <Tooltip label={look.description} withArrow openDelay={300} withinPortal>
      {/* The chip takes no ref; the span carries the tooltip. */}
      <span style={{ display: 'inline-flex' }}>
        <StatusChip status={status} label={look.label} color={look.color} />
      </span>
    </Tooltip>
  );
};
