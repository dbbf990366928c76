import { STATISTIC_TEXTS } from '@/features/statistics/statistic-format';
import { SystemBadge as SharedSystemBadge } from '@/ui/system-badge';

/** The 'System' marker beside a statistic the engine keeps (DESIGN §5). */
export const SystemBadge = () => (
  <SharedSystemBadge label={STATISTIC_TEXTS.system} hint={STATISTIC_TEXTS.systemHint} />
);
