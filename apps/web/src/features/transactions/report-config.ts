import { REPORT_MESSAGES, REPORT_TITLES, type TColumnTable, type TTransactionReport } from '@laurel/contract';

type TReportConfig = {
  title: string;
  /** A line under the title; the economy report's is the spec's heading. */
  subtitle: string;
  columns: TColumnTable;
  searchPlaceholder: string;
  /** What min and max value compare (TRANSACTION_VALUE_FIELDS), as the toolbar names it. */
  valueLabel: string;
  /** The min and max inputs' width in px from the xs breakpoint: their labels fit on one line. */
  valueWidth: number;
};

/** Per report (spec 3 §2): titles, the remembered column choice, and what the search and value filters read. */
export const REPORT_CONFIG: Record<TTransactionReport, TReportConfig> = {
  economy: {
    title: REPORT_TITLES.economy,
    subtitle: REPORT_MESSAGES.economyHeading,
    columns: 'economy-transactions',
    searchPlaceholder: 'Customer name, email or number',
    valueLabel: 'value',
    valueWidth: 120,
  },
  challenges: {
    title: REPORT_TITLES.challenges,
    subtitle: 'Every player’s progress through your challenges.',
    columns: 'challenge-transactions',
    searchPlaceholder: 'Customer, email or challenge',
    valueLabel: 'XP',
    valueWidth: 120,
  },
  badges: {
    title: REPORT_TITLES.badges,
    subtitle: 'Every badge granted to a player.',
    columns: 'badge-transactions',
    searchPlaceholder: 'Customer, email or badge',
    valueLabel: 'XP',
    valueWidth: 120,
  },
  'reward-tracks': {
    title: REPORT_TITLES['reward-tracks'],
    subtitle: 'Every milestone players reached on your reward tracks.',
    columns: 'reward-track-transactions',
    searchPlaceholder: 'Customer, email or reward track',
    valueLabel: 'reward value',
    valueWidth: 150,
  },
};
