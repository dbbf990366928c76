import { consolePaths, PAGE_SIZES, STATISTIC_MESSAGES, type TStatistic } from '@laurel/contract';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconRotate, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { statisticsListQuery } from '@/features/statistics/api';
import { SystemBadge } from '@/features/statistics/components/system-badge';
import { useStatisticActions } from '@/features/statistics/components/use-statistic-actions';
import {
  displayDate,
  displayDateTime,
  STATISTIC_TEXTS,
  shortId,
} from '@/features/statistics/statistic-format';
import { canDelete, canReset, mayCreateStatistics } from '@/features/statistics/statistic-rules';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { PageTitle } from '@/ui/page-title';

/** `/console/statistics` (spec 2 §2): search, paging, Add Statistic; a row opens the statistic. */
export const StatisticsPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(
    statisticsListQuery({ page: table.page, size: table.pageSize, search: table.search }),
  );
  const actions = useStatisticActions();
  const statistics = list.data?.statistics ?? [];

  // Deleting the last row of a later page leaves an empty page: show the one before it.
  const emptyLaterPage =
    list.isSuccess && !list.isPlaceholderData && statistics.length === 0 && table.page > 1;
  const { setPage } = table;
  useEffect(() => {
    if (emptyLaterPage) setPage(table.page - 1);
  }, [emptyLaterPage, setPage, table.page]);

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
          {/* A link too, so that the keyboard reaches the statistic as well as the mouse. */}
          <Anchor
            component={Link}
            to={consolePaths.statistic(statistic._id)}
            size="sm"
            fw={600}
            c="inherit"
            onClick={(event) => event.stopPropagation()}
          >
            {statistic.name}
          </Anchor>
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
        // The same height with or without buttons, so that every row lines up.
        <Group gap={6} justify="flex-end" wrap="nowrap" mih={28}>
          {canReset(user, statistic) && (
            <Tooltip label="Reset" withinPortal>
              <ActionIcon
                variant="subtle"
                color="orange"
                aria-label={`Reset ${statistic.name}`}
                loading={actions.busyId === statistic._id}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.confirmReset(statistic);
                }}
              >
                <IconRotate size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete(user, statistic) && (
            <Tooltip label="Delete" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${statistic.name}`}
                loading={actions.busyId === statistic._id}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.confirmDelete(statistic);
                }}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle title={STATISTIC_MESSAGES.listTitle} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {STATISTIC_MESSAGES.listTitle}
        </Title>
        <Text c="dimmed">{STATISTIC_TEXTS.subtitle}</Text>
      </Stack>
      <DataTable<TStatistic>
        table="statistics"
        columns={columns}
        records={statistics}
        totalRecords={list.data?.count ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={list.isFetching}
        emptyText={STATISTIC_MESSAGES.empty}
        pinLastColumn
        filters={
          <DebouncedSearch
            label={STATISTIC_TEXTS.search}
            placeholder={STATISTIC_TEXTS.searchPlaceholder}
            value={table.search}
            onChange={table.setSearch}
          />
        }
        actions={
          mayCreateStatistics(user) && (
            <Button
              component={Link}
              to={consolePaths.statistic()}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {STATISTIC_MESSAGES.addStatistic}
            </Button>
          )
        }
        onRowClick={(statistic) => void navigate(consolePaths.statistic(statistic._id))}
      />
    </Stack>
  );
};
