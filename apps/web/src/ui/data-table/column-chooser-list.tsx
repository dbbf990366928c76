import { Checkbox, Stack } from '@mantine/core';
import type { TColumnToggle } from './use-column-toggles';

type Props = {
  toggles: TColumnToggle[];
  titles: Record<string, string>;
  onChange: (toggles: TColumnToggle[]) => void;
};

/** The chooser's checkboxes: loaded when the chooser is about to open, so they stay out of a list's first load. */
export const ColumnChooserList = ({ toggles, titles, onChange }: Props) => {
  const visible = toggles.filter((toggle) => toggle.toggleable && toggle.toggled).length;
  return (
    <Stack gap="xs">
      {toggles
        .filter((toggle) => toggle.toggleable)
        .map((toggle) => (
          <Checkbox
            key={toggle.accessor}
            label={titles[toggle.accessor] ?? toggle.accessor}
            checked={toggle.toggled}
            // The last chosen column stays: a table of row actions alone helps nobody.
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
  );
};
