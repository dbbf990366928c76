import {
  ComboboxChevron,
  getOptionsLockup,
  getParsedComboboxData,
  Input,
  InputBase,
  type MultiSelectProps,
  Pill,
  PillsInput,
  type SelectProps,
} from '@mantine/core';
import { type KeyboardEvent, type MouseEvent as ReactMouseEvent, useRef, useState } from 'react';
import { standInProps } from '@/ui/lazy-field/stand-in-props';
import { useLazyField } from '@/ui/lazy-field/use-lazy-field';
import { lazyModule } from '@/ui/lazy-module';

const selectCode = lazyModule(() => import('@/ui/select-code'));

/** Keys that open Mantine's Select from its input (Combobox.Target). */
const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/** The labels of the chosen values, as the field shows them. */
const labelsOf = (data: SelectProps['data'], values: readonly string[]) => {
  const lockup = getOptionsLockup(getParsedComboboxData(data));
  return values.map((value) => lockup[value]?.label ?? value);
};

/**
 * The end of the click whose press opened the options on the stand-in would toggle them closed on the real field:
 * swallowed once.
 */
const useSwallowedClick = () => {
  const pending = useRef(false);
  return {
    arm: () => {
      pending.current = true;
      const settle = () => setTimeout(() => (pending.current = false));
      window.addEventListener('pointerup', settle, { once: true });
      window.addEventListener('pointercancel', settle, { once: true });
    },
    onClickCapture: (event: ReactMouseEvent) => {
      if (!pending.current) return;
      pending.current = false;
      event.stopPropagation();
    },
  };
};

/**
 * Mantine's Select whose code (Combobox, Popover, ScrollArea, floating positioning) loads on the first hover, focus
 * or press of the field. Until then a stand-in with the Select's own look and combobox semantics is shown; when the
 * code arrives the Select takes its place, keeping the focus and opening its options if a click or a key asked for
 * them (and a click in flight does not close them again). Text typed in a searchable stand-in is carried over.
 */
export const LazySelect = (props: SelectProps) => {
  const field = useLazyField(selectCode);
  const [search, setSearch] = useState<string | null>(null);
  const click = useSwallowedClick();

  if (field.loaded)
    return (
      <field.loaded.Select
        {...props}
        ref={field.element}
        defaultDropdownOpened={field.intent.current === 'open'}
        defaultSearchValue={search ?? undefined}
        onClickCapture={click.onClickCapture}
      />
    );

  const { data, value, clearable, searchable, disabled, readOnly, onChange } = props;
  const [selected] = value ? labelsOf(data, [value]) : [];
  const open = () => {
    field.intent.current = 'open';
    void selectCode.load();
  };
  return (
    <InputBase
      __staticSelector="Select"
      {...standInProps(props)}
      __defaultRightSection={<ComboboxChevron />}
      __clearSection={
        <Input.ClearButton
          tabIndex={-1}
          aria-hidden
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChange?.(null, { value: '', label: '' } as never)}
        />
      }
      __clearable={Boolean(clearable) && Boolean(value) && !disabled && !readOnly}
      rightSection={props.rightSection}
      rightSectionPointerEvents="none"
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      readOnly={readOnly || !searchable}
      pointer={!searchable}
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      value={search ?? selected ?? ''}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        open();
      }}
      onFocus={field.standIn.onFocus}
      onBlur={field.standIn.onBlur}
      ref={field.standInRef}
      onPointerDown={(event) => {
        if (event.button !== 0 || readOnly) return;
        field.standIn.onPointerDown(event);
        click.arm();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Escape') field.intent.current = 'focus';
        if (readOnly || !OPEN_KEYS.has(event.key) || (searchable && event.key === ' ')) return;
        event.preventDefault();
        open();
      }}
    />
  );
};

/**
 * Mantine's MultiSelect on the same terms: the stand-in shows the chosen values as pills; the real field opens its
 * options on the press or key that loaded it.
 */
export const LazyMultiSelect = (props: MultiSelectProps) => {
  const field = useLazyField(selectCode);
  const click = useSwallowedClick();

  if (field.loaded)
    return (
      <field.loaded.MultiSelect
        {...props}
        ref={field.element}
        defaultDropdownOpened={field.intent.current === 'open'}
        onClickCapture={click.onClickCapture}
      />
    );

  const { data, value = [], readOnly, placeholder } = props;
  const labels = labelsOf(data, value);
  return (
    <PillsInput
      __staticSelector="MultiSelect"
      {...standInProps(props)}
      pointer={!props.searchable}
      __defaultRightSection={<ComboboxChevron />}
      rightSection={props.rightSection}
      rightSectionPointerEvents="none"
      wrapperProps={{ onPointerEnter: field.standIn.onPointerEnter }}
      onPointerDown={(event) => {
        if (event.button !== 0 || readOnly) return;
        field.standIn.onPointerDown(event);
        click.arm();
      }}
    >
      <Pill.Group>
        {labels.map((label, index) => (
          <Pill
            key={value[index]}
            withRemoveButton={!readOnly && !props.disabled}
            onRemove={() => props.onChange?.(value.filter((_, at) => at !== index))}
          >
            {label}
          </Pill>
        ))}
        <PillsInput.Field
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={false}
          autoComplete="off"
          readOnly={readOnly || !props.searchable}
          placeholder={labels.length === 0 ? placeholder : undefined}
          aria-label={props['aria-label']}
          onFocus={field.standIn.onFocus}
          onBlur={field.standIn.onBlur}
          ref={field.standInRef}
          onChange={(event) => field.type(event.currentTarget.value)}
          value={field.draft ?? ''}
          onKeyDown={(event) => {
            if (readOnly || !OPEN_KEYS.has(event.key) || (props.searchable && event.key === ' ')) return;
            event.preventDefault();
            field.intent.current = 'open';
            void selectCode.load();
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
};
