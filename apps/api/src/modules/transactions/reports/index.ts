import type { TReportKind } from '@laurel/contract';
import type { ReportDefinition } from '../report-definition';
import { badgesReport } from './badges.report';
import { challengesReport } from './challenges.report';
import { economyReport } from './economy.report';
import { redemptionsReport } from './redemptions.report';
import { rewardTracksReport } from './reward-tracks.report';

/** Every report: the transaction reports over their areas' append-only ledgers, and the rewards' redemptions. */
export const REPORTS: Record<TReportKind, ReportDefinition> = {
  economy: economyReport,
  challenges: challengesReport,
  badges: badgesReport,
  'reward-tracks': rewardTracksReport,
  redemptions: redemptionsReport,
};
