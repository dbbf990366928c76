import type { TTransactionReport, TTransactionRow } from '@laurel/contract';
import { consolePaths } from '@laurel/contract';
import { Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { TableColumn } from '@/ui/data-table';
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

type Row<K extends TTransactionReport> = TTransactionRow<K>;
/** A column, and whether it shows before the user chooses (the others wait in the column chooser). */
type ReportColumn<K extends TTransactionReport> = TableColumn<Row<K>> & { hidden?: boolean };

const idColumns = <K extends TTransactionReport>(): ReportColumn<K>[] => [
  { accessor: '_id', title: 'ID', hidden: true },
];
const userColumns = <K extends TTransactionReport>(): ReportColumn<K>[] => [
  { accessor: 'user_id', title: 'User ID', hidden: true },
  {
    accessor: 'user_name',
    title: 'User',
    render: (row) => (
      <Link to={consolePaths.customerProfile(row.user_id)} onClick={(event) => event.stopPropagation()}>
        {row.user_name || row.user_id}
      </Link>
    ),
  },
  { accessor: 'branch_location', title: 'Branch', render: (row) => row.branch_location ?? '—' },
];
const stampColumns = <K extends TTransactionReport>(): ReportColumn<K>[] => [
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
const dateColumn = <K extends 'economy' | 'badges' | 'reward-tracks'>(): ReportColumn<K> => ({
  accessor: 'date_time',
  title: 'Date',
  noWrap: true,
  render: (row) => displayDateTime((row as { date_time: string }).date_time),
});
const xpColumn = <K extends TTransactionReport>(title = 'XP Earned'): ReportColumn<K> => ({
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
    render: (row) => (
      <Badge variant="light" radius="sm">
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

export const REPORT_COLUMNS: { [K in TTransactionReport]: ReportColumn<K>[] } = {
  economy,
  challenges,
  badges,
  'reward-tracks': rewardTracks,
};

/** The table's columns: hidden ones start switched off in the chooser. */
export const tableColumns = <K extends TTransactionReport>(kind: K): TableColumn<Row<K>>[] =>
  (REPORT_COLUMNS[kind] as ReportColumn<K>[]).map(({ hidden, ...column }) =>
    hidden ? { ...column, defaultToggle: false } : column,
  );
