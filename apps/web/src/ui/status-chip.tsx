import { statusChipColor, type TStatusChipColor } from '@laurel/contract';
import { Badge } from '@mantine/core';

const MANTINE_COLOR: Record<TStatusChipColor, string> = {
  success: 'teal',
  neutral: 'gray',
  secondary: 'blue',
  danger: 'red',
  warning: 'orange',
};

type TStatusChipProps = {
  status: string;
  /** Only for statuses of Laurel's own areas: the spec's statuses show as the spec names them (AWAITING-SIGNUP). */
  label?: string;
  /** For statuses the shared table does not know (an event's 'parked'): the area decides their colour. */
  color?: TStatusChipColor;
};

/** A status as a coloured chip (spec 1 §4): success, neutral, secondary, danger or warning by value. */
export const StatusChip = ({ status, label = status, color }: TStatusChipProps) => (
  // A chip never shrinks below its words: a table cell grows instead of cutting "RETURNED-BY-CUSTOMER".
  <Badge
    color={MANTINE_COLOR[color ?? statusChipColor(status)]}
    variant="light"
    radius="sm"
    tt="none"
    fw={600}
    styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
  >
    {label}
  </Badge>
);
