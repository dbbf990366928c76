import { SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { SystemBadge } from '@/ui/system-badge';

/** One of the six segments every client has (AllPlayers, tierBronze…tierDiamond). */
export const SegmentSystemBadge = () => (
  <SystemBadge label={SEGMENT_TEXTS.system} hint={SEGMENT_TEXTS.systemHint} />
);
