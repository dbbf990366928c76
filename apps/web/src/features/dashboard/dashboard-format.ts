import { formatMoney, type TDashboard } from '@laurel/contract';

export type TFigureKey = keyof TDashboard['figures'];

/** Texts of the page that the spec does not give (its titles and labels come from the contract). */
export const DASHBOARD_TEXTS = {
  title: 'Dashboard',
  period: 'Period',
  branch: 'Branch',
  allBranches: 'All branches',
  loadingBranches: 'Loading branches…',
  comparedWith: 'vs previous period',
  noPreviousData: 'No previous data',
  weekdaysTitle: 'Active players by weekday',
  weekdaysSubtitle:
    'Players active on each weekday of the period, by the tier they held that day; today is last.',
  noTierActivity: (tier: string) => `No ${tier} player was active in this period.`,
  openIntegrations: 'Open Settings → Integrations',
  loadFailed: 'The figures could not be loaded.',
  retry: 'Try again',
  noBranchTitle: 'No branch to show',
  noBranchText: 'You do not manage a branch yet: an admin can give you one under Users.',
  liabilityTitle: 'Points liability',
  liabilityHint: 'What your members’ balances still hold, in every currency: what the programme owes.',
  noCurrencies: 'No currency yet: balances are held once a currency exists.',
  holders: (count: number) =>
    `held by ${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}`,
} as const;

const count = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** A figure as its tile shows it: revenue in the client's currency, daily actives with one decimal, counts whole. */
export const formatFigure = (key: TFigureKey, value: number, currencySymbol: string) => {
  if (key === 'transaction_revenue') return formatMoney(value, currencySymbol);
  if (key === 'daily_active_users')
    return value.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return count(value);
};

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day of the period ('2026-11-01' or an ISO date-time) as '1 Nov 2026'; the date part is the local day. */
const formatDay = (value: string) => {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
};

/** '1 Nov 2026 – 26 Nov 2026': the days a period covers. */
export const formatDays = (start: string, end: string) => {
  const [from, to] = [formatDay(start), formatDay(end)];
  return from === to ? from : `${from} – ${to}`;
};
