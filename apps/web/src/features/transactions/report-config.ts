import {
  REDEMPTION_STATUS_LABELS,
  REPORT_MESSAGES,
  REPORT_TITLES,
  type TColumnTable,
  type TReportKind,
  type TTransactionMultiFilter,
} from '@laurel/contract';

type TReportConfig = {
  title: string;
  /** A line under the title. */
  subtitle: string;
  /** A heading over the snapshot cards where the spec gives one (economy: 'Economy Transaction:', spec 3 §2). */
  cardsHeading?: string;
  columns: TColumnTable;
  searchPlaceholder: string;
  /**
   * The min and max inputs' label after 'Min '/'Max ': 'value' in the four reports of spec 3 §2 ('min and max value'),
   * whatever they compare; the Redemptions report's is its cost.
   */
  valueLabel: string;
  /** What min and max value compare (TRANSACTION_VALUE_FIELDS), shown in the empty inputs. */
  valuePlaceholder?: string;
  /** The min and max inputs' width in px from the xs breakpoint: their labels fit on one line. */
  valueWidth: number;
  /** What its rows are ('Showing one customer’s transactions'). */
  rows: string;
  /** A line under the cards where they count fewer rows than the table lists. */
  cardsNote?: string;
  /** How a multi-select shows the values it sends, where they are not words (a status sent as 'issued'). */
  optionLabels?: Partial<Record<TTransactionMultiFilter, Record<string, string>>>;
};

/**
 * Per report (spec 3 §2, and the rewards' Redemptions): titles, the remembered column choice, and what the search
 * and value filters read.
 */
export const REPORT_CONFIG: Record<TReportKind, TReportConfig> = {
  economy: {
    title: REPORT_TITLES.economy,
    subtitle: 'Every earning, cashback, XP award and spend in your customers’ wallets.',
    cardsHeading: REPORT_MESSAGES.economyHeading,
    columns: 'economy-transactions',
    searchPlaceholder: 'Customer name, email or number',
    valueLabel: 'value',
    valueWidth: 120,
    rows: 'transactions',
  },
  challenges: {
    title: REPORT_TITLES.challenges,
    subtitle: 'Every player’s progress through your challenges.',
    columns: 'challenge-transactions',
    searchPlaceholder: 'Customer, email or challenge',
    valueLabel: 'value',
    valuePlaceholder: 'XP',
    valueWidth: 120,
    rows: 'transactions',
  },
  badges: {
    title: REPORT_TITLES.badges,
    subtitle: 'Every badge granted to a player.',
    columns: 'badge-transactions',
    searchPlaceholder: 'Customer, email or badge',
    valueLabel: 'value',
    valuePlaceholder: 'XP',
    valueWidth: 120,
    rows: 'transactions',
  },
  'reward-tracks': {
    title: REPORT_TITLES['reward-tracks'],
    subtitle: 'Every milestone players reached on your reward tracks.',
    columns: 'reward-track-transactions',
    searchPlaceholder: 'Customer, email or reward track',
    valueLabel: 'value',
    valuePlaceholder: 'Reward value',
    valueWidth: 150,
    rows: 'transactions',
  },
  redemptions: {
    title: REPORT_TITLES.redemptions,
    subtitle: 'Every reward your members redeemed, and what became of its coupon.',
    columns: 'reward-redemptions',
    searchPlaceholder: 'Customer, reward or coupon code',
    valueLabel: 'cost',
    valueWidth: 120,
    rows: 'redemptions',
    // The cards leave cancelled redemptions out on purpose (their cost went back); the table lists them.
    cardsNote: 'Cancelled redemptions are not counted in these figures.',
    optionLabels: { status: REDEMPTION_STATUS_LABELS },
  },
};
