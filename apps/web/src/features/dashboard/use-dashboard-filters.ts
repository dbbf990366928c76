import {
  DEFAULT_DASHBOARD_PERIOD,
  isBranchScopedRole,
  isDashboardPeriod,
  type TDashboardPeriod,
  type TSessionUser,
} from '@laurel/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { dashboardBranchesQuery, type TBranchOption } from './api';

/** URL parameters of the filters, so that a reload or a shared link keeps them. */
const PERIOD_PARAM = 'period';
const BRANCH_PARAM = 'branch';

export type TDashboardFilters = {
  period: TDashboardPeriod;
  /** The branch the figures are for; null is every branch (admins only). */
  branchId: string | null;
  branchOptions: TBranchOption[];
  /** Admins may look at every branch at once; managers always look at one of theirs (the server requires it). */
  allowAllBranches: boolean;
  /** A manager's branches are still loading (or failed to), so there is no branch to ask for yet. */
  branchPending: boolean;
  /** A manager who manages no branch: nothing can be shown. */
  noBranch: boolean;
  setPeriod: (period: TDashboardPeriod) => void;
  setBranch: (branchId: string | null) => void;
};

/**
 * The period and branch of the dashboard, from the URL: Current Month by default; an admin sees every branch unless
 * one is chosen, a manager their first branch unless another of theirs is chosen.
 */
export const useDashboardFilters = (user: TSessionUser | undefined): TDashboardFilters => {
  const [params, setParams] = useSearchParams();
  const scoped = user ? isBranchScopedRole(user.role) : false;
  const branches = useQuery({
    ...dashboardBranchesQuery(scoped ? (user?.manager_of ?? []) : 'all'),
    enabled: Boolean(user),
  });
  const options = branches.data ?? [];
  const requestedPeriod = params.get(PERIOD_PARAM);
  const period = isDashboardPeriod(requestedPeriod) ? requestedPeriod : DEFAULT_DASHBOARD_PERIOD;
  const requested = params.get(BRANCH_PARAM) || null;
  const known = (id: string | null) => id !== null && options.some((option) => option.value === id);

  let branchId: string | null;
  if (!scoped) branchId = branches.isSuccess && !known(requested) ? null : requested;
  else branchId = known(requested) ? requested : (options[0]?.value ?? null);

  const update = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return {
    period,
    branchId,
    branchOptions: options,
    allowAllBranches: !scoped,
    branchPending: scoped && !branches.isSuccess,
    noBranch: scoped && branches.isSuccess && options.length === 0,
    setPeriod: (next) => update(PERIOD_PARAM, next === DEFAULT_DASHBOARD_PERIOD ? null : next),
    setBranch: (next) => update(BRANCH_PARAM, next),
  };
};
