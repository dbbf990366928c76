import {
  CHALLENGE_MESSAGES,
  CHALLENGE_STATUS_LABELS,
  consolePaths,
  PAGE_SIZES,
  type TChallengeListItem,
} from '@laurel/contract';
import { Badge, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTargetArrow } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { challengesListQuery } from '@/features/challenges/api';
import { mayCreateChallenges, mayDeleteChallenges } from '@/features/challenges/challenge-rules';
import { CHALLENGE_TEXTS, CHALLENGE_COLUMN_TITLES as COLUMN } from '@/features/challenges/challenge-texts';
import { useConfirmDeleteChallenge } from '@/features/challenges/components/use-delete-challenge';
import {
  deleteColumn,
  ListPage,
  RowLink,
  type TableColumn,
  usePreviousPageWhenEmpty,
  useTableQuery,
  withDefaultColumns,
} from '@/ui/data-table';
import { displayDate } from '@/ui/display-date';
import { NavButton } from '@/ui/nav-button';
import { PageHeading } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

/** Shown until the user chooses other columns (kept per browser). */
const DEFAULT_COLUMNS: readonly string[] = [
  'image',
  'title',
  'status',
  'start_date',
  'end_date',
  'granted_quantity',
  'completed_quantity',
];

const STATUS_COLOR = { draft: 'neutral', staging: 'warning', released: 'success' } as const;

const ChallengeImage = ({ challenge }: { challenge: TChallengeListItem }) =>
  challenge.image.url ? (
    <Image
      src={challenge.image.url}
      alt={`Image of ${challenge.title}`}
      w={40}
      h={40}
      radius="sm"
      fit="cover"
    />
  ) : (
    <ThemeIcon variant="light" size={40} radius="sm" aria-label="No image" role="img">
      <IconTargetArrow size={22} aria-hidden />
    </ThemeIcon>
  );

/** `/console/challenges` (spec 2 §2): search, paging, a column chooser and Add Challenge; a row opens the editor. */
export const ChallengesPage = () => {
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(
    challengesListQuery({ page: table.page, size: table.pageSize, search: table.search }),
  );
  const { confirmDelete, busyId } = useConfirmDeleteChallenge();
  const challenges = list.data?.challenges ?? [];
  const mayDelete = mayDeleteChallenges(user);
  // A challenge's days are the business's, as its editor shows them.
  const timeZone = useClientRecord().data?.time_zone;

  usePreviousPageWhenEmpty(list, challenges, table);

  const columns: TableColumn<TChallengeListItem>[] = [
    {
      accessor: 'image',
      title: COLUMN.image,
      width: 72,
      render: (challenge) => <ChallengeImage challenge={challenge} />,
    },
    {
      accessor: 'title',
      title: COLUMN.title,
      render: (challenge) => (
        <Stack gap={0} miw={0}>
          <RowLink to={consolePaths.challenge(challenge._id)}>{challenge.title}</RowLink>
          {challenge.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {challenge.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: COLUMN.status,
      noWrap: true,
      render: (challenge) => (
        <StatusChip
          status={challenge.status}
          label={CHALLENGE_STATUS_LABELS[challenge.status]}
          color={STATUS_COLOR[challenge.status]}
        />
      ),
    },
    {
      accessor: 'visible',
      title: COLUMN.visible,
      noWrap: true,
      render: (challenge) => (challenge.visible ? 'Yes' : 'No'),
    },
    {
      accessor: 'start_date',
      title: COLUMN.start_date,
      noWrap: true,
      render: (challenge) => displayDate(challenge.schedule.start_date, timeZone),
    },
    {
      accessor: 'end_date',
      title: COLUMN.end_date,
      noWrap: true,
      render: (challenge) => displayDate(challenge.schedule.end_date, timeZone),
    },
    { accessor: 'granted_quantity', title: COLUMN.granted_quantity, textAlign: 'right', noWrap: true },
    { accessor: 'completed_quantity', title: COLUMN.completed_quantity, textAlign: 'right', noWrap: true },
    {
      accessor: 'segments',
      title: COLUMN.segments,
      render: (challenge) => (
        <Group gap={4}>
          {challenge.segments.map((segment) => (
            <Badge key={segment._id} variant="light" color="gray" radius="sm" tt="none">
              {segment.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'created_at',
      title: COLUMN.created_at,
      noWrap: true,
      render: (challenge) => displayDate(challenge.created_at),
    },
    deleteColumn<TChallengeListItem>({
      mayDelete,
      nameOf: (challenge) => challenge.title,
      busyId,
      onDelete: confirmDelete,
    }),
  ];

  return (
    <ListPage<TChallengeListItem>
      heading={<PageHeading title={CHALLENGE_MESSAGES.listTitle} subtitle={CHALLENGE_TEXTS.subtitle} />}
      tableName="challenges"
      table={table}
      count={list.data?.count}
      fetching={list.isFetching}
      columns={withDefaultColumns(columns, DEFAULT_COLUMNS)}
      records={challenges}
      idAccessor="_id"
      search={{ label: CHALLENGE_TEXTS.search, placeholder: CHALLENGE_TEXTS.searchPlaceholder }}
      actions={
        mayCreateChallenges(user) && (
          <NavButton to={consolePaths.challenge()}>{CHALLENGE_MESSAGES.addChallenge}</NavButton>
        )
      }
      rowPath={(challenge) => consolePaths.challenge(challenge._id)}
    />
  );
};
