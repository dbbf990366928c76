import { BUTTON_LABELS } from '@laurel/contract';
import { ActionIcon } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { LazyTooltip } from '@/ui/lazy-tooltip';

/** Reset beside a log's filters: an icon like the column chooser's, so that the filters fit one row on a laptop. */
export const ResetFiltersButton = ({ disabled, onClick }: { disabled: boolean; onClick: () => void }) => (
  <LazyTooltip label="Reset the filters" withArrow>
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={BUTTON_LABELS.reset}
      disabled={disabled}
      onClick={onClick}
    >
      <IconFilterOff size={18} aria-hidden />
    </ActionIcon>
  </LazyTooltip>
);
