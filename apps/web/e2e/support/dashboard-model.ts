/**
 * What the dashboard should show for a known set of activity, worked out from the rules the contract states
 * (packages/contract/src/reports/dashboard.ts), independently of the server's rollups. Days are local days of the
 * client's time zone, as day numbers (days since 1970-01-01).
 */
export type TDashboardPeriodKey = 'current_month' | 'previous_month' | '30' | '90';

export const TIER_NAMES = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'] as const;
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY_MS = 86_400_000;

export const dayNumberOf = (isoDay: string) => Math.round(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
export const isoDayOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 1970-01-01 was a Thursday. */
const weekdayOf = (day: number) => (day + 4) % 7;

/** What happened, on a day, at a branch (null: no branch, such as an app log-in). */
export type TActivity =
  | { kind: 'login'; customer: string; day: number; branch: null }
  | { kind: 'order'; customer: string; day: number; branch: string; order: string; total: number }
  | { kind: 'refund'; customer: string; day: number; branch: string; order: string };

/** A challenge completion or badge grant, on the day of the event that earned it, at its branch. */
export type TLedgerEntry = { day: number; branch: string };

export type TDashboardActivity = {
  activity: TActivity[];
  challengesCompleted: TLedgerEntry[];
  badgesEarned: TLedgerEntry[];
  /** Each customer's tier (1 Bronze .. 5 Diamond) when their activity was counted; none counts as Bronze. */
  tierOf: (customer: string) => number;
};

type TRange = { start: number; end: number };

const firstOfMonth = (day: number, monthOffset: number) => {
  const date = new Date(day * DAY_MS);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthOffset, 1) / DAY_MS);
};

/**
 * The period and the one before it: Current Month is the 1st to today after the whole of last month; Last Month the
 * last calendar month after the month before; Last 30 and 90 Days end today after as many days before them.
 */
export const periodsOf = (key: TDashboardPeriodKey, today: number): { current: TRange; previous: TRange } => {
  if (key === 'current_month')
    return {
      current: { start: firstOfMonth(today, 0), end: today },
      previous: { start: firstOfMonth(today, -1), end: firstOfMonth(today, 0) - 1 },
    };
  if (key === 'previous_month')
    return {
      current: { start: firstOfMonth(today, -1), end: firstOfMonth(today, 0) - 1 },
      previous: { start: firstOfMonth(today, -2), end: firstOfMonth(today, -1) - 1 },
    };
  const days = Number(key);
  return {
    current: { start: today - days + 1, end: today },
    previous: { start: today - 2 * days + 1, end: today - days },
  };
};

const round1 = (value: number) => Math.round(value * 10) / 10;

type TFigures = {
  daily_active_users: number;
  monthly_active_users: number;
  challenges_completed: number;
  badges_earned: number;
  transaction_revenue: number;
  paying_players: number;
};

const figuresOf = (data: TDashboardActivity, range: TRange, branch: string | null): TFigures => {
  const inRange = (day: number) => day >= range.start && day <= range.end;
  const inScope = (at: string | null) => branch === null || at === branch;
  const counted = data.activity.filter((item) => inRange(item.day) && inScope(item.branch));
  const orderBranch = new Map(
    data.activity.flatMap((item) => (item.kind === 'order' ? [[item.order, item] as const] : [])),
  );
  // Revenue counts at the order's branch: + on the day it was placed, - on the day it was refunded.
  const revenue = data.activity
    .filter((item) => inRange(item.day))
    .reduce((sum, item) => {
      if (item.kind === 'order' && inScope(item.branch)) return sum + item.total;
      const order = item.kind === 'refund' ? orderBranch.get(item.order) : undefined;
      return order && inScope(order.branch) ? sum - (order.kind === 'order' ? order.total : 0) : sum;
    }, 0);
  const ledger = (entries: TLedgerEntry[]) =>
    entries.filter((entry) => inRange(entry.day) && inScope(entry.branch)).length;
  return {
    daily_active_users: round1(
      new Set(counted.map((item) => `${item.customer}:${item.day}`)).size / (range.end - range.start + 1),
    ),
    monthly_active_users: new Set(counted.map((item) => item.customer)).size,
    challenges_completed: ledger(data.challengesCompleted),
    badges_earned: ledger(data.badgesEarned),
    transaction_revenue: Math.round(revenue * 100) / 100,
    paying_players: new Set(counted.filter((item) => item.kind === 'order').map((item) => item.customer))
      .size,
  };
};

/** The change as the contract states it: a percentage of the previous value with one decimal, none from 0. */
const changeOf = (value: number, previous: number) =>
  previous === 0 ? null : round1(((value - previous) / Math.abs(previous)) * 100);

export type TExpectedDashboard = {
  start: string;
  end: string;
  previousStart: string;
  previousEnd: string;
  figures: Record<keyof TFigures, { value: number; previous: number; change: number | null }>;
  weekdays: string[];
  /** Per tier, in weekday order: distinct active players of that tier on each weekday's days. */
  tiers: Record<(typeof TIER_NAMES)[number], number[]>;
};

export const expectedDashboard = (
  data: TDashboardActivity,
  key: TDashboardPeriodKey,
  today: number,
  branch: string | null,
): TExpectedDashboard => {
  const { current, previous } = periodsOf(key, today);
  const now = figuresOf(data, current, branch);
  const before = figuresOf(data, previous, branch);
  const figures = Object.fromEntries(
    (Object.keys(now) as (keyof TFigures)[]).map((name) => [
      name,
      { value: now[name], previous: before[name], change: changeOf(now[name], before[name]) },
    ]),
  ) as TExpectedDashboard['figures'];
  const order = [0, 1, 2, 3, 4, 5, 6].map((index) => (weekdayOf(today) + 1 + index) % 7);
  const playerDays = new Set(
    data.activity
      .filter((item) => item.day >= current.start && item.day <= current.end)
      .filter((item) => branch === null || item.branch === branch)
      .map((item) => `${item.customer}:${item.day}`),
  );
  const tiers = Object.fromEntries(
    TIER_NAMES.map((name, index) => [
      name,
      order.map(
        (weekday) =>
          [...playerDays].filter((key) => {
            const [customer = '', day = ''] = key.split(':');
            return weekdayOf(Number(day)) === weekday && data.tierOf(customer) === index + 1;
          }).length,
      ),
    ]),
  ) as TExpectedDashboard['tiers'];
  return {
    start: isoDayOf(current.start),
    end: isoDayOf(current.end),
    previousStart: isoDayOf(previous.start),
    previousEnd: isoDayOf(previous.end),
    figures,
    weekdays: order.map((weekday) => WEEKDAY_NAMES[weekday] as string),
    tiers,
  };
};
