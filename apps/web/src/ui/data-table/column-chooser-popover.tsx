import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ColumnChooserList } from './column-chooser-list';
import type { TColumnToggle } from './use-column-toggles';

export type TColumnChooserProps = {
  toggles: TColumnToggle[];
  titles: Record<string, string>;
  onChange: (toggles: TColumnToggle[]) => void;
};

/** The chooser once its code is here (column-chooser.tsx): Mantine's Popover, open from the click that loaded it. */
export const ColumnChooserPopover = ({ toggles, titles, onChange }: TColumnChooserProps) => {
  const button = useRef<HTMLButtonElement>(null);
  // The button the user pressed was replaced by this one: focus it first, so that closing returns focus here.
  useEffect(() => button.current?.focus(), []);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus defaultOpened>
      <Popover.Target>
        <ActionIcon ref={button} variant="default" size="lg" aria-label="Choose columns" title="Columns">
          <IconColumns size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" fw={600} c="dimmed" mb="xs">
          Columns
        </Text>
        <ColumnChooserList toggles={toggles} titles={titles} onChange={onChange} />
      </Popover.Dropdown>
    </Popover>
  );
};
