import {
  COMMON_MESSAGES,
  DASHBOARD_MESSAGES,
  dashboardEndpoints,
  filteredBranchList,
  PAGE_SIZES,
  type TDashboardPeriod,
} from '@laurel/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';

export type TBranchOption = { value: string; label: string };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (period: TDashboardPeriod, branchId: string | null) => ['dashboard', period, branchId] as const,
};

/**
 * `GET /api/dashboard`: the figures for a period, all branches (`branchId` null, admins only) or one. The last
 * answer stays on screen while the next filter's loads, so the tiles do not flash.
 */
export const dashboardQuery = (period: TDashboardPeriod, branchId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.figures(period, branchId),
    queryFn: async ({ signal }) =>
      unwrap(
        await http.call(dashboardEndpoints.get, {
          query: { period, branch_id: branchId ?? undefined },
          signal,
        }),
      ).content,
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });

/**
 * The branch filter's options (`POST /api/v2/client/filtered/branch/list` with the dashboard flag, spec 3 §7):
 * every branch for an admin, the managed ones for anyone else (the server scopes them either way). Under the
 * 'branches' prefix, so that editing a branch refreshes them.
 */
export const dashboardBranchesQuery = (scope: 'all' | readonly string[]) =>
  queryOptions({
    queryKey: ['branches', 'dashboard-options', scope] as const,
    queryFn: async ({ signal }): Promise<TBranchOption[]> => {
      if (scope !== 'all' && scope.length === 0) return [];
      const body = {
        page: 1,
        size: PAGE_SIZES.filterOptions,
        is_dashboard_request: true,
        branch_id_list: scope === 'all' ? undefined : [...scope],
      };
      return unwrap(await http.call(filteredBranchList, { body, signal })).content.branch_list.map(
        (branch) => ({
          value: branch._id,
          label: branch.display_name,
        }),
      );
    },
    staleTime: 60_000,
    meta: { errorTitle: DASHBOARD_MESSAGES.branchListFailed },
  });
