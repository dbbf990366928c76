import {
  BADGE_DEFAULT_COLUMNS,
  BADGE_MESSAGES,
  consolePaths,
  PAGE_SIZES,
  type TBadge,
} from '@laurel/contract';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { badgesListQuery } from '@/features/badges/api';
import { BADGE_TEXTS, stockText, stockTitle } from '@/features/badges/badge-format';
import { mayCreateBadges, mayDeleteBadges } from '@/features/badges/badge-rules';
import { BadgeIcon } from '@/features/badges/components/badge-icon';
import { useConfirmDeleteBadge } from '@/features/badges/components/use-delete-badge';
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

/** `/console/badges` (spec 2 §2): search, paging, Add Badge; a row opens the badge. */
export const BadgesPage = () => {
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
    deleteColumn<TBadge>({
      mayDelete,
      nameOf: (badge) => badge.name,
      busyId,
      onDelete: confirmDelete,
    }),
  ];

  return (
    <ListPage<TBadge>
      heading={<PageHeading title={BADGE_MESSAGES.listTitle} subtitle={BADGE_TEXTS.subtitle} />}
      tableName="badges"
      table={table}
      count={list.data?.count}
      fetching={list.isFetching}
      // Until the user chooses, the table shows the spec's columns (spec 2 §2).
      columns={withDefaultColumns(columns, BADGE_DEFAULT_COLUMNS)}
      records={badges}
      search={{ label: BADGE_TEXTS.search, placeholder: BADGE_TEXTS.searchPlaceholder }}
      actions={
        mayCreateBadges(user) && <NavButton to={consolePaths.badge()}>{BADGE_MESSAGES.addBadge}</NavButton>
      }
      rowPath={(badge) => consolePaths.badge(badge._id)}
    />
  );
};
