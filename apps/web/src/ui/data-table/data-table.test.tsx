import { readFileSync } from 'node:fs';
import { columnsStorageKey } from '@laurel/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type TableColumn } from './data-table';

type Row = { _id: string; name: string; email: string };
const columns: TableColumn<Row>[] = [
  { accessor: 'name', title: 'Name' },
  { accessor: 'email', title: 'Email' },
];
const rows: Row[] = [
  { _id: 'a', name: 'Ann', email: 'ann@example.com' },
  { _id: 'b', name: 'Ben', email: 'ben@example.com' },
];

const renderTable = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  render(
    <MantineProvider env="test">
      <DataTable<Row>
        title="People"
        table="users"
        columns={columns}
        records={rows}
        totalRecords={30}
        page={1}
        pageSize={15}
        onPageChange={() => {}}
        {...props}
      />
    </MantineProvider>,
  );

describe('DataTable', () => {
  it('shows rows and the spec empty text when there are none', async () => {
    const { unmount } = renderTable();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    unmount();
    renderTable({ records: [], totalRecords: 0 });
    expect(await screen.findByText('This table is empty.')).toBeTruthy();
  });

  it('is named by its title, or by its label where it has one', () => {
    const { unmount } = renderTable();
    expect(screen.getByRole('table', { name: 'People' })).toBeTruthy();
    unmount();
    renderTable({ label: 'Staff members' });
    expect(screen.getByRole('table', { name: 'Staff members' })).toBeTruthy();
  });

  it('pages with Previous (disabled on page 1) and Next', async () => {
    const onPageChange = vi.fn();
    renderTable({ onPageChange });
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.hasAttribute('disabled') || previous.getAttribute('data-disabled') === 'true').toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('hides a column from the chooser and remembers it in this browser', async () => {
    localStorage.clear();
    const { unmount } = renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Choose columns' }));
    const email = await screen.findByRole('checkbox', { name: 'Email' });
    expect((email as HTMLInputElement).checked).toBe(true);
    await userEvent.click(email);
    await waitFor(() => expect(screen.queryByText('ann@example.com')).toBeNull());
    expect(
      localStorage.getItem(`${columnsStorageKey('users')}-columns-toggle`) ?? JSON.stringify(localStorage),
    ).toContain('email');
    unmount();
    renderTable();
    await waitFor(() => expect(screen.queryByText('ann@example.com')).toBeNull());
    expect(within(document.body).getByText('Ann')).toBeTruthy();
  });

  it('hides a column marked defaultToggle false until it is chosen', async () => {
    localStorage.clear();
    renderTable({ columns: [columns[0]!, { ...columns[1]!, defaultToggle: false }] });
    expect(screen.queryByText('ann@example.com')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Choose columns' }));
    const email = (await screen.findByRole('checkbox', { name: 'Email' })) as HTMLInputElement;
    expect(email.checked).toBe(false);
    await userEvent.click(email);
    expect(await screen.findByText('ann@example.com')).toBeTruthy();
  });

  it('has no column chooser without a table key', () => {
    renderTable({ table: undefined, title: undefined, actions: <button type="button">Add</button> });
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose columns' })).toBeNull();
  });

  it('sorts through the server: a sortable header reports the column and the turned direction', async () => {
    const onSortStatusChange = vi.fn();
    renderTable({
      columns: [{ ...columns[0]!, sortable: true }, columns[1]!],
      sortStatus: { columnAccessor: 'name', direction: 'desc' },
      onSortStatusChange,
    });
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Email' }).hasAttribute('aria-sort')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortStatusChange).toHaveBeenCalledWith({ columnAccessor: 'name', direction: 'asc' });
    // Only sortable columns offer it.
    expect(screen.queryByRole('button', { name: 'Email' })).toBeNull();
    // The records stay in the server's order: the table does not sort them itself.
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'NameEmail',
      'Annann@example.com',
      'Benben@example.com',
    ]);
  });

  it('sorts another column in the current direction', async () => {
    const onSortStatusChange = vi.fn();
    renderTable({
      columns: [columns[0]!, { ...columns[1]!, sortable: true }],
      sortStatus: { columnAccessor: 'name', direction: 'desc' },
      onSortStatusChange,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(onSortStatusChange).toHaveBeenCalledWith({ columnAccessor: 'email', direction: 'desc' });
  });

  it('applies a column choice saved by the table it replaced (mantine-datatable)', () => {
    localStorage.clear();
    localStorage.setItem(
      `${columnsStorageKey('users')}-columns-toggle`,
      JSON.stringify([
        { accessor: 'name', defaultToggle: true, toggleable: true, toggled: true },
        { accessor: 'email', defaultToggle: true, toggleable: true, toggled: false },
        { accessor: 'gone', defaultToggle: true, toggleable: true, toggled: true },
      ]),
    );
    renderTable();
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(screen.queryByText('ann@example.com')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name']);
  });

  it('shows the range and a capped total, and a loading state while a page is fetched', () => {
    const { unmount } = renderTable({ page: 2, pageSize: 2, totalRecords: 10_000, countCapped: true });
    expect(screen.getByText('3–4 of 10,000+')).toBeTruthy();
    expect(screen.getByRole('button', { name: '2' })).toBeTruthy();
    unmount();
    renderTable({ records: [], totalRecords: 0, fetching: true });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(document.querySelector('[class*="mantine-Loader"]')).toBeTruthy();
    // Not 'empty' before the answer has come.
    expect(screen.queryByText('This table is empty.')).toBeNull();
  });

  it('opens a row from the keyboard: one row in the Tab order, arrows move, Enter opens', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    const [, ann, ben] = screen.getAllByRole('row');
    expect(ann?.tabIndex).toBe(0);
    expect(ben?.tabIndex).toBe(-1);
    ann?.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(ben);
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });

  it('calls onRowClick with the record', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await userEvent.click(screen.getByText('Ben'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });

  it('lets no chip in a cell shrink below its words (a column of badges grows instead of reading "Redee…")', () => {
    // happy-dom lays nothing out, so the rule itself is checked: Mantine cuts a badge label with an ellipsis, and an
    // automatic table would squeeze the column down to it.
    const tableCss = readFileSync(`${import.meta.dirname}/data-table.module.css`, 'utf8');
    const rule = (selector: string) =>
      tableCss.match(new RegExp(`${selector.replace(/[.()]/g, '\\$&')}\\s*\\{([^}]*)\\}`))?.[1] ?? '';
    expect(rule('.table td :global(.mantine-Badge-root)')).toMatch(/max-width:\s*none/);
    expect(rule('.table td :global(.mantine-Badge-root)')).toMatch(/flex-shrink:\s*0/);
    expect(rule('.table td :global(.mantine-Badge-label)')).toMatch(/overflow:\s*visible/);
  });
});
