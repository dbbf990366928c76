// The remote pickers with their Combobox, dropdown and search (remote-picker.tsx loads this on first use).
import { DEBOUNCE_MS, PAGE_SIZES } from '@laurel/contract';
import {
  CheckIcon,
  Combobox,
  Group,
  InputBase,
  Loader,
  Pill,
  PillsInput,
  ScrollArea,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { PickedPills } from './picked-pills';
import { type TPickerOption, type TRemoteOptionsSource, useRemoteOptions } from './use-remote-options';

type TCommonProps = Omit<TRemoteOptionsSource, 'pageSize' | 'debounceMs'> & {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Defaults to the pickers' page size of spec 1 §9 (5). */
  pageSize?: number;
  /** Defaults to the spec's 750 ms; product and category pickers pass 900. */
  debounceMs?: number;
  nothingFound?: string;
  onBlur?: () => void;
  /** The text field (remote-picker.tsx focuses it when it takes over from its stand-in). */
  inputRef?: Ref<HTMLInputElement>;
};

export type TRemotePickerProps = TCommonProps & {
  value: TPickerOption | null;
  onChange: (option: TPickerOption | null) => void;
  clearable?: boolean;
};

export type TRemoteMultiPickerProps = TCommonProps & {
  value: TPickerOption[];
  onChange: (options: TPickerOption[]) => void;
};

/** Tall enough for about four options, so that a page of five always scrolls and the next page can follow. */
const LIST_HEIGHT = 176;

type TOptionListProps = {
  options: TPickerOption[];
  selected: (value: string) => boolean;
  searching: boolean;
  loadingMore: boolean;
  onBottom: () => void;
  nothingFound: string;
};

const OptionList = ({
  options,
  selected,
  searching,
  loadingMore,
  onBottom,
  nothingFound,
}: TOptionListProps) => {
  const idPrefix = useId();
  return (
    <Combobox.Options>
      <ScrollArea.Autosize mah={LIST_HEIGHT} type="scroll" onBottomReached={onBottom}>
        {options.map((option) => (
          // Named by its label alone ('tierGold', not 'tierGold10 players'); the description describes it.
          <Combobox.Option
            value={option.value}
            key={option.value}
            active={selected(option.value)}
            aria-label={option.label}
            aria-describedby={option.description ? `${idPrefix}-${option.value}` : undefined}
          >
            <Group gap="xs" wrap="nowrap">
              {selected(option.value) && <CheckIcon size={12} aria-hidden />}
              <Stack gap={0} miw={0}>
                <Text size="sm" truncate="end">
                  {option.label}
                </Text>
                {option.description && (
                  <Text id={`${idPrefix}-${option.value}`} size="xs" c="dimmed" truncate="end">
                    {option.description}
                  </Text>
                )}
              </Stack>
            </Group>
          </Combobox.Option>
        ))}
        {options.length === 0 && !searching && <Combobox.Empty>{nothingFound}</Combobox.Empty>}
        {(searching || loadingMore) && (
          <Group justify="center" py={6} aria-live="polite">
            <Loader size="xs" aria-hidden />
            <Text size="xs" c="dimmed">
              {searching ? 'Searching…' : 'Loading more…'}
            </Text>
          </Group>
        )}
      </ScrollArea.Autosize>
    </Combobox.Options>
  );
};

const useSource = (props: TCommonProps, search: string, open: boolean) =>
  useRemoteOptions(
    {
      queryKey: props.queryKey,
      fetchPage: props.fetchPage,
      pageSize: props.pageSize ?? PAGE_SIZES.picker,
      debounceMs: props.debounceMs ?? DEBOUNCE_MS.default,
      errorTitle: props.errorTitle,
    },
    search,
    open,
  );

/**
 * An autocomplete over a server list: what is typed is searched once typing pauses, and the next page loads as the
 * list scrolls to its end. The chosen option keeps its label, whichever page it came from.
 */
export const RemotePicker = (props: TRemotePickerProps) => {
  const {
    label,
    placeholder,
    description,
    error,
    required,
    disabled,
    value,
    onChange,
    clearable = true,
  } = props;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => {
      setOpen(false);
      setSearch('');
    },
  });
  const source = useSource(props, search, open);

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(chosen) => {
        const option = source.options.find((item) => item.value === chosen);
        if (option) onChange(option);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          ref={props.inputRef}
          label={label}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          // While searching, the chosen option stays in view as the placeholder.
          placeholder={open && value ? value.label : placeholder}
          value={open ? search : (value?.label ?? '')}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            props.onBlur?.();
          }}
          rightSection={
            value && clearable && !disabled ? (
              <Combobox.ClearButton onClear={() => onChange(null)} aria-label={`Clear ${label}`} />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={value && clearable ? 'all' : 'none'}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <OptionList
          options={source.options}
          selected={(item) => item === value?.value}
          searching={source.searching}
          loadingMore={source.loadingMore}
          onBottom={source.loadMore}
          nothingFound={props.nothingFound ?? 'Nothing found'}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
};

/** The same over several choices, shown as pills; choosing an option again removes it. */
export const RemoteMultiPicker = (props: TRemoteMultiPickerProps) => {
  const { label, placeholder, description, error, required, disabled, value, onChange } = props;
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => setOpen(false),
  });
  const source = useSource(props, search, open);
  const chosen = new Set(value.map((option) => option.value));
  const remove = (removed: string) => onChange(value.filter((option) => option.value !== removed));

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(picked) => {
        if (chosen.has(picked)) remove(picked);
        else {
          const option = source.options.find((item) => item.value === picked);
          if (option) onChange([...value, option]);
        }
        combobox.updateSelectedOptionIndex('active');
      }}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
        >
          <Pill.Group>
            <PickedPills value={value} disabled={disabled} onRemove={remove} />
            <Combobox.EventsTarget>
              <PillsInput.Field
                ref={props.inputRef}
                aria-label={label}
                placeholder={value.length === 0 ? placeholder : undefined}
                value={search}
                disabled={disabled}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  props.onBlur?.();
                }}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onKeyDown={(event) => {
                  const last = value.at(-1);
                  if (event.key === 'Backspace' && search.length === 0 && last) {
                    event.preventDefault();
                    remove(last.value);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <OptionList
          options={source.options}
          selected={(item) => chosen.has(item)}
          searching={source.searching}
          loadingMore={source.loadingMore}
          onBottom={source.loadMore}
          nothingFound={props.nothingFound ?? 'Nothing found'}
        />
      </Combobox.Dropdown>
    </Combobox>
  );
};
