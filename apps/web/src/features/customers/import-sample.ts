import { CUSTOMER_IMPORT_BALANCE_PREFIX, CUSTOMER_IMPORT_COLUMNS, TIERS } from '@laurel/contract';

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

type TSampleRow = Record<(typeof CUSTOMER_IMPORT_COLUMNS)[number], string>;

// Two members: one known by the client's own id with a standing, one known only by email. Neither is a demo member:
// the sample imported into the demo business must add people, not move a demo member's balance.
const SAMPLE_ROWS: TSampleRow[] = [
  {
    external_id: 'M-1001',
    email: 'thandi.nkosi@example.com',
    cell_number: '0821234567',
    name: 'Thandi',
    surname: 'Nkosi',
    birthday: '1988-04-12',
    loyalty_number: 'LC-1001',
    branch: '',
    tier: TIERS[1] ?? '',
    level: '3',
  },
  {
    external_id: '',
    email: 'grace.mahlaba@example.com',
    cell_number: '',
    name: 'Grace',
    surname: 'Mahlaba',
    birthday: '',
    loyalty_number: '',
    branch: '',
    tier: '',
    level: '',
  },
];
const SAMPLE_BALANCES = ['150.00', '35.00'];

/**
 * A small file to start from: every column the import knows and two example rows, with an opening balance in each
 * of the given currency codes (none when the user cannot see the client's currencies).
 */
export const sampleImportCsv = (currencyCodes: readonly string[]) => {
  const header = [
    ...CUSTOMER_IMPORT_COLUMNS,
    ...currencyCodes.map((code) => `${CUSTOMER_IMPORT_BALANCE_PREFIX}${code}`),
  ];
  const lines = SAMPLE_ROWS.map((row, index) => [
    ...CUSTOMER_IMPORT_COLUMNS.map((column) => row[column]),
    ...currencyCodes.map(() => SAMPLE_BALANCES[index] ?? ''),
  ]);
  return `${[header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
};
