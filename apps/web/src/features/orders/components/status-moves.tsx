import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { moveLabel } from '@/features/orders/order-format';

/** Moves that give something up: they ask first. */
const GIVING_UP = new Set(['CANCELLED', 'REFUNDED', 'ABANDONED']);

type TStatusMovesProps = {
  /** What moves ('the order', 'parcel 2'), for the confirmation and the buttons' accessible names. */
  subject: string;
  /** The moves the transition table allows from the current status, as the server listed them. */
  moves: readonly string[];
  busy: boolean;
  onMove: (status: string) => void;
  size?: 'xs' | 'sm';
};

/**
 * One button per legal move (spec 1 §4 statuses, the contract's transition table). Cancelling, refunding or giving
 * a parcel up asks for a confirmation first.
 */
export const StatusMoves = ({ subject, moves, busy, onMove, size = 'sm' }: TStatusMovesProps) => {
  const move = (status: string) => {
    if (!GIVING_UP.has(status)) {
      onMove(status);
      return;
    }
    modals.openConfirmModal({
      title: `${moveLabel(status)}?`,
      children: (
        <Text size="sm">{`This moves ${subject} to ${status}, a status it cannot leave again.`}</Text>
      ),
      labels: { confirm: moveLabel(status), cancel: BUTTON_LABELS.cancel },
      confirmProps: { color: 'red' },
      onConfirm: () => onMove(status),
    });
  };
  return (
    <Group gap="xs" wrap="wrap">
      {moves.map((status) => (
        <Button
          key={status}
          size={size}
          variant={GIVING_UP.has(status) ? 'light' : 'filled'}
          color={GIVING_UP.has(status) ? 'red' : undefined}
          loading={busy}
          aria-label={`${moveLabel(status)}: ${subject}`}
          onClick={() => move(status)}
        >
          {moveLabel(status)}
        </Button>
      ))}
    </Group>
  );
};
