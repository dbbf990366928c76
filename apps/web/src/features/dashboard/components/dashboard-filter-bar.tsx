import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, type TDashboardPeriod } from '@laurel/contract';
import { Group, Select } from '@mantine/core';
import { DASHBOARD_TEXTS } from '../dashboard-format';
import type { TDashboardFilters } from '../use-dashboard-filters';

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_LABELS[value] }));
/** The admin's every-branch choice; never sent (no `branch_id` is every branch). */
const ALL_BRANCHES = '';

/** The period (spec 3 §1's four) and the branch: an admin's every branch or one, a manager's own branches. */
export const DashboardFilterBar = ({ filters }: { filters: TDashboardFilters }) => {
  const branchData = [
    ...(filters.allowAllBranches ? [{ value: ALL_BRANCHES, label: DASHBOARD_TEXTS.allBranches }] : []),
    ...filters.branchOptions,
  ];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={DASHBOARD_TEXTS.period}
        data={PERIOD_OPTIONS}
        value={filters.period}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
        onChange={(value) => value && filters.setPeriod(value as TDashboardPeriod)}
      />
      <Select
        label={DASHBOARD_TEXTS.branch}
        data={branchData}
        value={filters.branchId ?? (filters.allowAllBranches ? ALL_BRANCHES : null)}
        placeholder={filters.branchPending ? 'Loading branches…' : undefined}
        allowDeselect={false}
        searchable={branchData.length > 8}
        nothingFoundMessage="Nothing found"
        disabled={filters.noBranch}
        w={{ base: '100%', xs: 220 }}
        onChange={(value) => filters.setBranch(value === ALL_BRANCHES ? null : value)}
      />
    </Group>
  );
};
