import {
  REPORT_MESSAGES,
  type TReportKind,
  type TTransactionListQuery,
  type TTransactionRow,
  transactionEndpoints,
} from '@laurel/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import { areaKeys, pageInfo } from '@/api/query-keys';
import { sessionStore } from '@/api/session-store';

export const transactionKeys = areaKeys('transactions');

/** The spec 3 §8 title a failed load shows, per report. */
export const LOAD_FAILED: Record<TReportKind, string> = {
  economy: REPORT_MESSAGES.economyFailed,
  challenges: REPORT_MESSAGES.challengesFailed,
  badges: REPORT_MESSAGES.badgesFailed,
  'reward-tracks': REPORT_MESSAGES.rewardTracksFailed,
  redemptions: REPORT_MESSAGES.redemptionsFailed,
};

/** The filters as the server reads them: empty values left out (spec 3 §7). */
export type TReportFilters = Omit<TTransactionListQuery, 'page' | 'size'>;

export const transactionListQuery = <K extends TReportKind>(
  kind: K,
  filters: TReportFilters,
  page: number,
  size: number,
) =>
  queryOptions({
    queryKey: transactionKeys.list({ kind, filters, page, size }),
    queryFn: async ({ signal }) => {
      const result = unwrap(
        await http.call(transactionEndpoints[kind].list, { query: { ...filters, page, size }, signal }),
      );
      return {
        rows: result.content as TTransactionRow<K>[],
        ...pageInfo(result),
        /** The count stopped at its cap: the pager says '1,000+'. */
        countCapped: result.pagination?.count_capped ?? false,
      };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: LOAD_FAILED[kind] },
  });

/** Cards and filter options over the whole filtered set (server-side, so they hold at millions of rows). */
export const transactionSummaryQuery = (kind: TReportKind, filters: TReportFilters) =>
  queryOptions({
    queryKey: [...transactionKeys.all, 'summary', kind, filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(await http.call(transactionEndpoints[kind].summary, { query: filters, signal })).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: LOAD_FAILED[kind] },
  });

/**
 * The export's first step: the table's filters, for the signed-in user, as CSV with headers (spec 3 §4, §7). The
 * answer is the file id; the download by it names the file.
 */
export const requestTransactionExport = async (kind: TReportKind, filters: TReportFilters) => {
  const endpoints = transactionEndpoints[kind];
  const answer = await http.call(endpoints.requestExport, {
    body: {
      filters: { ...filters, user_id: sessionStore.get()?.user._id },
      format: 'csv',
      include_headers: true,
    },
  });
  if (!answer.success) return answer;
  const url = `/api${endpoints.download.path}?file_id=${encodeURIComponent(answer.content)}`;
  return { success: true as const, content: { url } };
};
