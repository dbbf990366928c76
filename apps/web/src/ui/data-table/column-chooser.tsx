import { ActionIcon, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { DataTableColumnToggle } from 'mantine-datatable';

type Props = {
  toggles: DataTableColumnToggle[];
  titles: Record<string, string>;
  onChange: (toggles: DataTableColumnToggle[]) => void;
};

/** Show or hide columns; the choice is kept in this browser (mantine-datatable stores it per table key). */
export const ColumnChooser = ({ toggles, titles, onChange }: Props) => {
  const visible = toggles.filter((toggle) => toggle.toggled).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label="Choose columns" title="Columns">
          <IconColumns size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" fw={600} c="dimmed" mb="xs">
          Columns
        </Text>
        <Stack gap="xs">
          {toggles
            .filter((toggle) => toggle.toggleable)
            .map((toggle) => (
              <Checkbox
                key={toggle.accessor}
                label={titles[toggle.accessor] ?? toggle.accessor}
                checked={toggle.toggled}
                // The last visible column stays: a table with no columns helps nobody.
                disabled={toggle.toggled && visible === 1}
                onChange={(event) => {
                  const toggled = event.currentTarget.checked;
                  onChange(
                    toggles.map((item) => (item.accessor === toggle.accessor ? { ...item, toggled } : item)),
                  );
                }}
              />
            ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
