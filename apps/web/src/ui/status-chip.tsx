import { statusChipColor, type TStatusChipColor } from '@laurel/contract';
import { Badge } from '@mantine/core';

const MANTINE_COLOR: Record<TStatusChipColor, string> = {
  success: 'teal',
  neutral: 'gray',
  secondary: 'blue',
  danger: 'red',
  warning: 'orange',
};

/** 'PAST_DUE' -> 'Past Due', 'AWAITING-SIGNUP' -> 'Awaiting Signup'. */
export const statusLabel = (value: string) =>
  value
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');

type TStatusChipProps = {
  status: string;
  label?: string;
  /** For statuses the shared table does not know (an event's 'parked'): the area decides their colour. */
  color?: TStatusChipColor;
};

/** A status as a coloured chip (spec 1 §4): success, neutral, secondary, danger or warning by value. */
export const StatusChip = ({ status, label = statusLabel(status), color }: TStatusChipProps) => (
  // A chip never shrinks below its words: a table cell grows instead of cutting "Awaiting sign-up".
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
