import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, isDashboardPeriod } from '@laurel/contract';
import { Group, NativeSelect } from '@mantine/core';
import { DASHBOARD_TEXTS } from '../dashboard-format';
import type { TDashboardFilters } from '../use-dashboard-filters';

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_LABELS[value] }));
/** The admin's every-branch choice; never sent (no `branch_id` is every branch). */
const ALL_BRANCHES = '';

/**
 * The period (spec 3 §1's four) and the branch: an admin's every branch or one, a manager's own branches. Native
 * selects: the dashboard is the first page after sign-in, and they cost next to nothing to load.
 */
export const DashboardFilterBar = ({ filters }: { filters: TDashboardFilters }) => {
  const branchData = [
    ...(filters.allowAllBranches ? [{ value: ALL_BRANCHES, label: DASHBOARD_TEXTS.allBranches }] : []),
    ...filters.branchOptions,
  ];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={DASHBOARD_TEXTS.period}
        data={PERIOD_OPTIONS}
        value={filters.period}
        w={{ base: '100%', xs: 170 }}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isDashboardPeriod(value)) filters.setPeriod(value);
        }}
      />
      <NativeSelect
        label={DASHBOARD_TEXTS.branch}
        data={
          filters.branchPending && branchData.length === 0
            ? [{ value: ALL_BRANCHES, label: DASHBOARD_TEXTS.loadingBranches }]
            : branchData
        }
        value={filters.branchId ?? ALL_BRANCHES}
        disabled={filters.noBranch || (filters.branchPending && branchData.length === 0)}
        w={{ base: '100%', xs: 220 }}
        onChange={(event) => {
          const value = event.currentTarget.value;
          filters.setBranch(value === ALL_BRANCHES ? null : value);
        }}
      />
    </Group>
  );
};
