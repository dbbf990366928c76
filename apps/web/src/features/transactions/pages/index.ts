export {
  BadgeTransactionsPage,
  ChallengeTransactionsPage,
  EconomyTransactionsPage,
  RewardTrackTransactionsPage,
} from './transaction-report-page';
