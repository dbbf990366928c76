import {
  BADGE_DEFAULT_COLUMNS,
  BADGE_MESSAGES,
  consolePaths,
  PAGE_SIZES,
  type TBadge,
} from '@laurel/contract';
import { Badge, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { badgesListQuery } from '@/features/badges/api';
import { BADGE_TEXTS, displayDate, stockText, stockTitle } from '@/features/badges/badge-format';
import { mayCreateBadges, mayDeleteBadges } from '@/features/badges/badge-rules';
import { BadgeIcon } from '@/features/badges/components/badge-icon';
import { useConfirmDeleteBadge } from '@/features/badges/components/use-delete-badge';
import {
  DataTable,
  RowDeleteButton,
  RowLink,
  type TableColumn,
  TableSearch,
  tablePaging,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';
import { LinkButton } from '@/ui/link-button';
import { PageHeading } from '@/ui/page-title';

const DEFAULT_COLUMNS: readonly string[] = BADGE_DEFAULT_COLUMNS;

/** `/console/badges` (spec 2 §2): search, paging, Add Badge; a row opens the badge. */
export const BadgesPage = () => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(badgesListQuery({ page: table.page, size: table.pageSize, search: table.search }));
  const { confirmDelete, busyId } = useConfirmDeleteBadge();
  const badges = list.data?.badges ?? [];
  const mayDelete = mayDeleteBadges(user);

  usePreviousPageWhenEmpty(list, badges, table);

  const columns: TableColumn<TBadge>[] = [
    {
      accessor: 'icon',
      title: 'Icon',
      width: 72,
      render: (badge) => <BadgeIcon icon={badge.icon} theme={badge.theme} size={36} />,
    },
    {
      accessor: 'name',
      title: 'Name',
      render: (badge) => <RowLink to={consolePaths.badge(badge._id)}>{badge.name}</RowLink>,
    },
    {
      accessor: 'start_date',
      title: 'Start Date',
      noWrap: true,
      render: (badge) => (badge.dates_enabled ? displayDate(badge.start_date) : '—'),
    },
    {
      accessor: 'end_date',
      title: 'End Date',
      noWrap: true,
      render: (badge) => (badge.dates_enabled ? displayDate(badge.end_date) : '—'),
    },
    {
      accessor: 'quantity_limited',
      title: 'Quantity Type',
      noWrap: true,
      render: (badge) => (
        <Badge variant="light" color={badge.quantity_limited ? 'laurel' : 'gray'} radius="sm">
          {badge.quantity_limited ? BADGE_MESSAGES.limited : BADGE_MESSAGES.unlimited}
        </Badge>
      ),
    },
    {
      accessor: 'quantity',
      title: 'Quantity',
      noWrap: true,
      render: (badge) => <span title={stockTitle(badge)}>{stockText(badge)}</span>,
    },
    { accessor: 'category', title: 'Category', noWrap: true },
    { accessor: 'level', title: 'Level', textAlign: 'right', noWrap: true },
    {
      accessor: 'created_at',
      title: 'Created Date',
      noWrap: true,
      render: (badge) => displayDate(badge.created_at),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      toggleable: false,
      textAlign: 'right',
      width: 90,
      render: (badge) =>
        mayDelete && (
          <RowDeleteButton
            name={badge.name}
            loading={busyId === badge._id}
            onClick={() => confirmDelete(badge)}
          />
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeading title={BADGE_MESSAGES.listTitle} subtitle={BADGE_TEXTS.subtitle} />
      <DataTable<TBadge>
        table="badges"
        columns={columns.map((column) =>
          // Until the user chooses, the table shows the spec's columns (spec 2 §2); the others wait in the chooser.
          column.accessor === 'actions' || DEFAULT_COLUMNS.includes(column.accessor)
            ? column
            : { ...column, defaultToggle: false },
        )}
        records={badges}
        {...tablePaging(table, list.data?.count)}
        fetching={list.isFetching}
        pinLastColumn
        filters={
          <TableSearch table={table} label={BADGE_TEXTS.search} placeholder={BADGE_TEXTS.searchPlaceholder} />
        }
        actions={
          mayCreateBadges(user) && (
            <LinkButton to={consolePaths.badge()}>{BADGE_MESSAGES.addBadge}</LinkButton>
          )
        }
        onRowClick={(badge) => void navigate(consolePaths.badge(badge._id))}
      />
    </Stack>
  );
};
