import { Badge, Tooltip } from '@mantine/core';
import { STATISTIC_TEXTS } from '@/features/statistics/statistic-format';

/** The 'System' marker beside a statistic the engine keeps (DESIGN §5). */
export const SystemBadge = () => (
  <Tooltip label={STATISTIC_TEXTS.systemHint} withinPortal multiline w={240}>
    {/* Never cut or squeezed: a table cell grows to fit it (as StatusChip does). */}
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      tt="none"
      fw={600}
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {STATISTIC_TEXTS.system}
    </Badge>
  </Tooltip>
);
