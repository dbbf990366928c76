import { Badge } from '@mantine/core';
import { LazyTooltip } from '@/ui/lazy-tooltip';

type TSystemBadgeProps = {
  /** What 'System' means for this kind of record, shown on hover. */
  hint: string;
  label?: string;
};

/** The 'System' marker beside a record the engine keeps (DESIGN §4, §5): read-only, never deleted. */
export const SystemBadge = ({ hint, label = 'System' }: TSystemBadgeProps) => (
  <LazyTooltip label={hint} multiline w={240}>
    {/* Never cut or squeezed: a table cell grows to fit it (as StatusChip does). */}
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      tt="none"
      fw={600}
      styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  </LazyTooltip>
);
