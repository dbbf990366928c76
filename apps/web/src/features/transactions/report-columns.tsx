import type { TReportKind, TTransactionRow } from '@laurel/contract';
import {
  consolePaths,
  REDEMPTION_STATUS_COLORS,
  REDEMPTION_STATUS_LABELS,
  REWARD_ITEM_TYPE_LABELS,
  shownExpiry,
} from '@laurel/contract';
import { Badge, Code } from '@mantine/core';
import { RowLink, type TableColumn } from '@/ui/data-table';
import { StatusChip } from '@/ui/status-chip';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export const displayDateTime = (value: string | null | undefined) => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dateTime.format(date) : '—';
};
const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

type Row<K extends TReportKind> = TTransactionRow<K>;
/** A column, and whether it shows before the user chooses (the others wait in the column chooser). */
type ReportColumn<K extends TReportKind> = TableColumn<Row<K>> & { hidden?: boolean };

const idColumns = <K extends TReportKind>(): ReportColumn<K>[] => [
  { accessor: '_id', title: 'ID', hidden: true },
];
const customerColumns = <K extends TReportKind>(title: string): ReportColumn<K>[] => [
  { accessor: 'user_id', title: `${title} ID`, hidden: true },
  {
    accessor: 'user_name',
    title,
    render: (row) => (
      <RowLink to={consolePaths.customerProfile(row.user_id)}>{row.user_name || row.user_id}</RowLink>
    ),
  },
];
const branchColumn = <K extends TReportKind>(): ReportColumn<K> => ({
  accessor: 'branch_location',
  title: 'Branch',
  render: (row) => row.branch_location ?? '—',
});
const userColumns = <K extends TReportKind>(): ReportColumn<K>[] => [
  ...customerColumns<K>('User'),
  branchColumn<K>(),
];
const stampColumns = <K extends TReportKind>(): ReportColumn<K>[] => [
  {
    accessor: 'created_at',
    title: 'Created',
    noWrap: true,
    hidden: true,
    render: (row) => displayDateTime(row.created_at),
  },
  {
    accessor: 'updated_at',
    title: 'Updated',
    noWrap: true,
    hidden: true,
    render: (row) => displayDateTime(row.updated_at),
  },
];
const dateColumn = <K extends 'economy' | 'badges' | 'reward-tracks' | 'redemptions'>(): ReportColumn<K> => ({
  accessor: 'date_time',
  title: 'Date',
  noWrap: true,
  render: (row) => displayDateTime((row as { date_time: string }).date_time),
});
const xpColumn = <K extends TReportKind>(title = 'XP Earned'): ReportColumn<K> => ({
  accessor: 'xp_points_earned',
  title,
  textAlign: 'right',
  render: (row) => number((row as { xp_points_earned: number }).xp_points_earned),
});

const economy: ReportColumn<'economy'>[] = [
  ...idColumns(),
  { accessor: 'transaction_id', title: 'Transaction ID', hidden: true },
  dateColumn(),
  ...userColumns(),
  { accessor: 'transaction_type', title: 'Type', noWrap: true },
  {
    accessor: 'value',
    title: 'Value',
    textAlign: 'right',
    noWrap: true,
    render: (row) => `${number(row.value)}${row.currency ? ` ${row.currency}` : ''}`,
  },
  xpColumn(),
  {
    accessor: 'wallet_balance_post_transaction',
    title: 'Wallet Balance',
    textAlign: 'right',
    render: (row) =>
      row.wallet_balance_post_transaction === null ? '—' : number(row.wallet_balance_post_transaction),
  },
  ...stampColumns(),
];

const CHALLENGE_STATUS_COLOURS = {
  Active: 'secondary',
  Completed: 'success',
  Expired: 'neutral',
  Failed: 'danger',
} as const;
const challenges: ReportColumn<'challenges'>[] = [
  ...idColumns(),
  { accessor: 'challenge_transaction_id', title: 'Transaction ID', hidden: true },
  { accessor: 'challenge_name', title: 'Challenge' },
  {
    accessor: 'challenge_start_date_time',
    title: 'Start',
    noWrap: true,
    render: (row) => displayDateTime(row.challenge_start_date_time),
  },
  {
    accessor: 'challenge_end_date_time',
    title: 'End',
    noWrap: true,
    render: (row) => displayDateTime(row.challenge_end_date_time),
  },
  ...userColumns(),
  {
    accessor: 'challenge_status',
    title: 'Status',
    render: (row) => (
      <StatusChip
        status={row.challenge_status}
        label={row.challenge_status}
        color={CHALLENGE_STATUS_COLOURS[row.challenge_status]}
      />
    ),
  },
  { accessor: 'reward_earned', title: 'Reward Earned', render: (row) => row.reward_earned || '—' },
  xpColumn(),
  ...stampColumns(),
];

const badges: ReportColumn<'badges'>[] = [
  ...idColumns(),
  { accessor: 'badge_transaction_id', title: 'Transaction ID', hidden: true },
  dateColumn(),
  ...userColumns(),
  { accessor: 'badge_name', title: 'Badge' },
  {
    accessor: 'badge_category',
    title: 'Category',
    // As spec 3 names it ('Milestone'), like its filter and the CSV: not in Mantine's Badge capitals ('MILESTONE').
    render: (row) => (
      <Badge variant="light" radius="sm" tt="none">
        {row.badge_category}
      </Badge>
    ),
  },
  { accessor: 'badge_level', title: 'Level', textAlign: 'right' },
  xpColumn('XP Awarded'),
  ...stampColumns(),
];

/** Reward track transactions show every column by default (spec 3 §2). */
const rewardTracks: ReportColumn<'reward-tracks'>[] = [
  ...idColumns<'reward-tracks'>().map((column) => ({ ...column, hidden: false })),
  { accessor: 'reward_track_transaction_id', title: 'Transaction ID' },
  dateColumn(),
  ...userColumns<'reward-tracks'>().map((column) => ({ ...column, hidden: false })),
  { accessor: 'reward_track_name', title: 'Reward Track' },
  { accessor: 'milestone_reached', title: 'Milestone Reached' },
  // What the milestone gave ('Level 3', 'Gold'), as the API and the CSV carry it.
  { accessor: 'reward_claimed', title: 'Reward Claimed', render: (row) => row.reward_claimed || '—' },
  {
    accessor: 'reward_value',
    title: 'Reward Value',
    textAlign: 'right',
    render: (row) => number(row.reward_value),
  },
  xpColumn(),
  { accessor: 'status', title: 'Status' },
  ...stampColumns<'reward-tracks'>().map((column) => ({ ...column, hidden: false })),
];

/** A hidden date column; a cancelled coupon shows no expiry (shownExpiry). */
const optionalDate = (accessor: 'expires_at' | 'used_at' | 'cancelled_at', title: string) =>
  ({
    accessor,
    title,
    noWrap: true,
    hidden: true,
    render: (row) => displayDateTime(accessor === 'expires_at' ? shownExpiry(row) : row[accessor]),
  }) satisfies ReportColumn<'redemptions'>;

/** The rewards' Redemptions (DESIGN §10): who redeemed what, its coupon and what became of it. */
const redemptions: ReportColumn<'redemptions'>[] = [
  ...idColumns(),
  dateColumn(),
  ...customerColumns<'redemptions'>('Customer'),
  { accessor: 'reward_id', title: 'Reward ID', hidden: true },
  { accessor: 'reward_name', title: 'Reward' },
  { accessor: 'reward_type', title: 'Type', render: (row) => REWARD_ITEM_TYPE_LABELS[row.reward_type] },
  {
    accessor: 'status',
    title: 'Status',
    render: (row) => (
      <StatusChip
        status={row.status}
        label={REDEMPTION_STATUS_LABELS[row.status]}
        color={REDEMPTION_STATUS_COLORS[row.status]}
      />
    ),
  },
  {
    accessor: 'coupon_code',
    title: 'Coupon Code',
    render: (row) => (row.coupon_code ? <Code>{row.coupon_code}</Code> : '—'),
  },
  {
    accessor: 'cost',
    title: 'Cost',
    textAlign: 'right',
    noWrap: true,
    render: (row) => `${number(row.cost)}${row.currency ? ` ${row.currency}` : ''}`,
  },
  branchColumn(),
  optionalDate('expires_at', 'Expires'),
  optionalDate('used_at', 'Used'),
  optionalDate('cancelled_at', 'Cancelled'),
  ...stampColumns(),
];

export const REPORT_COLUMNS: { [K in TReportKind]: ReportColumn<K>[] } = {
  economy,
  challenges,
  badges,
  'reward-tracks': rewardTracks,
  redemptions,
};

/** The table's columns: hidden ones start switched off in the chooser. */
export const tableColumns = <K extends TReportKind>(kind: K): TableColumn<Row<K>>[] =>
  (REPORT_COLUMNS[kind] as ReportColumn<K>[]).map(({ hidden, ...column }) =>
    hidden ? { ...column, defaultToggle: false } : column,
  );
