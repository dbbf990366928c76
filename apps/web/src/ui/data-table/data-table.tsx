import { COMMON_MESSAGES, columnsStorageKey, formatCappedCount, type TColumnTable } from '@laurel/contract';
import { Group, Loader, Pagination, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDatabaseOff, IconSelector } from '@tabler/icons-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ColumnChooser } from './column-chooser';
import classes from './data-table.module.css';
import { useColumnToggles } from './use-column-toggles';

export type TableColumn<T> = {
  /** The record's field shown when there is no `render`; also the column's key (chooser, sort). */
  accessor: string;
  title: string;
  render?: (record: T, index: number) => ReactNode;
  /** Offers server-side sorting by this column in its header. */
  sortable?: boolean;
  width?: number | string;
  /** Free text that wraps: its narrowest, so that a table scrolled sideways on a phone keeps its rows short. */
  minWidth?: number | string;
  textAlign?: 'left' | 'center' | 'right';
  noWrap?: boolean;
  /** One line, cut with '…' at the column's width. */
  ellipsis?: boolean;
  /** `false`: always shown and not in the column chooser (row actions). */
  toggleable?: boolean;
  /** `false`: waits in the column chooser until chosen. */
  defaultToggle?: boolean;
};

export type TableSortStatus = { columnAccessor: string; direction: 'asc' | 'desc' };

type Props<T> = {
  /** Shown above the table, and names it ('Cashbacks', spec 3 §2). */
  title?: string;
  /** Names the table for assistive technology where no visible title does (e.g. the box's heading). */
  label?: string;
  /** Remembers the column choice in this browser; without it the table has no column chooser. */
  table?: TColumnTable | undefined;
  columns: TableColumn<T>[];
  records: T[];
  idAccessor?: keyof T & string;
  totalRecords: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  fetching?: boolean;
  /** Left of the toolbar: search and filters. */
  filters?: ReactNode;
  /** Right of the toolbar: buttons such as 'Add …' or 'Export CSV'. */
  actions?: ReactNode;
  onRowClick?: (record: T) => void;
  emptyText?: string;
  /** The server stopped counting (DESIGN §9): the total reads "10,000+". */
  countCapped?: boolean;
  /** Keep the last column (row actions) in view when the table scrolls sideways. */
  pinLastColumn?: boolean;
  /** Server-side sort: the current column and direction; columns marked `sortable` offer it in their header. */
  sortStatus?: TableSortStatus;
  onSortStatusChange?: (sortStatus: TableSortStatus) => void;
};

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const cellStyle = ({ width, minWidth, textAlign }: TableColumn<unknown>): CSSProperties => ({
  width,
  minWidth: minWidth ?? width,
  maxWidth: width,
  textAlign,
});

const cellClass = (column: TableColumn<unknown>, pinned: boolean) =>
  [
    column.ellipsis ? classes.ellipsis : column.noWrap ? classes.nowrap : undefined,
    pinned ? classes.pinned : undefined,
  ]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * Whether the table is wider than its frame and not scrolled to its end: the pinned last column then shows the
 * edge that other columns pass beneath.
 */
const useOverflowing = (enabled: boolean) => {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    if (element) setOverflowing(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [enabled, measure]);
  return { ref, overflowing: enabled && overflowing, onScroll: enabled ? measure : undefined };
};

/**
 * The console's table: server-side paging, a column chooser remembered per browser, the spec's empty text,
 * and Previous / Next paging (spec 1 §9).
 */
export const DataTable = <T,>({
  title,
  label,
  table,
  columns,
  records,
  idAccessor,
  totalRecords,
  page,
  pageSize,
  onPageChange,
  fetching = false,
  filters,
  actions,
  onRowClick,
  emptyText = COMMON_MESSAGES.tableEmpty,
  countCapped = false,
  pinLastColumn = false,
  sortStatus,
  onSortStatusChange,
}: Props<T>) => {
  const [toggles, setToggles] = useColumnToggles(table ? columnsStorageKey(table) : undefined, columns);
  const visible = columns.filter((_, index) => toggles[index]?.toggled);
  const titles = Object.fromEntries(columns.map((column) => [column.accessor, column.title]));
  const scroll = useOverflowing(pinLastColumn);
  // One row at a time is in the Tab order; the arrow keys move between rows and Enter opens one.
  const [focusRow, setFocusRow] = useState(0);
  const titleId = useId();
  const key = (idAccessor ?? '_id') as keyof T;
  const from = (page - 1) * pageSize + 1;
  const to = from + records.length - 1;
  const total = countCapped ? formatCappedCount(totalRecords) : totalRecords.toLocaleString('en-US');

  const sortBy = (accessor: string) =>
    onSortStatusChange?.({
      columnAccessor: accessor,
      // The same column turns its direction; another keeps the current one.
      direction:
        sortStatus?.columnAccessor === accessor
          ? sortStatus.direction === 'asc'
            ? 'desc'
            : 'asc'
          : (sortStatus?.direction ?? 'asc'),
    });

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, record: T) => {
    if (event.target !== event.currentTarget) return;
    const sibling =
      event.key === 'ArrowDown'
        ? event.currentTarget.nextElementSibling
        : event.key === 'ArrowUp'
          ? event.currentTarget.previousElementSibling
          : null;
    if (sibling instanceof HTMLElement) {
      event.preventDefault();
      sibling.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(record);
    }
  };

  const header = (column: TableColumn<T>, pinned: boolean) => {
    const sorted = sortStatus?.columnAccessor === column.accessor ? sortStatus.direction : undefined;
    const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconSelector;
    const icon = (column.sortable || sorted) && (
      <Icon size={14} aria-hidden className={sorted ? undefined : classes.unsorted} />
    );
    return (
      <Table.Th
        key={column.accessor}
        scope="col"
        aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
        style={cellStyle(column as TableColumn<unknown>)}
        className={pinned ? classes.pinned : undefined}
      >
        {column.sortable && onSortStatusChange ? (
          <UnstyledButton className={classes.sort} onClick={() => sortBy(column.accessor)}>
            <span>{column.title}</span>
            {icon}
          </UnstyledButton>
        ) : (
          <span className={classes.sort}>
            <span>{column.title}</span>
            {icon}
          </span>
        )}
      </Table.Th>
    );
  };

  return (
    <Stack gap="md">
      {(title || filters || actions) && (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          {/* Many filters wrap among themselves beside the buttons and the chooser, rather than push them below. */}
          <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
            {title && (
              <Title id={titleId} order={2} size="h3">
                {title}
              </Title>
            )}
            {filters}
          </Group>
          <Group gap="sm">
            {actions}
            {table && <ColumnChooser toggles={toggles} titles={titles} onChange={setToggles} />}
          </Group>
        </Group>
      )}
      <Paper withBorder radius="md" className={classes.frame}>
        <div
          ref={scroll.ref}
          className={classes.scroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the page scrolls sideways, and keyboard users must reach it (axe: scrollable-region-focusable).
          tabIndex={0}
          onScroll={scroll.onScroll}
          data-overflowing={scroll.overflowing || undefined}
        >
          <Table
            className={classes.table}
            striped
            highlightOnHover={Boolean(onRowClick)}
            verticalSpacing="sm"
            aria-label={label}
            aria-labelledby={title && !label ? titleId : undefined}
            aria-busy={fetching || undefined}
          >
            <Table.Thead>
              <Table.Tr>
                {visible.map((column, index) =>
                  header(column, pinLastColumn && index === visible.length - 1),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.length === 0 ? (
                <Table.Tr className={classes.emptyRow}>
                  <Table.Td colSpan={visible.length} className={classes.empty}>
                    {!fetching && (
                      <>
                        <span className={classes.emptyIcon}>
                          <IconDatabaseOff size={20} aria-hidden />
                        </span>
                        <Text size="sm" c="dimmed">
                          {emptyText}
                        </Text>
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
              ) : (
                records.map((record, rowIndex) => (
                  <Table.Tr
                    key={String(record[key])}
                    className={onRowClick ? classes.clickable : undefined}
                    tabIndex={
                      onRowClick ? (rowIndex === Math.min(focusRow, records.length - 1) ? 0 : -1) : undefined
                    }
                    onFocus={onRowClick ? () => setFocusRow(rowIndex) : undefined}
                    onClick={onRowClick ? () => onRowClick(record) : undefined}
                    onKeyDown={onRowClick ? (event) => onRowKeyDown(event, record) : undefined}
                  >
                    {visible.map((column, index) => (
                      <Table.Td
                        key={column.accessor}
                        style={cellStyle(column as TableColumn<unknown>)}
                        className={cellClass(
                          column as TableColumn<unknown>,
                          pinLastColumn && index === visible.length - 1,
                        )}
                      >
                        {column.render
                          ? column.render(record, rowIndex)
                          : ((record as Record<string, unknown>)[column.accessor] as ReactNode)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </div>
        {records.length > 0 && (
          <Group justify="space-between" gap="xs" px="xs" py="xs" className={classes.footer}>
            <Text size="sm">{`${from}–${to} of ${total}`}</Text>
            <Pagination
              size="sm"
              total={Math.max(1, Math.ceil(totalRecords / pageSize))}
              value={page}
              onChange={onPageChange}
              withEdges={false}
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': 'Previous' }
                  : control === 'next'
                    ? { 'aria-label': 'Next' }
                    : {}
              }
            />
          </Group>
        )}
        {fetching && (
          <div className={classes.loader}>
            <Loader size="md" />
          </div>
        )}
      </Paper>
    </Stack>
  );
};
