import { ComboboxChevron, Input, InputBase, type SelectProps } from '@mantine/core';
import {
  type KeyboardEvent,
  type PointerEvent,
  type MouseEvent as ReactMouseEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { lazyModule } from '@/ui/lazy-module';

const selectCode = lazyModule(() => import('@/ui/select-code'));

/** Keys that open Mantine's Select from its input (Combobox.Target). */
const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

type TLazySelectProps = Pick<
  SelectProps,
  'allowDeselect' | 'clearable' | 'placeholder' | 'renderOption' | 'searchable' | 'w'
> & {
  label: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A filter's Mantine Select whose code (Combobox, Popover, ScrollArea, floating positioning) loads on the first
 * hover, focus or press of the field. Until then a stand-in with the Select's own look and combobox semantics is
 * shown; when the code arrives the Select takes its place, keeping the focus and opening its options if a click or a
 * key asked for them (and a click in flight does not close them again).
 */
export const LazySelect = ({ data, value, onChange, ...props }: TLazySelectProps) => {
  const loaded = selectCode.use();
  // What the stand-in was asked for: null (nothing), focused, or opened by a press or a key.
  const start = useRef<'focus' | 'open' | null>(null);
  // Text typed in a searchable stand-in, carried to the Select.
  const [search, setSearch] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const swallowClick = useRef(false);
  const replaced = useRef(false);
  const swapped = loaded !== undefined;

  useLayoutEffect(() => {
    // The focused stand-in was replaced: the Select's input takes the focus.
    if (swapped && start.current) input.current?.focus();
  }, [swapped]);

  if (loaded) {
    // Set as the Select renders, before the commit removes the stand-in: a blur its removal fires is not the user's.
    replaced.current = true;
    return (
      <loaded.Select
        ref={input}
        data={data}
        value={value}
        onChange={(next) => onChange(next)}
        defaultDropdownOpened={start.current === 'open'}
        defaultSearchValue={search ?? undefined}
        onClickCapture={(event: ReactMouseEvent) => {
          // The end of the click that opened the options on the stand-in: it would toggle them closed.
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.stopPropagation();
        }}
        {...props}
      />
    );
  }

  const load = () => void selectCode.load();
  const selected = data.find((option) => option.value === value);
  return (
    <InputBase
      __staticSelector="Select"
      __defaultRightSection={<ComboboxChevron />}
      __clearSection={
        <Input.ClearButton
          tabIndex={-1}
          aria-hidden
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChange(null)}
        />
      }
      __clearable={Boolean(props.clearable) && value !== null}
      rightSectionPointerEvents="none"
      label={props.label}
      placeholder={props.placeholder}
      w={props.w}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      readOnly={!props.searchable}
      pointer={!props.searchable}
      value={search ?? selected?.label ?? ''}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        start.current = 'open';
      }}
      onPointerEnter={load}
      onFocus={() => {
        start.current ??= 'focus';
        load();
      }}
      onBlur={() => {
        if (replaced.current) return;
        // Left before the code arrived: the Select must not take the focus back, nor open, when it does.
        start.current = null;
        swallowClick.current = false;
      }}
      onPointerDown={(event: PointerEvent<HTMLInputElement>) => {
        if (event.button !== 0) return;
        start.current = 'open';
        swallowClick.current = true;
        // A press released elsewhere (or whose click reached the stand-in) leaves nothing to swallow; a cancelled
        // one (a scroll that began on the field) asked for nothing.
        const settle = (event: Event) => {
          window.removeEventListener('pointerup', settle);
          window.removeEventListener('pointercancel', settle);
          if (event.type === 'pointercancel') start.current = null;
          setTimeout(() => (swallowClick.current = false));
        };
        window.addEventListener('pointerup', settle);
        window.addEventListener('pointercancel', settle);
        load();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Escape') start.current = 'focus';
        if (!OPEN_KEYS.has(event.key) || (props.searchable && event.key === ' ')) return;
        event.preventDefault();
        start.current = 'open';
        load();
      }}
    />
  );
};
