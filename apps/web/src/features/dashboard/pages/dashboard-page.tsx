import { dashboardEndpoints, dashboardWelcome, mayUse } from '@laurel/contract';
import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { planOpensArea } from '@/app/console/plan-access';
import { DataAsOf } from '@/ui/data-as-of';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { PageTitle } from '@/ui/page-title';
import { dashboardQuery } from '../api';
import { DashboardEmptyState } from '../components/dashboard-empty-state';
import { DashboardFilterBar } from '../components/dashboard-filter-bar';
import { DashboardTiles } from '../components/dashboard-tiles';
import { TierWeekdaySection } from '../components/tier-weekday-section';
import { DASHBOARD_TEXTS, formatDays } from '../dashboard-format';
import { useDashboardFilters } from '../use-dashboard-filters';

// Only for users who may read the economy on a plan with it: loaded then, not with every dashboard.
const PointsLiabilityCard = lazyComponent(
  () => import('../components/points-liability-card'),
  'PointsLiabilityCard',
);

/**
 * `/console/dashboard` (spec 3 §1): the engine's figures for a period and a branch (DESIGN §9), each beside the
 * period before, and the weekday charts per tier; until the first event, a banner above them says how to send one.
 */
export const DashboardPage = () => {
  const user = useSession()?.user;
  const client = useClientRecord().data;
  const symbol = client?.currency_symbol ?? 'R';
  const showLiability =
    planOpensArea(client?.clientSubscription, 'ECONOMICS') && mayUse(user, 'ECONOMICS', 'read');
  const filters = useDashboardFilters(user);
  const dashboard = useQuery({
    ...dashboardQuery(filters.period, filters.branchId),
    enabled: Boolean(user) && !filters.branchPending && !filters.noBranch,
  });
  const data = dashboard.data;
  const period = data?.period;

  return (
    <Stack gap="lg">
      <PageTitle title={DASHBOARD_TEXTS.title} />
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {dashboardWelcome(user?.name ?? '')}
          </Title>
          <Text c="dimmed" size="sm" mih={20}>
            {period &&
              `${formatDays(period.start, period.end)}, compared with ${formatDays(period.previous_start, period.previous_end)} (${period.time_zone})`}
          </Text>
          <DataAsOf endpoint={dashboardEndpoints.get} />
        </Stack>
        <DashboardFilterBar filters={filters} />
      </Group>

      {filters.noBranch ? (
        <Alert color="yellow" title={DASHBOARD_TEXTS.noBranchTitle} icon={<IconAlertTriangle aria-hidden />}>
          {DASHBOARD_TEXTS.noBranchText}
        </Alert>
      ) : dashboard.isError && !data ? (
        <Alert color="red" title={DASHBOARD_TEXTS.loadFailed} icon={<IconAlertTriangle aria-hidden />}>
          <Button variant="default" size="xs" mt="xs" onClick={() => void dashboard.refetch()}>
            {DASHBOARD_TEXTS.retry}
          </Button>
        </Alert>
      ) : (
        <>
          {data && !data.has_activity && <DashboardEmptyState />}
          <Box
            style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={dashboard.isFetching || undefined}
            // Which filters the figures on screen are for (journeys wait for it after changing one).
            data-showing={
              data && !dashboard.isPlaceholderData
                ? `${filters.period}:${filters.branchId ?? 'all'}`
                : undefined
            }
          >
            <Stack gap="xl">
              <DashboardTiles figures={data?.figures} currencySymbol={symbol} />
              <TierWeekdaySection tierWeekdays={data?.tier_weekdays} />
            </Stack>
          </Box>
        </>
      )}
      {/* Follows the Branch filter as the figures do: a manager's card waits for their branch. */}
      <MountWhen when={showLiability && !filters.branchPending && !filters.noBranch}>
        <PointsLiabilityCard branchId={filters.branchId} />
      </MountWhen>
    </Stack>
  );
};
