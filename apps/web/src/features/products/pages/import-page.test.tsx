import { IMPORT_MESSAGES, type TImportReport } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveCatalogue } from '@/features/products/test-server';
import { jsonResponse, renderApp } from '@/test/render-app';
import { ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const CSV = 'title,sku,price\nFlat White,FW-001,38.50\nMuffin,,abc\nScone,SC-1,22\n';
const csvFile = () => new File([CSV], 'products.csv', { type: 'text/csv' });

const refused: TImportReport = {
  imported: false,
  rows: 3,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  errors: [
    { row: 3, column: 'sku', field: 'sku', message: 'sku is required' },
    { row: 3, column: 'price', field: 'price', message: 'price must be a number' },
  ],
};

const openImport = async () => {
  const view = renderApp('/console/products/import');
  await screen.findByRole('heading', { level: 1, name: 'Import Products' });
  return view;
};

describe('product CSV import', () => {
  it('lists each bad row with its column and message, imports nothing, then imports the valid rows only', async () => {
    let calls = 0;
    const api = serveCatalogue(
      {},
      {
        'POST /api/products/import': () => {
          calls += 1;
          if (calls === 1)
            return jsonResponse(400, {
              success: false,
              message: IMPORT_MESSAGES.nothingImported(1),
              content: refused,
            });
          return ok(
            { ...refused, imported: true, created: 2, updated: 0, unchanged: 0, skipped: 1 },
            IMPORT_MESSAGES.importedSkipping(2, 0, 0, 1),
          );
        },
      },
    );
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());

    const report = await screen.findByRole('table', { name: 'Rows with errors' });
    const rows = within(report).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'sku', 'sku is required'],
      ['3', 'price', 'price must be a number'],
    ]);
    expect(screen.getByText('1 row has errors; nothing was imported.')).toBeTruthy();
    expect(api.callsTo('POST /api/products/import')[0]?.url).toContain('skip_invalid=false');
    expect(api.callsTo('POST /api/products/import')[0]?.body).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Import valid rows only' }));
    await waitFor(() => expect(api.callsTo('POST /api/products/import')).toHaveLength(2));
    expect(api.callsTo('POST /api/products/import')[1]?.url).toContain('skip_invalid=true');
    expect(await screen.findByText('Import finished')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Created' })).getByText('2')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Updated' })).getByText('0')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Unchanged' })).getByText('0')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Skipped' })).getByText('1')).toBeTruthy();
  });

  it('shows the created, updated and unchanged counts of a clean file', async () => {
    serveCatalogue(
      {},
      {
        'POST /api/products/import': () =>
          ok(
            { imported: true, rows: 3, created: 0, updated: 1, unchanged: 2, skipped: 0, errors: [] },
            IMPORT_MESSAGES.imported(0, 1, 2),
          ),
      },
    );
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    expect(await screen.findByText('Import finished: 0 created, 1 updated, 2 unchanged.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Unchanged' })).getByText('2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import valid rows only' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Skipped' })).toBeNull();
  });

  it('refuses a file that is not CSV before sending it', async () => {
    const api = serveCatalogue();
    await openImport();
    // As a drop would, past the file dialog's filter.
    const anyFile = userEvent.setup({ delay: null, applyAccept: false });
    await anyFile.upload(
      screen.getByLabelText('CSV file'),
      new File(['x'], 'photo.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(IMPORT_MESSAGES.fileRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/products/import')).toHaveLength(0);
  });
});
