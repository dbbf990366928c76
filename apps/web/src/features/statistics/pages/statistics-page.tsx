import { consolePaths, PAGE_SIZES, STATISTIC_MESSAGES, type TStatistic } from '@laurel/contract';
import { Group, Text } from '@mantine/core';
import { IconRotate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { statisticsListQuery } from '@/features/statistics/api';
import { SystemBadge } from '@/features/statistics/components/system-badge';
import { useStatisticActions } from '@/features/statistics/components/use-statistic-actions';
import { STATISTIC_TEXTS, shortId } from '@/features/statistics/statistic-format';
import { canDelete, canReset, mayCreateStatistics } from '@/features/statistics/statistic-rules';
import {
  ListPage,
  RowActionButton,
  RowActions,
  RowDeleteButton,
  RowLink,
  type TableColumn,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';
import { displayDate, displayDateTime } from '@/ui/display-date';
import { NavButton } from '@/ui/nav-button';
import { PageHeading } from '@/ui/page-title';

/** `/console/statistics` (spec 2 §2): search, paging, Add Statistic; a row opens the statistic. */
export const StatisticsPage = () => {
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(
    statisticsListQuery({ page: table.page, size: table.pageSize, search: table.search }),
  );
  const actions = useStatisticActions();
  const statistics = list.data?.statistics ?? [];

  usePreviousPageWhenEmpty(list, statistics, table);

  const columns: TableColumn<TStatistic>[] = [
    {
      accessor: '_id',
      title: 'ID',
      noWrap: true,
      render: (statistic) => (
        <Text ff="monospace" fz="xs" c="dimmed" title={statistic._id}>
          {shortId(statistic._id)}
        </Text>
      ),
    },
    {
      accessor: 'name',
      title: 'Name',
      render: (statistic) => (
        <Group gap={6} wrap="nowrap">
          <RowLink to={consolePaths.statistic(statistic._id)}>{statistic.name}</RowLink>
          {statistic.system && <SystemBadge />}
        </Group>
      ),
    },
    { accessor: 'aggregation_method', title: 'Aggregation Method', noWrap: true },
    { accessor: 'reset_interval', title: 'Reset Interval', noWrap: true },
    { accessor: 'version', title: 'Version', textAlign: 'right', noWrap: true },
    {
      accessor: 'created_at',
      title: 'Created Date',
      noWrap: true,
      render: (statistic) => (
        <span title={displayDateTime(statistic.created_at)}>{displayDate(statistic.created_at)}</span>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      toggleable: false,
      textAlign: 'right',
      render: (statistic) => (
        <RowActions>
          {canReset(user, statistic) && (
            <RowActionButton
              label="Reset"
              ariaLabel={`Reset ${statistic.name}`}
              color="orange"
              icon={IconRotate}
              loading={actions.busyId === statistic._id}
              onClick={() => actions.confirmReset(statistic)}
            />
          )}
          {canDelete(user, statistic) && (
            <RowDeleteButton
              name={statistic.name}
              loading={actions.busyId === statistic._id}
              onClick={() => actions.confirmDelete(statistic)}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage<TStatistic>
      heading={<PageHeading title={STATISTIC_MESSAGES.listTitle} subtitle={STATISTIC_TEXTS.subtitle} />}
      tableName="statistics"
      table={table}
      count={list.data?.count}
      fetching={list.isFetching}
      columns={columns}
      records={statistics}
      emptyText={STATISTIC_MESSAGES.empty}
      search={{ label: STATISTIC_TEXTS.search, placeholder: STATISTIC_TEXTS.searchPlaceholder }}
      actions={
        mayCreateStatistics(user) && (
          <NavButton to={consolePaths.statistic()}>{STATISTIC_MESSAGES.addStatistic}</NavButton>
        )
      }
      rowPath={(statistic) => consolePaths.statistic(statistic._id)}
    />
  );
};
