import { hasMorePages, PAGE_SIZES } from '@laurel/contract';
import { Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type UIEvent, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import classes from './icon-picker.module.css';
import { searchIcons } from './icon-search';
import { IconSvg } from './library-icon';
import { useIconLibrary } from './use-icon-library';

/** A library icon as badges and currencies store it (spec 2 §3, spec 3 §3). */
export type TIconChoice = { name: string; prefix: string };

export type TIconPickerProps = {
  /** The chosen icon; a name the library does not know shows as unselected. */
  value: { name?: string | null; prefix?: string | null } | null | undefined;
  onChange: (icon: TIconChoice) => void;
  /** The icon grid's accessible name. */
  label?: string;
  searchLabel?: string;
  disabled?: boolean;
  /** Height of the scrolling grid in px. */
  height?: number;
};

/** How close to the bottom (px) the grid must scroll before the next page is added. */
const LOAD_AHEAD_PX = 160;

const columnsOf = (grid: HTMLElement | null) => {
  if (!grid) return 1;
  const template = getComputedStyle(grid).gridTemplateColumns;
  return Math.max(1, template ? template.split(' ').filter(Boolean).length : 1);
};

/**
 * The Font Awesome icon library (spec 2 §2, spec 3 §2): a case-insensitive name search over the free solid set,
 * 120 icons a page, the next page added as the grid scrolls to its end. Arrow keys move between icons; Enter or
 * Space (or a click) chooses one.
 */
export const IconPicker = ({
  value,
  onChange,
  label = 'Icon library',
  searchLabel = 'Search icons',
  disabled = false,
  height = 320,
}: TIconPickerProps) => {
  const state = useIconLibrary();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [pages, setPages] = useState(1);
  const [focusIndex, setFocusIndex] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const countId = useId();

  const matches = useMemo(
    () => (state.library ? searchIcons(state.library.icons, deferredQuery) : []),
    [state.library, deferredQuery],
  );
  const pageSize = PAGE_SIZES.icons;
  const shown = matches.slice(0, pages * pageSize);
  const hasMore = hasMorePages(matches.length, pages, pageSize);
  const selected = state.library?.find(value?.name, value?.prefix);

  // A new search starts again from its first page, at the top.
  const search = (next: string) => {
    setQuery(next);
    setPages(1);
    setFocusIndex(0);
    viewportRef.current?.scrollTo?.({ top: 0 });
  };

  const showMore = () => {
    if (hasMore) setPages((current) => current + 1);
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
    if (scrollTop + clientHeight >= scrollHeight - LOAD_AHEAD_PX) showMore();
  };

  const moveFocus = (index: number) => {
    const last = shown.length - 1;
    if (last < 0) return;
    if (index > last && hasMore) showMore();
    const next = Math.max(0, Math.min(index, hasMore ? index : last));
    setFocusIndex(next);
    // The tile may only exist after the next page renders.
    requestAnimationFrame(() => {
      const tile = gridRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`);
      tile?.focus();
      tile?.scrollIntoView?.({ block: 'nearest' });
    });
  };

  const choose = (index: number) => {
    const icon = shown[index];
    if (!icon || disabled) return;
    setFocusIndex(index);
    onChange({ name: icon.name, prefix: icon.prefix });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const columns = columnsOf(gridRef.current);
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      ArrowDown: focusIndex + columns,
      ArrowUp: focusIndex - columns,
      Home: 0,
      End: shown.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveFocus(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(focusIndex);
    }
  };

  const countText =
    state.status !== 'ready'
      ? ''
      : deferredQuery.trim()
        ? `${matches.length.toLocaleString('en-US')} ${matches.length === 1 ? 'icon matches' : 'icons match'}`
        : `${matches.length.toLocaleString('en-US')} icons`;

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label={searchLabel}
          placeholder="Search by name, e.g. trophy"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => search(event.currentTarget.value)}
          disabled={disabled || state.status !== 'ready'}
          aria-describedby={countId}
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1 }}
        />
      </Group>
      <Text id={countId} size="xs" c="dimmed" aria-live="polite">
        {countText}
        {countText && shown.length < matches.length
          ? ` · showing ${shown.length.toLocaleString('en-US')}, scroll for more`
          : ''}
      </Text>
      <div ref={viewportRef} className={classes.viewport} style={{ height }} onScroll={onScroll}>
        {state.status === 'loading' && (
          <Center h="100%" role="status" aria-live="polite">
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text size="sm" c="dimmed">
                Loading icons…
              </Text>
            </Group>
          </Center>
        )}
        {state.status === 'failed' && (
          <Center h="100%">
            <Stack align="center" gap="xs">
              <Text size="sm" c="dimmed">
                The icon library could not be loaded.
              </Text>
              <Button size="xs" variant="default" onClick={state.retry}>
                Try again
              </Button>
            </Stack>
          </Center>
        )}
        {state.status === 'ready' && shown.length === 0 && (
          <Center h="100%" p="md">
            <Text size="sm" c="dimmed" ta="center">
              No icons match '{deferredQuery.trim()}'.
            </Text>
          </Center>
        )}
        {state.status === 'ready' && shown.length > 0 && (
          <>
            <div
              ref={gridRef}
              role="listbox"
              aria-label={label}
              aria-disabled={disabled || undefined}
              className={classes.grid}
            >
              {shown.map((icon, index) => (
                <div
                  key={icon.name}
                  role="option"
                  aria-selected={selected?.name === icon.name}
                  aria-disabled={disabled || undefined}
                  aria-label={icon.name}
                  title={icon.name}
                  data-index={index}
                  tabIndex={index === Math.min(focusIndex, shown.length - 1) ? 0 : -1}
                  className={classes.tile}
                  onClick={() => choose(index)}
                  onKeyDown={onKeyDown}
                  onFocus={() => setFocusIndex(index)}
                >
                  <IconSvg icon={icon} size={24} />
                  <span className={classes.tileName}>{icon.name}</span>
                </div>
              ))}
            </div>
            {hasMore && (
              <Center pb="sm">
                <Button variant="subtle" size="compact-sm" onClick={showMore}>
                  Show more icons
                </Button>
              </Center>
            )}
          </>
        )}
      </div>
      <Group gap="xs" mih={24}>
        {selected ? (
          <>
            <Text size="sm" c="dimmed">
              Selected icon:
            </Text>
            <IconSvg icon={selected} size={18} />
            <Text size="sm" fw={600}>
              {selected.name}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            No icon selected.
          </Text>
        )}
      </Group>
    </Stack>
  );
};
