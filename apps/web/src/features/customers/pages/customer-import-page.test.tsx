import {
  ADD_CUSTOMER_MESSAGES,
  CUSTOMER_IMPORT_MESSAGES,
  type TCurrency,
  type TCustomerImport,
} from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { IMPORT_TEXTS } from '@/features/customers/import-texts';
import { serveCustomers } from '@/features/customers/test-server';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { listReply } from '@/test/sign-in';
import { fail, ok } from '@/test/stub-api';
import { stubXhr } from '@/test/stub-xhr';

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null });

const IMPORT_ID = 'a'.repeat(24);
const OLDER_ID = 'b'.repeat(24);
const CSV = [
  'external_id,email,name,surname,balance:BC',
  'M-1,ann@example.com,Ann,Smith,10',
  'M-2,ben@example.com,Ben,Jones,0',
  'M-3,not-an-email,Cara,Dube,5',
].join('\n');
const csvFile = () => new File([CSV], 'members.csv', { type: 'text/csv' });

const importFixture = (overrides: Partial<TCustomerImport> = {}): TCustomerImport => ({
  _id: IMPORT_ID,
  file_name: 'members.csv',
  file_size: CSV.length,
  dry_run: true,
  status: 'queued',
  rows: 0,
  rows_done: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  balances_set: 0,
  balances_lowered: 0,
  errors: [],
  failure: null,
  created_by: 'Thandi Nkosi',
  created_at: '2026-11-28T09:15:00.000Z',
  started_at: null,
  finished_at: null,
  ...overrides,
});

const BAD_EMAIL = { row: 4, field: 'email', message: ADD_CUSTOMER_MESSAGES.invalidEmail };

const currency = (code: string) =>
  ({ _id: code.toLowerCase().padEnd(24, '0'), code }) as unknown as TCurrency;

/** Serves the console as the given user on the given plan; the import history is empty unless replaced. */
const serveImport = (
  replies: Parameters<typeof serveCustomers>[1] = {},
  userOverrides: Parameters<typeof serveCustomers>[0] = {},
  plan: 'FREEMIUM' | 'GROWTH' = 'FREEMIUM',
) =>
  serveCustomers(userOverrides, {
    'GET /api/v2/client': () =>
      ok(clientFixture({ _id: 'f'.repeat(24), clientSubscription: { name: plan, status: 'ACTIVE' } })),
    'GET /api/customers/imports': () => listReply([]),
    ...replies,
  });

const openImport = async (path = '/console/customers/import') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Import customers' });
  return view;
};

/** A table's body rows as lists of cell texts. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** Captures what "Download a sample file" saves. */
const captureDownloads = () => {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:sample';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('customer import page', () => {
  it('explains the columns and offers a sample, the file box and the two buttons', async () => {
    serveImport();
    await openImport();
    const explanation = screen.getByRole('region', { name: 'The file' });
    for (const column of ['external_id', 'email', 'cell_number', 'branch', 'tier', 'level', 'balance:<CODE>'])
      expect(within(explanation).getAllByText(column).length).toBeGreaterThan(0);
    expect(within(explanation).getByText(/one of Bronze, Silver, Gold, Platinum, Diamond/)).toBeTruthy();
    expect(within(explanation).getByText(/Importing the same file again changes nothing/)).toBeTruthy();
    expect(screen.getByLabelText('CSV file')).toBeTruthy();
    // The way back reads as on the customer profile.
    expect(screen.getByRole('link', { name: 'Back to Customers' }).getAttribute('href')).toBe(
      '/console/customers',
    );
    // Nothing to send until a file is chosen.
    expect(screen.getByRole('button', { name: 'Check file' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    expect(await screen.findByText(/members\.csv \(1 KB\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check file' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
  });

  it("builds the sample with the client's currency codes on a plan with an economy", async () => {
    const blobs = captureDownloads();
    serveImport(
      { 'GET /api/economy/currencies': () => listReply([currency('BC'), currency('ZAR')]) },
      {},
      'GROWTH',
    );
    await openImport();
    await screen.findByText('balance:BC');
    await user.click(screen.getByRole('button', { name: 'Download a sample file' }));
    const lines = (await blobs[0]?.text())?.trim().split('\r\n');
    expect(lines?.[0]).toBe(
      'external_id,email,cell_number,name,surname,birthday,loyalty_number,branch,tier,level,balance:BC,balance:ZAR',
    );
    expect(lines).toHaveLength(3);
    expect(lines?.[1]).toMatch(
      /^M-1001,thandi\.nkosi@example\.com,0821234567,Thandi,Nkosi,.*,150\.00,150\.00$/,
    );
  });

  it('leaves the balance columns out of the sample without an economy', async () => {
    const blobs = captureDownloads();
    const api = serveImport();
    await openImport();
    await user.click(screen.getByRole('button', { name: 'Download a sample file' }));
    const header = (await blobs[0]?.text())?.split('\r\n')[0];
    expect(header).toBe(
      'external_id,email,cell_number,name,surname,birthday,loyalty_number,branch,tier,level',
    );
    expect(api.callsTo('GET /api/economy/currencies')).toHaveLength(0);
  });

  it('a check lists the bad row with its row number, field and message, and says nothing was written', async () => {
    const xhr = stubXhr();
    serveImport({
      'POST /api/customers/imports': () => ok(importFixture(), CUSTOMER_IMPORT_MESSAGES.checkStarted),
      [`GET /api/customers/imports/${IMPORT_ID}`]: () =>
        ok(
          importFixture({
            status: 'completed',
            rows: 3,
            rows_done: 3,
            created: 2,
            failed: 1,
            errors: [BAD_EMAIL],
          }),
        ),
    });
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    const { router } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: 'Rows with errors' });
    // The run's report is brought into view (it starts below the upload panel).
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    expect(bodyRows(table)).toEqual([['4', 'email', ADD_CUSTOMER_MESSAGES.invalidEmail]]);
    expect(screen.getByText('Row numbers count the header as row 1, as a spreadsheet does.')).toBeTruthy();
    // A checked file stays chosen, ready to import.
    expect(screen.getByText(/members\.csv \(1 KB\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', false);
    expect(screen.getByText('Nothing was written: this was a check.')).toBeTruthy();
    expect(
      screen.getByText('1 row of 3 would fail: 2 would be created, 0 updated, 0 unchanged.'),
    ).toBeTruthy();
    expect(screen.getByText('3 / 3 rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download errors (CSV)' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?import=${IMPORT_ID}`);

    // The flag goes before the file, so that the server's streaming reader has it first.
    const form = xhr.calls[0]?.body as FormData;
    expect([...form.keys()]).toEqual(['dry_run', 'file']);
    expect(form.get('dry_run')).toBe('true');
    expect((form.get('file') as File).name).toBe('members.csv');
    expect(xhr.calls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('a check warns when opening balances would go down against the last import, and an import says they did', async () => {
    stubXhr();
    let dryRun = true;
    serveImport({
      'POST /api/customers/imports': () =>
        ok(importFixture({ dry_run: dryRun }), CUSTOMER_IMPORT_MESSAGES.started),
      [`GET /api/customers/imports/${IMPORT_ID}`]: () =>
        ok(
          importFixture({
            dry_run: dryRun,
            status: 'completed',
            rows: 3,
            rows_done: 3,
            updated: 3,
            balances_set: 3,
            balances_lowered: dryRun ? 2 : 1,
          }),
        ),
    });
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(
      await screen.findByText(
        '2 opening balances would go down against the last import: the difference would be taken back from what those wallets still hold.',
      ),
    ).toBeTruthy();
    dryRun = false;
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(
        "1 opening balance went down against the last import: the difference was taken back from what the member's wallet still holds.",
      ),
    ).toBeTruthy();
  });

  it('shows the upload going up, then rows done of rows while it runs, then what it did', async () => {
    const xhr = stubXhr({ steps: [0.5], hold: true });
    let reads = 0;
    const api = serveImport({
      'POST /api/customers/imports': () =>
        ok(importFixture({ dry_run: false }), CUSTOMER_IMPORT_MESSAGES.started),
      [`GET /api/customers/imports/${IMPORT_ID}`]: () => {
        reads += 1;
        return ok(
          reads === 1
            ? importFixture({ dry_run: false, status: 'running', rows: 6, rows_done: 3, created: 3 })
            : importFixture({
                dry_run: false,
                status: 'completed',
                rows: 6,
                rows_done: 6,
                created: 5,
                failed: 1,
                balances_set: 4,
                errors: [BAD_EMAIL],
              }),
        );
      },
    });
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Uploading members.csv… 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow')).toBe('50');

    xhr.release();
    expect(await screen.findByText('3 / 6 rows')).toBeTruthy();
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Rows done' }).getAttribute('aria-valuenow')).toBe('50');

    expect(await screen.findByText('6 / 6 rows')).toBeTruthy();
    expect(screen.getByText('5 created, 0 updated, 0 unchanged, 1 failed')).toBeTruthy();
    expect(screen.getByText('4 opening balances set (ledger type Opening Balance).')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect((xhr.calls[0]?.body as FormData | undefined)?.get('dry_run')).toBe('false');
    // The finished import reloads the history.
    await waitFor(() => expect(api.callsTo('GET /api/customers/imports').length).toBeGreaterThan(1));
  });

  it('says the file is being processed once it is up, until the import reports its rows; then clears the file', async () => {
    const xhr = stubXhr({ steps: [0.5, 1], hold: true });
    serveImport({
      'POST /api/customers/imports': () =>
        ok(importFixture({ dry_run: false, rows: 3 }), CUSTOMER_IMPORT_MESSAGES.started),
      [`GET /api/customers/imports/${IMPORT_ID}`]: () =>
        ok(importFixture({ dry_run: false, status: 'running', rows: 3, rows_done: 1, created: 1 })),
    });
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Processing members.csv…')).toBeTruthy();
    expect(screen.queryByText(/Uploading members\.csv/)).toBeNull();
    // Indeterminate: a moving bar with no value to read.
    const bar = screen.getByRole('progressbar', { name: 'Processing the file' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.querySelector('[data-animated]')).toBeTruthy();

    xhr.release();
    expect(await screen.findByText('1 / 3 rows')).toBeTruthy();
    expect(screen.queryByText('Processing members.csv…')).toBeNull();
    // Imported: the box asks for a file again, so Import cannot send the same one twice by accident.
    expect(screen.getByText('Drop a CSV file here or click to choose one')).toBeTruthy();
    expect(screen.queryByText(/members\.csv \(1 KB\)/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Check file' })).toHaveProperty('disabled', true);
  });

  it("opens the message modal with the server's message when the header is refused", async () => {
    stubXhr();
    serveImport({
      'POST /api/customers/imports': () => fail(400, CUSTOMER_IMPORT_MESSAGES.needKey),
    });
    const { router } = await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when importing your customers!',
    });
    expect(within(modal).getByText(CUSTOMER_IMPORT_MESSAGES.needKey)).toBeTruthy();
    expect(router.state.location.search).toBe('');
    // The refused file stays chosen, to be sent again once it is mended.
    expect(screen.getByText(/members\.csv \(1 KB\)/)).toBeTruthy();
  });

  it("titles a refused currency as the area's import failure", async () => {
    stubXhr();
    serveImport({
      'POST /api/customers/imports': () => fail(400, CUSTOMER_IMPORT_MESSAGES.unknownCurrency('XYZ')),
    });
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when importing your customers!',
    });
    expect(within(modal).getByText(CUSTOMER_IMPORT_MESSAGES.unknownCurrency('XYZ'))).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Something went wrong!' })).toBeNull();
  });

  it('refuses a file that is not CSV before sending anything', async () => {
    const xhr = stubXhr();
    serveImport();
    await openImport();
    // As a drop would: the file dialog's filter is not there to stop it.
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(screen.getByLabelText('CSV file'), new File(['x'], 'members.xlsx'));
    expect(await screen.findByText(CUSTOMER_IMPORT_MESSAGES.fileRequired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(xhr.calls).toHaveLength(0);
  });

  it('refuses an empty file before sending anything', async () => {
    const xhr = stubXhr();
    serveImport();
    await openImport();
    await user.upload(screen.getByLabelText('CSV file'), new File([], 'members.csv', { type: 'text/csv' }));
    expect(await screen.findByText(CUSTOMER_IMPORT_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check file' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(xhr.calls).toHaveLength(0);
  });

  it('lists past imports with their type and counts, and a row opens its report', async () => {
    serveImport({
      'GET /api/customers/imports': () =>
        listReply(
          [
            importFixture({
              dry_run: false,
              status: 'completed',
              rows: 6,
              rows_done: 6,
              created: 5,
              failed: 1,
            }),
            importFixture({
              _id: OLDER_ID,
              file_name: 'first-try.csv',
              status: 'failed',
              rows: 200,
              rows_done: 120,
              created: 0,
              failure: CUSTOMER_IMPORT_MESSAGES.fileLost,
              created_by: null,
              created_at: '2026-11-27T08:00:00.000Z',
            }),
          ].map(({ errors: _errors, ...item }) => item),
          17,
        ),
      [`GET /api/customers/imports/${OLDER_ID}`]: () =>
        ok(
          importFixture({
            _id: OLDER_ID,
            file_name: 'first-try.csv',
            status: 'failed',
            rows: 200,
            rows_done: 120,
            failure: CUSTOMER_IMPORT_MESSAGES.fileLost,
          }),
        ),
    });
    const { router } = await openImport();
    await screen.findByText('first-try.csv');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'File',
      'Started by',
      'Date',
      'Type',
      'Status',
      'Rows',
      'Created',
      'Updated',
      'Failed',
    ]);
    const table = screen.getByText('first-try.csv').closest('table') as HTMLElement;
    expect(bodyRows(table)).toEqual([
      ['members.csv', 'Thandi Nkosi', '28 Nov 2026, 09:15', 'Import', 'Completed', '6', '5', '0', '1'],
      ['first-try.csv', '—', '27 Nov 2026, 08:00', 'Check (nothing written)', 'Failed', '200', '0', '0', '0'],
    ]);

    await user.click(screen.getByText('first-try.csv'));
    await waitFor(() => expect(router.state.location.search).toBe(`?import=${OLDER_ID}`));
    expect(await screen.findByText(CUSTOMER_IMPORT_MESSAGES.fileLost)).toBeTruthy();
    expect(screen.getByText('120 / 200 rows')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check: first-try.csv' })).toBeTruthy();
  });

  it('the Customers page offers Import to those who may add customers only', async () => {
    serveImport(
      {},
      {
        role: 'BRANCH_MANAGER',
        user_permissions: { CUSTOMERS: { read: true, create: true, update: false, delete: false } },
      },
    );
    const { router, unmount } = renderApp('/console/customers');
    await screen.findByText('ann@example.co.za');
    await user.click(screen.getByRole('link', { name: 'Import' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/customers/import'));
    unmount();

    serveImport(
      {},
      {
        role: 'BRANCH_MANAGER',
        user_permissions: { CUSTOMERS: { read: true, create: false, update: false, delete: false } },
      },
    );
    const list = renderApp('/console/customers');
    await screen.findByText('ann@example.co.za');
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    list.unmount();

    // Opened by its address, the page says why there is no file box rather than leaving it out silently.
    renderApp('/console/customers/import');
    expect(await screen.findByText(IMPORT_TEXTS.readOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: IMPORT_TEXTS.check })).toBeNull();
  });
});
