import { ComboboxChevron, ComboboxClearButton, InputBase, Pill, PillsInput } from '@mantine/core';
import { useLazyField } from '@/ui/lazy-field/use-lazy-field';
import { lazyModule } from '@/ui/lazy-module';
import { PickedPills } from './picked-pills';
import type { TRemoteMultiPickerProps, TRemotePickerProps } from './remote-picker-code';

export type { TRemoteMultiPickerProps, TRemotePickerProps } from './remote-picker-code';

const pickerCode = lazyModule(() => import('./remote-picker-code'));

/**
 * An autocomplete over a server list (remote-picker-code.tsx), its Combobox and dropdown loaded on the field's first
 * hover, focus or press. The stand-in shows the chosen option; the real picker opens its list when it takes the
 * focus, as on a click, and searches what was typed meanwhile.
 */
export const RemotePicker = (props: TRemotePickerProps) => {
  const field = useLazyField(pickerCode);
  if (field.loaded) return <field.loaded.RemotePicker {...props} inputRef={field.element} />;
  const { label, placeholder, description, error, required, disabled, value, clearable = true } = props;
  return (
    <InputBase
      label={label}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      placeholder={placeholder}
      aria-haspopup="listbox"
      autoComplete="off"
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      value={field.draft ?? value?.label ?? ''}
      onChange={(event) => field.type(event.currentTarget.value)}
      onFocus={field.standIn.onFocus}
      onBlur={field.standIn.onBlur}
      ref={field.standInRef}
      onPointerDown={field.standIn.onPointerDown}
      rightSection={
        value && clearable && !disabled ? (
          <ComboboxClearButton onClear={() => props.onChange(null)} aria-label={`Clear ${label}`} />
        ) : (
          <ComboboxChevron />
        )
      }
      rightSectionPointerEvents={value && clearable ? 'all' : 'none'}
    />
  );
};

/** The same over several choices, shown as pills. */
export const RemoteMultiPicker = (props: TRemoteMultiPickerProps) => {
  const field = useLazyField(pickerCode);
  if (field.loaded) return <field.loaded.RemoteMultiPicker {...props} inputRef={field.element} />;
  const { label, placeholder, description, error, required, disabled, value, onChange } = props;
  return (
    <PillsInput
      label={label}
      description={description}
      error={error}
      required={required}
      disabled={disabled}
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      onPointerDown={field.standIn.onPointerDown}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
    >
      <Pill.Group>
        <PickedPills
          value={value}
          disabled={disabled}
          onRemove={(removed) => onChange(value.filter((item) => item.value !== removed))}
        />
        <PillsInput.Field
          aria-label={label}
          aria-haspopup="listbox"
          placeholder={value.length === 0 ? placeholder : undefined}
          disabled={disabled}
          value={field.draft ?? ''}
          onChange={(event) => field.type(event.currentTarget.value)}
          onFocus={field.standIn.onFocus}
          onBlur={field.standIn.onBlur}
          ref={field.standInRef}
        />
      </Pill.Group>
    </PillsInput>
  );
};
