import { Pill } from '@mantine/core';
import type { TPickerOption } from './use-remote-options';

/** The chosen options of a multi-picker as pills, each with its remove button (the picker and its stand-in). */
export const PickedPills = ({
  value,
  disabled,
  onRemove,
}: {
  value: readonly TPickerOption[];
  disabled?: boolean;
  onRemove: (removed: string) => void;
}) =>
  value.map((option) => (
    <Pill
      key={option.value}
      withRemoveButton={!disabled}
      onRemove={() => onRemove(option.value)}
      removeButtonProps={{ 'aria-label': `Remove ${option.label}` }}
    >
      {option.label}
    </Pill>
  ));
