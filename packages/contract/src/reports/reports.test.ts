import { describe, expect, it } from 'vitest';
import { SYSTEM_STATISTICS } from '../engine/system-statistics';
import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, weekdayChartOrder } from './dashboard';
import { EXPORT_DEFAULTS, EXPORT_FIELDS, exportFileName } from './exports';
import {
  CHALLENGE_TRANSACTION_STATUSES,
  DEFAULT_ECONOMY_TRANSACTION_TYPE,
  ECONOMY_TRANSACTION_TYPES,
  joinFilterValues,
  REWARD_TRACK_TRANSACTION_STATUSES,
  splitFilterValues,
} from './transactions';

describe('transaction reports', () => {
  it('has the types and statuses of spec 3 §4', () => {
    expect(ECONOMY_TRANSACTION_TYPES).toEqual([
      'Earning Event',
      'Cashback',
      'XP Points',
      'Spending',
      'Opening Balance',
      'Forfeited',
    ]);
    expect(DEFAULT_ECONOMY_TRANSACTION_TYPE).toBe('Earning Event');
    expect(CHALLENGE_TRANSACTION_STATUSES).toEqual(['Active', 'Completed', 'Expired', 'Failed']);
    expect(REWARD_TRACK_TRANSACTION_STATUSES).toEqual([
      'In Progress',
      'Completed',
      'Reward Claimed',
      'Imported',
    ]);
  });

  it('joins multi-select filter values with |', () => {
    expect(joinFilterValues(['Active', 'Completed'])).toBe('Active|Completed');
    expect(splitFilterValues('Active| Completed||')).toEqual(['Active', 'Completed']);
  });
});

describe('exports', () => {
  it('defaults to csv with headers', () => {
    expect(EXPORT_DEFAULTS).toEqual({ format: 'csv', include_headers: true });
  });

  it('lists the default fields of each report', () => {
    expect(EXPORT_FIELDS.economy).toHaveLength(12);
    expect(EXPORT_FIELDS.economy).toContain('wallet_balance_post_transaction');
    expect(EXPORT_FIELDS.challenges).toHaveLength(13);
    expect(EXPORT_FIELDS['reward-tracks']).toHaveLength(14);
    expect(EXPORT_FIELDS.badges).toContain('badge_category');
  });

  it('names files with the report prefix and the ISO date', () => {
    expect(exportFileName('economy', '2025-03-01')).toBe('economy_transactions_2025-03-01.csv');
    expect(exportFileName('challenges', new Date('2025-03-01T23:00:00Z'))).toBe(
      'transactions_challenges_2025-03-01.csv',
    );
    expect(exportFileName('badges', '2025-03-01')).toBe('transactions_badges_2025-03-01.csv');
    expect(exportFileName('reward-tracks', '2025-03-01')).toBe('transactions_reward-tracks_2025-03-01.csv');
  });
});

describe('dashboard', () => {
  it('has the four period filters', () => {
    expect(DASHBOARD_PERIODS).toEqual(['current_month', 'previous_month', '30', '90']);
    expect(DASHBOARD_PERIOD_LABELS.previous_month).toBe('Last Month');
    expect(DASHBOARD_PERIOD_LABELS['90']).toBe('Last 90 Days');
  });

  it('rotates the weekdays so that today is last', () => {
    expect(weekdayChartOrder(3)).toEqual(['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']);
    expect(weekdayChartOrder(6).at(-1)).toBe('Sat');
  });
});

describe('engine', () => {
  it('keeps the twelve system statistics of DESIGN §5', () => {
    expect(SYSTEM_STATISTICS).toHaveLength(12);
    expect(SYSTEM_STATISTICS).toContain('numberOfQrScans');
    expect(SYSTEM_STATISTICS.slice(-3)).toEqual(['xp', 'level', 'tier']);
  });
});
