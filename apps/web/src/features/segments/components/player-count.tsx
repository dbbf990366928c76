import { playerCountChipColor, type TSegment } from '@laurel/contract';
import { Group, Loader, Text } from '@mantine/core';
import { SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { StatusChip } from '@/ui/status-chip';

/** Shown while the segment's members are recomputed after a rule change; what shows it polls meanwhile. */
export const UpdatingPlayers = () => (
  <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
    <Loader size={12} aria-hidden />
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {SEGMENT_TEXTS.updatingPlayers}
    </Text>
  </Group>
);

/** The player count as a chip coloured by size (spec 2 §2), and whether it is being recomputed. */
export const PlayerCount = ({ segment }: { segment: Pick<TSegment, 'player_count' | 'rebuilding'> }) => (
  <Group gap="xs" wrap="nowrap">
    <StatusChip
      status="player-count"
      label={segment.player_count.toLocaleString('en-US')}
      color={playerCountChipColor(segment.player_count)}
    />
    {segment.rebuilding && <UpdatingPlayers />}
  </Group>
);
