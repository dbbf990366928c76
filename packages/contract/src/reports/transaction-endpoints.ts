import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageSize } from '../http/fields';
import type { TPermission } from '../http/permissions';
import { ZRedemptionStatus, ZRewardItemType } from '../rewards/rewards';
import { ZIsoDate } from '../shared/dates';
import { ZId } from '../shared/ids';
import { readNumber } from '../shared/numbers';
import { COUNT_CAP, countCapAhead } from '../shared/paging';
import { EXPORT_FIELDS, ZExportFormat } from './exports';
import {
  type TReportKind,
  ZChallengeTransactionStatus,
  ZEconomyTransactionType,
  ZRewardTrackTransactionStatus,
} from './transactions';

/** Reports list 10 rows a page (spec 3 §2); filter options come from the server over the whole set. */
export const TRANSACTION_PAGE_SIZE = 10;

/**
 * A filtered report counts its matches only a hundred pages past the page shown ('1,000+' on page 1 of 10 rows):
 * counting 10,000 rows of a ledger of millions that match one filter in six costs a read of 60,000. The unfiltered
 * list (branch scope aside) keeps the 10,000 cap: every row matches, so counting them is cheap.
 */
export const TRANSACTION_FILTERED_COUNT_PAGES = 100;
export const transactionCountCap = (page: number, size: number, filtered: boolean) =>
  filtered ? countCapAhead(page, size, TRANSACTION_FILTERED_COUNT_PAGES) : COUNT_CAP;

/**
 * The multi-select filters of each report (spec 3 §2): the query parameter is the row field it filters, its
 * value the chosen options joined with '|'.
 */
export const TRANSACTION_MULTI_FILTERS = {
  economy: ['branch_location', 'transaction_type', 'currency'],
  challenges: ['branch_location', 'challenge_status', 'challenge_name'],
  badges: ['badge_category', 'badge_level', 'branch_location', 'badge_name'],
  'reward-tracks': ['branch_location', 'status', 'reward_track_name'],
  redemptions: ['branch_location', 'status', 'reward_name'],
} as const satisfies Record<TReportKind, readonly string[]>;
export type TTransactionMultiFilter = (typeof TRANSACTION_MULTI_FILTERS)[TReportKind][number];

/** The labels the toolbar shows for each multi-select. */
export const TRANSACTION_FILTER_LABELS: Record<TTransactionMultiFilter, string> = {
  branch_location: 'Branches',
  transaction_type: 'Types',
  currency: 'Currencies',
  challenge_status: 'Status',
  challenge_name: 'Challenges',
  badge_category: 'Categories',
  badge_level: 'Levels',
  badge_name: 'Badges',
  status: 'Status',
  reward_track_name: 'Reward Tracks',
  reward_name: 'Rewards',
};

/**
 * What each empty multi-select says it shows, in every report alike ('All branches'), as the rewards list's selects
 * do. The spec gives no placeholder for these filters; a new filter must name its own here.
 */
export const TRANSACTION_FILTER_PLACEHOLDERS: Record<TTransactionMultiFilter, string> = {
  branch_location: 'All branches',
  transaction_type: 'All types',
  currency: 'All currencies',
  challenge_status: 'All statuses',
  challenge_name: 'All challenges',
  badge_category: 'All categories',
  badge_level: 'All levels',
  badge_name: 'All badges',
  status: 'All statuses',
  reward_track_name: 'All reward tracks',
  reward_name: 'All rewards',
};

/** What min_value / max_value compare, per report (the spec leaves it open; the column a reader would expect). */
export const TRANSACTION_VALUE_FIELDS = {
  economy: 'value',
  challenges: 'xp_points_earned',
  badges: 'xp_points_earned',
  'reward-tracks': 'reward_value',
  redemptions: 'cost',
} as const satisfies Record<TReportKind, string>;

export const TRANSACTION_FILTER_MESSAGES = {
  minValueNumber: 'Min value must be a number',
  maxValueNumber: 'Max value must be a number',
  maxBelowMin: 'Max value must not be less than min value',
  endBeforeStart: 'End date must not be before start date',
  /** What the console's min and max fields say while their text is not a number (it is then not sent). */
  enterNumber: 'Enter a number',
  exportRunning:
    'An export is already running for your business. Please wait for it to finish and try again.',
  exportExpired: 'This export has expired or does not exist. Please export again.',
  unknownField: (field: string) => `Unknown export field: ${field}`,
} as const;

/** The longest free-text number a filter takes. */
export const FREE_NUMBER_MAX_LENGTH = 40;

/**
 * A free-text number as typed (spec 3 §5 'min and max values are free text'): blank is no number (undefined),
 * thousands separators are ignored ('1,000.5'), anything else that does not read as a finite number is NaN.
 */
export const readFreeNumber = (text: string): number | undefined => {
  const value = text.trim();
  if (value === '') return undefined;
  if (value.length > FREE_NUMBER_MAX_LENGTH) return Number.NaN;
  return readNumber(value.replace(/,/g, '')) ?? Number.NaN;
};

/**
 * Free-text numbers on the server: blank is no filter, anything else must read as a number (else 400). A JSON body
 * (an export's filters) may send a plain number too.
 */
const freeNumber = (message: string) =>
  z
    .union([z.number(), z.string().trim().max(FREE_NUMBER_MAX_LENGTH, message)])
    .optional()
    .transform((value, ctx) => {
      const number =
        typeof value === 'number'
          ? Number.isFinite(value)
            ? value
            : Number.NaN
          : value === undefined
            ? undefined
            : readFreeNumber(value);
      if (Number.isNaN(number)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

const multi = z.string().trim().max(2000).optional();

const ZFilterFields = z.object({
  /** Matched against the customer and the report's names; terms joined with '|' match any of them (spec 3). */
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
  start_date: ZIsoDate.optional(),
  end_date: ZIsoDate.optional(),
  min_value: freeNumber(TRANSACTION_FILTER_MESSAGES.minValueNumber),
  max_value: freeNumber(TRANSACTION_FILTER_MESSAGES.maxValueNumber),
  /** One customer's transactions (the customer profile links here). */
  customer_id: ZId.optional(),
  /** The staff user the console sends (spec 3 §7); the server knows who is asking. */
  user_id: z.string().max(64).optional(),
  branch_location: multi,
  transaction_type: multi,
  currency: multi,
  challenge_status: multi,
  challenge_name: multi,
  badge_category: multi,
  badge_level: multi,
  badge_name: multi,
  status: multi,
  reward_track_name: multi,
  reward_name: multi,
});

const checkRanges = (value: Partial<z.infer<typeof ZFilterFields>>, ctx: z.RefinementCtx) => {
  if (value.min_value !== undefined && value.max_value !== undefined && value.max_value < value.min_value) {
    ctx.addIssue({ code: 'custom', path: ['max_value'], message: TRANSACTION_FILTER_MESSAGES.maxBelowMin });
  }
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: TRANSACTION_FILTER_MESSAGES.endBeforeStart });
  }
};

export const ZTransactionFilters = ZFilterFields.superRefine(checkRanges);
export type TTransactionFilters = z.input<typeof ZTransactionFilters>;
export type TParsedTransactionFilters = z.output<typeof ZTransactionFilters>;

export const ZTransactionListQuery = ZFilterFields.extend({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(TRANSACTION_PAGE_SIZE),
}).superRefine(checkRanges);
export type TTransactionListQuery = z.input<typeof ZTransactionListQuery>;

const stamp = z.string();
const ZTransactionBase = z.object({
  _id: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  branch_location: z.string().nullable(),
  created_at: stamp,
  updated_at: stamp,
});

export const ZEconomyTransactionRow = ZTransactionBase.extend({
  transaction_id: z.string(),
  date_time: stamp,
  transaction_type: ZEconomyTransactionType,
  /** Signed: a credit is positive, a spend or clawback negative. */
  value: z.number(),
  currency: z.string().nullable(),
  xp_points_earned: z.number(),
  wallet_balance_post_transaction: z.number().nullable(),
});
export const ZChallengeTransactionRow = ZTransactionBase.extend({
  challenge_transaction_id: z.string(),
  challenge_name: z.string(),
  challenge_start_date_time: stamp.nullable(),
  challenge_end_date_time: stamp.nullable(),
  challenge_status: ZChallengeTransactionStatus,
  reward_earned: z.string(),
  xp_points_earned: z.number(),
});
export const ZBadgeTransactionRow = ZTransactionBase.extend({
  badge_transaction_id: z.string(),
  date_time: stamp,
  badge_name: z.string(),
  badge_category: z.string(),
  badge_level: z.number(),
  xp_points_earned: z.number(),
});
export const ZRewardTrackTransactionRow = ZTransactionBase.extend({
  reward_track_transaction_id: z.string(),
  date_time: stamp,
  reward_track_name: z.string(),
  milestone_reached: z.string(),
  /** What the milestone gave, in words ('Level 3', 'Gold'). */
  reward_claimed: z.string(),
  reward_value: z.number(),
  xp_points_earned: z.number(),
  status: ZRewardTrackTransactionStatus,
});

/** A row of the Redemptions report: one redemption, its status as the customer sees it (an issued coupon past its expiry reads 'expired'). */
export const ZRedemptionReportRow = ZTransactionBase.extend({
  date_time: stamp,
  reward_id: z.string(),
  reward_name: z.string(),
  reward_type: ZRewardItemType,
  status: ZRedemptionStatus,
  coupon_code: z.string().nullable(),
  cost: z.number(),
  /** The cost's currency code. */
  currency: z.string().nullable(),
  expires_at: stamp.nullable(),
  used_at: stamp.nullable(),
  cancelled_at: stamp.nullable(),
});

export const TRANSACTION_ROW_SCHEMAS = {
  economy: ZEconomyTransactionRow,
  challenges: ZChallengeTransactionRow,
  badges: ZBadgeTransactionRow,
  'reward-tracks': ZRewardTrackTransactionRow,
  redemptions: ZRedemptionReportRow,
} as const satisfies Record<TReportKind, z.ZodType>;
export type TTransactionRow<K extends TReportKind> = z.infer<(typeof TRANSACTION_ROW_SCHEMAS)[K]>;

/**
 * A snapshot card: its title (REPORT_CARD_LABELS), its figure, and for "most …" cards the count beside it. A "most
 * …" card over no rows has no figure (null), which the console shows as '—'; a sum or count over none is 0.
 */
export const ZReportCard = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
  detail: z.string().nullable(),
});
export type TReportCard = z.infer<typeof ZReportCard>;

export const ZTransactionSummary = z.object({
  cards: z.array(ZReportCard),
  /** Every option of each multi-select over the whole (scoped) set, not just the loaded page. */
  options: z.record(z.string(), z.array(z.string())),
  /** The rows matching the filters, exactly. */
  count: z.number().int(),
});
export type TTransactionSummary = z.infer<typeof ZTransactionSummary>;

const ZExportFilters = ZFilterFields.partial();
type TExportFilters = z.output<typeof ZExportFilters>;

/**
 * The export request (spec 3 §7: "the filters plus format, include_headers, fields"): the filters either at the
 * top level of the body, as the list's query names them, or in a nested `filters` object (what the console
 * sends); both may be given, and the nested value wins where both set a filter. The parsed request carries them
 * merged as `filters`.
 */
export const ZTransactionExportRequest = ZExportFilters.extend({
  filters: ZExportFilters.optional().describe(
    'The filters as one object; where a filter is also given at the top level, this one wins',
  ),
  format: ZExportFormat.default('csv'),
  include_headers: z.boolean().default(true),
  fields: z.array(z.string().max(60)).max(40).optional(),
})
  .transform(({ filters: nested, format, include_headers, fields, ...topLevel }) => {
    const filters: TExportFilters = { ...topLevel };
    // A blank nested value is no filter (spec 3 §7 skips empty values), so it does not undo a top-level one.
    for (const [name, value] of Object.entries(nested ?? {}))
      if (value !== undefined) Object.assign(filters, { [name]: value });
    return { filters, format, include_headers, fields };
  })
  .superRefine((value, ctx) => checkRanges(value.filters, ctx));
export type TTransactionExportRequest = z.input<typeof ZTransactionExportRequest>;
export type TParsedTransactionExportRequest = z.output<typeof ZTransactionExportRequest>;

/**
 * Where each report is served, who may read it and what its rows are called. The transaction reports are the
 * TRANSACTIONS area's (BUSINESS plan); the Redemptions report is the rewards area's (REWARDS, on GROWTH). Every
 * export needs the EXPORTS plan feature besides.
 */
const REPORT_ROUTES: Record<
  TReportKind,
  { base: string; permission: TPermission; tag: string; rows: string }
> = {
  economy: {
    base: '/transactions/economy',
    permission: 'TRANSACTIONS:read',
    tag: 'transactions',
    rows: 'economy transactions',
  },
  challenges: {
    base: '/transactions/challenges',
    permission: 'TRANSACTIONS:read',
    tag: 'transactions',
    rows: 'challenge transactions',
  },
  badges: {
    base: '/transactions/badges',
    permission: 'TRANSACTIONS:read',
    tag: 'transactions',
    rows: 'badge transactions',
  },
  'reward-tracks': {
    base: '/transactions/reward-tracks',
    permission: 'TRANSACTIONS:read',
    tag: 'transactions',
    rows: 'reward-track transactions',
  },
  redemptions: {
    base: '/rewards/redemptions',
    permission: 'REWARDS:read',
    tag: 'rewards',
    rows: 'reward redemptions',
  },
};

const endpointsOf = <K extends TReportKind>(kind: K) => {
  const { base, permission, tag, rows } = REPORT_ROUTES[kind];
  const tags = [tag];
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      permission,
      token: 'client',
      summary: `The ${rows}: filters, paging (newest first)`,
      tags,
      query: ZTransactionListQuery,
      // The rows are the content (DESIGN §3: the spec gives this path no shape); the count is `pagination`'s,
      // capped (transactionCountCap) at cap + 1 with `pagination.count_capped` ('1,000+').
      // Read inside `response` only, which the console's build drops: its report pages need no zod.
      response: envelopeOf(z.array(TRANSACTION_ROW_SCHEMAS[kind] as (typeof TRANSACTION_ROW_SCHEMAS)[K])),
    }),
    summary: defineEndpoint({
      method: 'GET',
      path: `${base}/summary`,
      permission,
      token: 'client',
      summary: `Snapshot cards and filter options over all the ${rows} matching the filters`,
      tags,
      query: ZTransactionFilters,
      response: envelopeOf(ZTransactionSummary),
    }),
    requestExport: defineEndpoint({
      method: 'POST',
      path: `${base}/export`,
      permission,
      token: 'client',
      summary: `Prepare a CSV export of the ${rows} matching the filters; content is the file id (spec 3 §7), which \`files?file_id=\` downloads`,
      tags,
      planFeature: 'EXPORTS',
      body: ZTransactionExportRequest,
      response: envelopeOf(ZId),
    }),
    download: defineEndpoint({
      method: 'GET',
      path: `${base}/files`,
      permission,
      token: 'client',
      summary: `Download a prepared export of the ${rows} (CSV, streamed)`,
      tags,
      planFeature: 'EXPORTS',
      query: z.object({ file_id: ZId }),
      response: z.string(),
      // Another export of the business is streaming (one at a time per business, across API processes).
      errors: [409],
    }),
  };
};

/** The endpoints of every report of the framework, the Redemptions report's included. */
export const transactionEndpoints = {
  economy: endpointsOf('economy'),
  challenges: endpointsOf('challenges'),
  badges: endpointsOf('badges'),
  'reward-tracks': endpointsOf('reward-tracks'),
  redemptions: endpointsOf('redemptions'),
} as const;

/** Export fields a request may name, per report (the defaults of spec 3 §7 plus the extra columns rows carry). */
export const EXPORTABLE_FIELDS: Record<TReportKind, readonly string[]> = {
  economy: [...EXPORT_FIELDS.economy, 'currency'],
  challenges: EXPORT_FIELDS.challenges,
  badges: EXPORT_FIELDS.badges,
  'reward-tracks': EXPORT_FIELDS['reward-tracks'],
  redemptions: [...EXPORT_FIELDS.redemptions, 'reward_id', 'created_at', 'updated_at'],
};
