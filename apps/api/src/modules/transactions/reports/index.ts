import type { TTransactionReport } from '@laurel/contract';
import type { ReportDefinition } from '../report-definition';
import { badgesReport } from './badges.report';

/** The reports whose ledgers exist in this build; each area's ledger adds its definition here. */
export const REPORTS: Partial<Record<TTransactionReport, ReportDefinition>> = {
  badges: badgesReport,
};
