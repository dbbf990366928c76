import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { Suspense } from 'react';
import { lazyComponent } from '@/ui/lazy-component';
import type { TColumnToggle } from './use-column-toggles';

const ColumnChooserList = lazyComponent(() => import('./column-chooser-list'), 'ColumnChooserList');

type Props = {
  toggles: TColumnToggle[];
  titles: Record<string, string>;
  onChange: (toggles: TColumnToggle[]) => void;
};

/** Show or hide columns; the choice is kept in this browser per table (useColumnToggles). */
export const ColumnChooser = ({ toggles, titles, onChange }: Props) => (
  <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
    <Popover.Target>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Choose columns"
        title="Columns"
        // Pointing at the button or tabbing to it fetches the list, so that it is there by the click.
        onPointerEnter={() => void ColumnChooserList.preload()}
        onFocus={() => void ColumnChooserList.preload()}
      >
        <IconColumns size={18} />
      </ActionIcon>
    </Popover.Target>
    <Popover.Dropdown>
      <Text size="xs" fw={600} c="dimmed" mb="xs">
        Columns
      </Text>
      <Suspense fallback={null}>
        <ColumnChooserList toggles={toggles} titles={titles} onChange={onChange} />
      </Suspense>
    </Popover.Dropdown>
  </Popover>
);
