import { REPORT_MESSAGES, REPORT_TITLES, type TColumnTable, type TTransactionReport } from '@laurel/contract';

type TReportConfig = {
  title: string;
  /** A line under the title; the economy report's is the spec's heading. */
  subtitle: string;
  columns: TColumnTable;
  searchPlaceholder: string;
  /** What min and max value compare (TRANSACTION_VALUE_FIELDS), as the toolbar names it. */
  valueLabel: string;
};

/** Per report (spec 3 §2): titles, the remembered column choice, and what the search and value filters read. */
export const REPORT_CONFIG: Record<TTransactionReport, TReportConfig> = {
  economy: {
    title: REPORT_TITLES.economy,
    subtitle: REPORT_MESSAGES.economyHeading,
    columns: 'economy-transactions',
    searchPlaceholder: 'Customer name, email or number',
    valueLabel: 'value',
  },
  challenges: {
    title: REPORT_TITLES.challenges,
    subtitle: 'Every player’s progress through your challenges.',
    columns: 'challenge-transactions',
    searchPlaceholder: 'Customer, email or challenge',
    valueLabel: 'XP',
  },
  badges: {
    title: REPORT_TITLES.badges,
    subtitle: 'Every badge granted to a player.',
    columns: 'badge-transactions',
    searchPlaceholder: 'Customer, email or badge',
    valueLabel: 'XP',
  },
  'reward-tracks': {
    title: REPORT_TITLES['reward-tracks'],
    subtitle: 'Every milestone players reached on your reward tracks.',
    columns: 'reward-track-transactions',
    searchPlaceholder: 'Customer, email or reward track',
    valueLabel: 'reward value',
  },
};
