import { consolePaths, PAGE_SIZES, SEGMENT_MESSAGES, type TSegment } from '@laurel/contract';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '@/api/use-session';
import { segmentsListQuery } from '@/features/segments/api';
import { PlayerCount } from '@/features/segments/components/player-count';
import { SegmentSystemBadge } from '@/features/segments/components/segment-system-badge';
import { useDeleteSegmentAction } from '@/features/segments/components/use-delete-segment-action';
import { rulesText, SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { canDelete, mayCreateSegments } from '@/features/segments/segment-rules';
import {
  ListPage,
  RowActions,
  RowDeleteButton,
  RowLink,
  type TableColumn,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';
import { displayDate, displayDateTime } from '@/ui/display-date';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { NavButton } from '@/ui/nav-button';
import { PageHeading } from '@/ui/page-title';

/** `/console/segments` (spec 2 §2): search, paging, New Segment; a row opens the segment. */
export const SegmentsPage = () => {
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(segmentsListQuery({ page: table.page, size: table.pageSize, search: table.search }));
  const actions = useDeleteSegmentAction();
  const segments = list.data?.segments ?? [];

  usePreviousPageWhenEmpty(list, segments, table);

  const columns: TableColumn<TSegment>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (segment) => (
        <Group gap="xs" wrap="nowrap">
          <RowLink to={consolePaths.segment(segment._id)}>{segment.name}</RowLink>
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
        <RowActions>
          <LazyTooltip label={SEGMENT_TEXTS.viewPlayers}>
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
          </LazyTooltip>
          {canDelete(user, segment) && (
            <RowDeleteButton
              name={segment.name}
              loading={actions.busyId === segment._id}
              onClick={() => actions.confirmDelete(segment)}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage<TSegment>
      heading={<PageHeading title={SEGMENT_MESSAGES.listTitle} subtitle={SEGMENT_TEXTS.subtitle} />}
      tableName="segments"
      table={table}
      count={list.data?.count}
      fetching={list.isFetching && (list.isPlaceholderData || !list.data)}
      columns={columns}
      records={segments}
      emptyText={SEGMENT_MESSAGES.empty}
      search={{ label: SEGMENT_TEXTS.search, placeholder: SEGMENT_TEXTS.searchPlaceholder }}
      actions={
        mayCreateSegments(user) && (
          <NavButton to={consolePaths.segment()}>{SEGMENT_MESSAGES.newSegment}</NavButton>
        )
      }
      rowPath={(segment) => consolePaths.segment(segment._id)}
    />
  );
};
