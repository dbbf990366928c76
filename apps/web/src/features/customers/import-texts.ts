import {
  CUSTOMER_IMPORT_BALANCE_PREFIX,
  type CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_BYTES,
  type TCustomerImport,
  TIERS,
} from '@laurel/contract';

const count = (value: number) => value.toLocaleString('en-US');
const rows = (value: number) => `${count(value)} ${value === 1 ? 'row' : 'rows'}`;

/** The Import page's own copy (DESIGN §10); the server's messages come from the contract. */
export const IMPORT_TEXTS = {
  title: 'Import customers',
  importButton: 'Import',
  backToCustomers: 'Back to Customers',
  intro:
    'Bring a whole programme across from a CSV file: members, their opening balances and their standing. Check the file first; a check reads every row and writes nothing.',
  fileLabel: 'CSV file',
  filePrompt: 'Drop a CSV file here or click to choose one',
  fileHint: `.csv, comma-separated, UTF-8, a header row first; at most ${CUSTOMER_IMPORT_MAX_BYTES / (1024 * 1024)} MB`,
  check: 'Check file',
  run: 'Import',
  sample: 'Download a sample file',
  sampleFileName: 'customer-import-sample.csv',
  downloadErrors: 'Download errors (CSV)',
  downloadingErrors: 'Downloading import errors',
  historyTitle: 'Past imports',
  /** Shown instead of the file picker to a user who may see imports but not add customers. */
  readOnly: 'You can see past imports here. Importing a file needs the Add permission on Customers.',
  errorsTitle: 'Rows with errors',
  chosen: (name: string, size: string) => `${name} (${size})`,
  uploading: (name: string, percent: number) => `Uploading ${name}… ${percent}%`,
  /** The file is up; the server counts and stores its rows before the import's own progress can show. */
  processing: (name: string) => `Processing ${name}…`,
  processingLabel: 'Processing the file',
  /** The title of the message modal when the server refuses the file at once (a header, a currency). */
  startFailed: 'Something went wrong when importing your customers!',
  rowNumbers: 'Row numbers count the header as row 1, as a spreadsheet does.',
  progress: (done: number, total: number) => `${count(done)} / ${count(total)} rows`,
  waiting: 'Waiting to start…',
  kind: (dryRun: boolean) => (dryRun ? 'Check' : 'Import'),
  historyKind: (dryRun: boolean) => (dryRun ? 'Check (nothing written)' : 'Import'),
  summary: (run: Pick<TCustomerImport, 'created' | 'updated' | 'unchanged' | 'failed'>) =>
    `${count(run.created)} created, ${count(run.updated)} updated, ${count(run.unchanged)} unchanged, ${count(run.failed)} failed`,
  checkTitle: 'Nothing was written: this was a check.',
  /** A check counts what an import of the file would do. */
  checkSummary: (run: Pick<TCustomerImport, 'rows' | 'created' | 'updated' | 'unchanged' | 'failed'>) =>
    `${run.failed === 0 ? `All ${rows(run.rows)} can be imported` : `${rows(run.failed)} of ${count(run.rows)} would fail`}: ${count(run.created)} would be created, ${count(run.updated)} updated, ${count(run.unchanged)} unchanged.`,
  balancesSet: (value: number) =>
    `${count(value)} opening ${value === 1 ? 'balance' : 'balances'} set (ledger type Opening Balance).`,
  /** Opening balances lower than the ones imported before: the difference leaves the members' wallets. */
  balancesLowered: (value: number, dryRun: boolean) =>
    `${count(value)} opening ${value === 1 ? 'balance' : 'balances'} ${dryRun ? 'would go' : 'went'} down against the last import: the difference ${dryRun ? 'would be' : 'was'} taken back from what ${value === 1 ? "the member's wallet" : 'those wallets'} still ${value === 1 ? 'holds' : 'hold'}.`,
  someErrorsShown: (shown: number, failed: number) =>
    `The first ${count(shown)} of ${count(failed)} failed rows; download the CSV for all of them.`,
  failedTitle: 'The import stopped',
} as const;

/** What the explanation says about each column (DESIGN §10). */
export const IMPORT_COLUMN_HELP: Record<(typeof CUSTOMER_IMPORT_COLUMNS)[number], string> = {
  external_id: 'your own id for the member; a row updates the customer with this id',
  email: 'used to find the customer when there is no external_id',
  cell_number: '0 or +27, then 6, 7 or 8 and 8 digits',
  name: 'required',
  surname: 'required',
  birthday: 'YYYY-MM-DD',
  loyalty_number: "the member's loyalty card number",
  branch: "a branch's name, as in Settings → Branches",
  tier: `one of ${TIERS.join(', ')}`,
  level: 'a whole number of 0 or more',
};

export const BALANCE_COLUMN_EXAMPLE = `${CUSTOMER_IMPORT_BALANCE_PREFIX}<CODE>`;
