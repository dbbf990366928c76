import { consolePaths, PAGE_SIZES, SEGMENT_MESSAGES, type TSegment } from '@laurel/contract';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { segmentsListQuery } from '@/features/segments/api';
import { PlayerCount } from '@/features/segments/components/player-count';
import { SegmentSystemBadge } from '@/features/segments/components/segment-system-badge';
import { useDeleteSegmentAction } from '@/features/segments/components/use-delete-segment-action';
import { displayDate, displayDateTime, rulesText, SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { canDelete, mayCreateSegments } from '@/features/segments/segment-rules';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { PageTitle } from '@/ui/page-title';

/** `/console/segments` (spec 2 §2): search, paging, New Segment; a row opens the segment. */
export const SegmentsPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(segmentsListQuery({ page: table.page, size: table.pageSize, search: table.search }));
  const actions = useDeleteSegmentAction();
  const segments = list.data?.segments ?? [];

  // Deleting the last row of a later page leaves an empty page: show the one before it.
  const emptyLaterPage = list.isSuccess && !list.isPlaceholderData && segments.length === 0 && table.page > 1;
  const { setPage } = table;
  useEffect(() => {
    if (emptyLaterPage) setPage(table.page - 1);
  }, [emptyLaterPage, setPage, table.page]);

  const columns: TableColumn<TSegment>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (segment) => (
        <Group gap="xs" wrap="nowrap">
          {/* A link too, so that the keyboard reaches the segment as well as the mouse. */}
          <Anchor
            component={Link}
            to={consolePaths.segment(segment._id)}
            size="sm"
            fw={600}
            c="inherit"
            onClick={(event) => event.stopPropagation()}
          >
            {segment.name}
          </Anchor>
          {segment.system && <SegmentSystemBadge />}
        </Group>
      ),
    },
    {
      accessor: 'description',
      title: 'Description',
      render: (segment) =>
        segment.description ? (
          <Text size="sm" lineClamp={2} title={segment.description} maw={360}>
            {segment.description}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'filters',
      title: 'Rules',
      render: (segment) => {
        const text = rulesText(segment.filters);
        return (
          <Text
            size="sm"
            lineClamp={2}
            title={text}
            maw={360}
            c={segment.filters.length ? undefined : 'dimmed'}
          >
            {text}
          </Text>
        );
      },
    },
    {
      accessor: 'player_count',
      title: 'Players',
      noWrap: true,
      render: (segment) => <PlayerCount segment={segment} />,
    },
    {
      accessor: 'created_at',
      title: 'Created Date',
      noWrap: true,
      render: (segment) => (
        <span title={displayDateTime(segment.created_at)}>{displayDate(segment.created_at)}</span>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      toggleable: false,
      textAlign: 'right',
      width: 110,
      render: (segment) => (
        // The same height with or without a delete button, so that every row lines up.
        <Group gap={6} justify="flex-end" wrap="nowrap" mih={28}>
          <Tooltip label={SEGMENT_TEXTS.viewPlayers} withinPortal>
            <ActionIcon
              component={Link}
              to={consolePaths.segmentPlayers(segment._id)}
              variant="subtle"
              color="gray"
              aria-label={`Players of ${segment.name}`}
              onClick={(event) => event.stopPropagation()}
            >
              <IconUsers size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {canDelete(user, segment) && (
            <Tooltip label="Delete" withinPortal>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${segment.name}`}
                loading={actions.busyId === segment._id}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.confirmDelete(segment);
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
      <PageTitle title={SEGMENT_MESSAGES.listTitle} />
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {SEGMENT_MESSAGES.listTitle}
        </Title>
        <Text c="dimmed">{SEGMENT_TEXTS.subtitle}</Text>
      </Stack>
      <DataTable<TSegment>
        table="segments"
        columns={columns}
        records={segments}
        totalRecords={list.data?.count ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={list.isFetching && (list.isPlaceholderData || !list.data)}
        emptyText={SEGMENT_MESSAGES.empty}
        pinLastColumn
        filters={
          <DebouncedSearch
            label={SEGMENT_TEXTS.search}
            placeholder={SEGMENT_TEXTS.searchPlaceholder}
            value={table.search}
            onChange={table.setSearch}
          />
        }
        actions={
          mayCreateSegments(user) && (
            <Button
              component={Link}
              to={consolePaths.segment()}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {SEGMENT_MESSAGES.newSegment}
            </Button>
          )
        }
        onRowClick={(segment) => void navigate(consolePaths.segment(segment._id))}
      />
    </Stack>
  );
};
