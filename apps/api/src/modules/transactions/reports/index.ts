import type { TTransactionReport } from '@laurel/contract';
import type { ReportDefinition } from '../report-definition';
import { badgesReport } from './badges.report';
import { challengesReport } from './challenges.report';
import { economyReport } from './economy.report';
import { rewardTracksReport } from './reward-tracks.report';

/** Every transaction report, each over its area's append-only ledger. */
export const REPORTS: Record<TTransactionReport, ReportDefinition> = {
  economy: economyReport,
  challenges: challengesReport,
  badges: badgesReport,
  'reward-tracks': rewardTracksReport,
};
