import {
  consolePaths,
  isId,
  listSegmentPlayers,
  PAGE_SIZES,
  SEGMENT_MESSAGES,
  SEGMENT_PLAYERS_MESSAGES,
  segmentPlayersHeading,
  type TSegment,
  type TSegmentPlayer,
} from '@laurel/contract';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconEye, IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { REBUILD_POLL_MS, segmentKeys, segmentPlayersQuery, useSegment } from '@/features/segments/api';
import { BackToSegments } from '@/features/segments/components/back-to-segments';
import { PlayerCount } from '@/features/segments/components/player-count';
import { SegmentProblem } from '@/features/segments/components/segment-problem';
import { SegmentSystemBadge } from '@/features/segments/components/segment-system-badge';
import { displayNumber, SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { mayUpdateSegments } from '@/features/segments/segment-rules';
import { DataAsOf } from '@/ui/data-as-of';
import { DataTable, type TableColumn, useTableQuery } from '@/ui/data-table';
import { displayDateTime } from '@/ui/display-date';
import { Fact } from '@/ui/fact';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';
import { SectionCard } from '@/ui/section-card';

const SegmentDetails = ({ segment }: { segment: TSegment }) => (
  <SectionCard title={SEGMENT_PLAYERS_MESSAGES.detailsTitle}>
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
      <Fact label="Segment ID">
        <Badge
          // The default variant's text is the body colour: a gray outline's reads at 3.3:1 (WCAG asks 4.5).
          variant="default"
          radius="sm"
          tt="none"
          fw={600}
          ff="monospace"
          // The whole id, never cut: people copy it into support requests and integrations.
          styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
        >
          {segment.playfab_segment_id || SEGMENT_PLAYERS_MESSAGES.unknown}
        </Badge>
      </Fact>
      <Fact label="Name">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {segment.name}
          </Text>
          {segment.system && <SegmentSystemBadge />}
        </Group>
      </Fact>
      <Fact label="Description">
        {segment.description ? (
          segment.description
        ) : (
          <Text size="sm" c="dimmed">
            {SEGMENT_PLAYERS_MESSAGES.noDescription}
          </Text>
        )}
      </Fact>
      <Fact label="Filters">{segment.filters.length}</Fact>
      <Fact label="Actions">{segment.actions.length}</Fact>
      <Fact label={SEGMENT_PLAYERS_MESSAGES.playersTitle}>
        <PlayerCount segment={segment} />
      </Fact>
    </SimpleGrid>
  </SectionCard>
);

const NoPlayers = () => (
  <Stack align="center" gap="xs" py="xl" px="md" ta="center">
    <IconUsersGroup size={40} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
    <Title order={3} fz="h5">
      {SEGMENT_PLAYERS_MESSAGES.emptyTitle}
    </Title>
    <Text size="sm" c="dimmed" maw={520}>
      {SEGMENT_PLAYERS_MESSAGES.empty}
    </Text>
    <Stack gap={6} align="flex-start" mt="xs">
      <Text size="sm" fw={600}>
        Possible reasons:
      </Text>
      <List size="sm" c="dimmed" spacing={4} ta="left">
        {SEGMENT_PLAYERS_MESSAGES.emptyReasons.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </Stack>
  </Stack>
);

const StatisticsCell = ({ statistics }: { statistics: TSegmentPlayer['statistics'] }) => {
  const entries = Object.entries(statistics);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {SEGMENT_PLAYERS_MESSAGES.noData}
      </Text>
    );
  return (
    <Group gap={6}>
      {entries.map(([name, value]) => (
        <Code key={name} fz="xs">
          {name}: {displayNumber(value)}
        </Code>
      ))}
    </Group>
  );
};

/** 'Loading players...' shows for at least this long, even when the members arrive sooner (spec 2 §2, §9). */
export const PLAYERS_LOADING_MS = 1000;

/** False until `ms` have passed since the first render. */
const useMinimumWait = (ms: number) => {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return waited;
};

const SegmentPlayers = ({ segment }: { segment: TSegment }) => {
  const navigate = useNavigate();
  const waited = useMinimumWait(PLAYERS_LOADING_MS);
  const queryClient = useQueryClient();
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const players = useQuery({
    ...segmentPlayersQuery(segment._id, { page: table.page, size: table.pageSize }),
    // The members change while the segment is recomputed: follow them.
    refetchInterval: segment.rebuilding ? REBUILD_POLL_MS : false,
  });

  // Once the recomputation ends, the final members are fetched once more.
  const wasRebuilding = useRef(segment.rebuilding);
  useEffect(() => {
    if (wasRebuilding.current && !segment.rebuilding)
      void queryClient.invalidateQueries({ queryKey: segmentKeys.players(segment._id) });
    wasRebuilding.current = segment.rebuilding;
  }, [segment.rebuilding, segment._id, queryClient]);

  const columns: TableColumn<TSegmentPlayer>[] = [
    {
      accessor: 'customer_id',
      title: 'Player ID',
      noWrap: true,
      render: (player) => (
        <Anchor
          component={Link}
          to={consolePaths.customerProfile(player.customer_id)}
          size="sm"
          ff="monospace"
          onClick={(event) => event.stopPropagation()}
        >
          {player.customer_id}
        </Anchor>
      ),
    },
    {
      accessor: 'display_name',
      title: 'Display Name',
      render: (player) =>
        player.display_name || (
          <Text size="sm" c="dimmed">
            {SEGMENT_PLAYERS_MESSAGES.unknown}
          </Text>
        ),
    },
    {
      accessor: 'statistics',
      title: 'Statistics',
      render: (player) => <StatisticsCell statistics={player.statistics} />,
    },
    {
      accessor: 'last_login',
      title: 'Last Login',
      noWrap: true,
      render: (player) =>
        player.last_login ? (
          displayDateTime(player.last_login)
        ) : (
          <Text size="sm" c="dimmed">
            {SEGMENT_PLAYERS_MESSAGES.never}
          </Text>
        ),
    },
  ];

  const count = players.data?.count ?? 0;
  return (
    <SectionCard
      title={SEGMENT_PLAYERS_MESSAGES.playersTitle}
      actions={<DataAsOf endpoint={listSegmentPlayers} />}
    >
      {players.isPending || !waited ? (
        <Group gap="sm" justify="center" py="xl" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {SEGMENT_PLAYERS_MESSAGES.loading}
          </Text>
        </Group>
      ) : count === 0 && (players.data?.players.length ?? 0) === 0 ? (
        <NoPlayers />
      ) : (
        <DataTable<TSegmentPlayer>
          columns={columns}
          records={players.data?.players ?? []}
          idAccessor="customer_id"
          totalRecords={count}
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          fetching={players.isFetching && players.isPlaceholderData}
          onRowClick={(player) => void navigate(consolePaths.customerProfile(player.customer_id))}
        />
      )}
    </SectionCard>
  );
};

const PlayersOfSegment = ({ id }: { id: string }) => {
  const user = useSession()?.user;
  const segment = useSegment(id);
  if (segment.isError)
    return <SegmentProblem title={SEGMENT_MESSAGES.fetchFailedTitle} message={segment.error.message} />;
  if (segment.data === null)
    return <SegmentProblem title={SEGMENT_MESSAGES.notFoundTitle} message={SEGMENT_MESSAGES.notFound} />;
  if (!segment.data) return <PageLoader label="Loading the segment" />;
  const heading = segmentPlayersHeading(segment.data.name);
  const editable = !segment.data.system && mayUpdateSegments(user);
  return (
    <Stack gap="lg">
      <PageTitle title={heading} />
      <Stack gap="sm">
        <BackToSegments />
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1} fz="h2">
              {heading}
            </Title>
            <Text c="dimmed">{SEGMENT_PLAYERS_MESSAGES.subtitle}</Text>
          </Stack>
          <Button
            component={Link}
            to={consolePaths.segment(id)}
            variant="default"
            leftSection={editable ? <IconPencil size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
          >
            {editable ? SEGMENT_TEXTS.editSegment : SEGMENT_TEXTS.viewSegment}
          </Button>
        </Group>
      </Stack>
      <SegmentDetails segment={segment.data} />
      <SegmentPlayers segment={segment.data} />
    </Stack>
  );
};

/** `/console/segment/{segment_id}/players` (spec 2 §2): the segment's details and its real members (DESIGN §9). */
export const SegmentPlayersPage = () => {
  const { segment_id: id } = useParams();
  if (!id || !isId(id)) return <SegmentProblem title={SEGMENT_MESSAGES.invalidId} />;
  return <PlayersOfSegment key={id} id={id} />;
};
