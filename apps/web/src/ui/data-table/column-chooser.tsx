import { ActionIcon } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyModule } from '@/ui/lazy-module';
import type { TColumnChooserProps } from './column-chooser-popover';

// Mantine's Popover and its floating positioning are about 25 KB: they load when the pointer reaches the button
// or it is focused, not with every list page.
const chooser = lazyModule(() => import('./column-chooser-popover'));

/**
 * Show or hide columns; the choice is kept in this browser per table (useColumnToggles). The button is in the first
 * paint; it becomes the Popover's own on the first click (opened by it), never before, so no click is lost.
 */
export const ColumnChooser = (props: TColumnChooserProps) => {
  const loaded = chooser.use();
  const [wanted, setWanted] = useState(false);
  if (loaded && wanted) return <loaded.ColumnChooserPopover {...props} />;
  const load = () => void chooser.load();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Choose columns"
      aria-haspopup="dialog"
      aria-expanded={false}
      title="Columns"
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        load();
        setWanted(true);
      }}
    >
      <IconColumns size={18} />
    </ActionIcon>
  );
};
