import { z } from 'zod';
import { IMPORT_MESSAGES } from '../commerce/catalogue';
import { TIERS } from '../gamification/tiers';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { queryBoolean, ZPageQuery } from '../http/fields';
import { ZId } from '../shared/ids';
import {
  customerKeyRule,
  namesCustomerKey,
  ZAddCustomerRequest,
  ZCustomerCellNumber,
  ZCustomerEmail,
  ZCustomerExternalId,
} from './customers';
import { ZLoyaltySignUpRequest } from './loyalty';

/**
 * Moving members in (DESIGN §10): a CSV whose header names these columns in any order and case, plus one
 * `balance:<CURRENCY CODE>` column per opening balance. `branch` is a branch's name; `tier` one of Bronze…Diamond.
 */
export const CUSTOMER_IMPORT_COLUMNS = [
  'external_id',
  'email',
  'cell_number',
  'name',
  'surname',
  'birthday',
  'loyalty_number',
  'branch',
  'tier',
  'level',
] as const;
export type TCustomerImportColumn = (typeof CUSTOMER_IMPORT_COLUMNS)[number];
export const CUSTOMER_IMPORT_REQUIRED_COLUMNS = ['name', 'surname'] as const;
export const CUSTOMER_IMPORT_BALANCE_PREFIX = 'balance:';
/** Files are streamed (never held whole in memory): a whole programme of a million members fits. */
export const CUSTOMER_IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** The errors an import's report carries inline; all of them are in the errors CSV. */
export const CUSTOMER_IMPORT_REPORT_ERRORS = 100;
export const CUSTOMER_IMPORT_SAMPLE_PATH = '/customer-import-sample.csv';

export const ZCustomerImportStatus = z.enum(['queued', 'running', 'completed', 'failed']);
export type TCustomerImportStatus = z.infer<typeof ZCustomerImportStatus>;
export const CUSTOMER_IMPORT_STATUSES = ZCustomerImportStatus.options;
export const CUSTOMER_IMPORT_STATUS_LABELS: Record<TCustomerImportStatus, string> = {
  queued: 'Waiting',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
};

export const CUSTOMER_IMPORT_MESSAGES = {
  fileRequired: IMPORT_MESSAGES.fileRequired,
  sendCsv: 'Send the CSV file as multipart/form-data (field "file").',
  tooLarge: `Import files may be at most ${CUSTOMER_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`,
  empty: IMPORT_MESSAGES.empty,
  missingColumn: IMPORT_MESSAGES.missingColumn,
  unknownColumn: IMPORT_MESSAGES.unknownColumn,
  notText: IMPORT_MESSAGES.notText,
  duplicateColumn: IMPORT_MESSAGES.duplicateColumn,
  unreadable: IMPORT_MESSAGES.unreadable,
  needKey: "The header row needs an 'external_id' or an 'email' column.",
  headerTooLong: 'The header row is longer than 64 KB: the first line must name the columns.',
  headerChanged: 'The header row reads differently from when the file was checked. Upload the file again.',
  unknownCurrency: (code: string) => `There is no currency with code '${code}'.`,
  repeatedKey: IMPORT_MESSAGES.repeatedKey,
  keyRequired: 'external_id or email is required',
  unknownBranch: (name: string) => `There is no branch named '${name}'.`,
  branchNotManaged: 'You can only add customers to the branches you manage.',
  branchRequired: 'Choose one of the branches you manage.',
  suspended: 'This customer is suspended: an import does not reactivate them.',
  emailTaken: 'A customer with this email address already exists.',
  cellTaken: 'A customer with this cell number already exists.',
  externalIdTaken: 'A customer with this external_id already exists.',
  loyaltyNumberTaken: 'This loyalty number belongs to another customer.',
  sameCustomerAs: (row: number) => `This row names the same customer as row ${row}.`,
  keyTakenMeanwhile:
    'A customer with this email address, cell number, loyalty number or external_id already exists.',
  invalidBalance: 'Enter a balance of 0 or more, with at most two decimals.',
  balanceTooLarge: 'Enter a balance of at most 9999999999999.99.',
  levelAboveTrack: (top: number) =>
    `Level must be between 0 and ${top}, the highest level of the level track.`,
  extraCells: (columns: number) => `This row has more cells than the header's ${columns} columns.`,
  invalidTier: `Tier must be one of ${TIERS.join(', ')}.`,
  invalidLevel: 'Level must be a whole number of 0 or more.',
  updateNeedsPermission: 'Updating existing customers needs the Edit permission on Customers.',
  tabSeparated:
    'The cells of this file are separated by tabs: save it as CSV (comma-separated) and choose it again.',
  standingNeedsAdmin:
    'Only an admin may import opening balances, tiers and levels, as only an admin adjusts wallets.',
  started: 'Import started.',
  checkStarted: 'Check started: nothing is written.',
  retrieved: 'Import retrieved.',
  notFound: 'This import could not be found.',
  interrupted: 'The import stopped unexpectedly and will resume.',
  fileLost: 'The import file could not be read back. Please upload it again.',
} as const;

/** A row problem: the spreadsheet row (the header is row 1), the column and the add form's message. */
export const ZCustomerImportError = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type TCustomerImportError = z.infer<typeof ZCustomerImportError>;

export const ZCustomerImport = z.object({
  _id: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  dry_run: z.boolean(),
  status: ZCustomerImportStatus,
  /** Data rows in the file (blank lines not counted). */
  rows: z.number().int(),
  rows_done: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** The opening balances written (ledger rows of type Opening Balance). */
  balances_set: z.number().int(),
  /**
   * Of those, how many were lower than the opening balance imported before for that member and currency: the
   * difference is taken back from what the wallet still holds. A dry run counts what a run would lower.
   */
  balances_lowered: z.number().int(),
  /** The first CUSTOMER_IMPORT_REPORT_ERRORS errors, by row; `failed` counts them all. */
  errors: z.array(ZCustomerImportError),
  /** A problem that stopped the whole import (the file could not be read back…); null otherwise. */
  failure: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TCustomerImport = z.infer<typeof ZCustomerImport>;

export const ZCustomerImportListItem = ZCustomerImport.omit({ errors: true });
export type TCustomerImportListItem = z.infer<typeof ZCustomerImportListItem>;

const decimalCell = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, { message: CUSTOMER_IMPORT_MESSAGES.invalidBalance, abort: true })
  .regex(/^\d{1,13}(\.\d+)?$/, CUSTOMER_IMPORT_MESSAGES.balanceTooLarge);
const tierCell = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const tier = TIERS.find((name) => name.toLowerCase() === value.toLowerCase());
    if (!tier) ctx.addIssue({ code: 'custom', message: CUSTOMER_IMPORT_MESSAGES.invalidTier });
    return tier ?? TIERS[0];
  });
const levelCell = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, CUSTOMER_IMPORT_MESSAGES.invalidLevel)
  .transform(Number);

/**
 * One data row, its empty cells left out: the integrator's enrolment rules and messages (the add form's), plus
 * the branch by name, the standing and the opening balances (by currency code).
 */
export const ZCustomerImportRow = ZAddCustomerRequest.pick({ name: true, surname: true, birthday: true })
  .extend({
    external_id: ZCustomerExternalId.optional(),
    email: ZCustomerEmail.optional(),
    cell_number: ZCustomerCellNumber.optional(),
    loyalty_number: ZLoyaltySignUpRequest.shape.loyalty_number.optional(),
    branch: z.string().trim().max(200).optional(),
    tier: tierCell.optional(),
    level: levelCell.optional(),
    balances: z.record(z.string(), decimalCell),
  })
  .refine((row) => namesCustomerKey(row), customerKeyRule(CUSTOMER_IMPORT_MESSAGES.keyRequired));
export type TCustomerImportRow = z.output<typeof ZCustomerImportRow>;

const tags = ['customers'];

export const ZStartCustomerImportQuery = z.object({
  dry_run: queryBoolean('dry_run must be true or false').default(false),
});

export const startCustomerImport = defineEndpoint({
  method: 'POST',
  path: '/customers/imports',
  permission: 'CUSTOMERS:create',
  token: 'client',
  summary: `Import customers from CSV (multipart field "file", at most ${CUSTOMER_IMPORT_MAX_BYTES / (1024 * 1024)} MB; columns ${CUSTOMER_IMPORT_COLUMNS.join(', ')} and balance:<CURRENCY CODE>, header first, any order). 202 with the import: it runs in the background (poll GET /customers/imports/{id}). A dry run (dry_run=true) checks every row and writes nothing. A run upserts by external_id (else email); opening balances become Opening Balance ledger rows; importing the same file again changes nothing. The header is checked at once (400).`,
  tags,
  query: ZStartCustomerImportQuery,
  upload: {
    file: 'The CSV file (UTF-8, a header row first)',
    fields: { dry_run: 'true to check the file without writing anything (also accepted in the query)' },
  },
  response: envelopeOf(ZCustomerImport),
});

export const ZCustomerImportListQuery = ZPageQuery.pick({ page: true, size: true });

export const listCustomerImports = defineEndpoint({
  method: 'GET',
  path: '/customers/imports',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'The history of customer imports, newest first',
  tags,
  query: ZCustomerImportListQuery,
  response: envelopeOf(z.array(ZCustomerImportListItem)),
});

export const getCustomerImport = defineEndpoint({
  method: 'GET',
  path: '/customers/imports/:id',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'One import: status, progress (rows_done of rows), counts and the first errors',
  tags,
  params: z.object({ id: ZId }),
  response: envelopeOf(ZCustomerImport),
});

export const downloadCustomerImportErrors = defineEndpoint({
  method: 'GET',
  path: '/customers/imports/:id/errors',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary: 'Every failed row of an import as CSV (row, field, message), streamed',
  tags,
  params: z.object({ id: ZId }),
  response: z.string(),
});
