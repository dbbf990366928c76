import {
  COMMON_MESSAGES,
  consolePaths,
  PAGE_SIZES,
  REWARD_ITEM_TYPE_LABELS,
  REWARD_ITEM_TYPES,
  REWARD_STATUSES,
  type TReward,
  type TRewardItemType,
  type TRewardStatus,
} from '@laurel/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { IconGift, IconPackage, IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { rewardsListQuery } from '@/features/rewards/api';
import {
  costText,
  REWARD_STATUS_COLORS,
  REWARD_TEXTS,
  stockLeftText,
} from '@/features/rewards/reward-format';
import { mayCreateRewards } from '@/features/rewards/reward-rules';
import {
  DataTable,
  DebouncedSearch,
  RowLink,
  type TableColumn,
  tablePaging,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';
import { displayDate } from '@/ui/display-date';
import { LazySelect } from '@/ui/lazy-select';
import { LinkButton } from '@/ui/link-button';
import { PageHeading } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

const STATUS_OPTIONS = REWARD_STATUSES.map((status) => ({ value: status, label: status }));
const TYPE_OPTIONS = REWARD_ITEM_TYPES.map((type) => ({ value: type, label: REWARD_ITEM_TYPE_LABELS[type] }));
const TYPE_ICONS = { coupon: IconTicket, physical: IconPackage, digital: IconGift } as const;

// Checked against the options, not the contract's schema, so that the list loads no zod.
const asStatus = (value: string) =>
  (REWARD_STATUSES as readonly string[]).includes(value) ? (value as TRewardStatus) : null;
const asType = (value: string) =>
  (REWARD_ITEM_TYPES as readonly string[]).includes(value) ? (value as TRewardItemType) : null;

const RewardImage = ({ reward }: { reward: TReward }) => {
  const TypeIcon = TYPE_ICONS[reward.type];
  return (
    <Avatar
      src={reward.image_url}
      alt={reward.image_url ? reward.name : undefined}
      radius="md"
      size={40}
      color="laurel"
    >
      <TypeIcon size={20} aria-hidden />
    </Avatar>
  );
};

/**
 * `/console/rewards`: the catalogue, newest first, searched by name and filtered by status and type (all in the
 * URL); a row opens the reward.
 */
export const RewardsPage = () => {
  const user = useSession()?.user;
  const navigate = useNavigate();
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const timeZone = useClientRecord().data?.time_zone;
  const status = asStatus(table.filter('status'));
  const type = asType(table.filter('type'));
  const list = useQuery(
    rewardsListQuery({ page: table.page, size: table.pageSize, search: table.search, status, type }),
  );
  const rewards = list.data?.rewards ?? [];
  usePreviousPageWhenEmpty(list, rewards, table);

  const columns: TableColumn<TReward>[] = [
    {
      accessor: 'image_url',
      title: 'Image',
      width: 72,
      render: (reward) => <RewardImage reward={reward} />,
    },
    {
      accessor: 'name',
      title: 'Name',
      // A name may run to REWARD_NAME_MAX_LENGTH characters: one line, cut short, rather than push the columns away.
      ellipsis: true,
      width: 240,
      render: (reward) => (
        <RowLink to={consolePaths.reward(reward._id)} title={reward.name}>
          {reward.name}
        </RowLink>
      ),
    },
    {
      accessor: 'type',
      title: 'Type',
      noWrap: true,
      render: (reward) => REWARD_ITEM_TYPE_LABELS[reward.type],
    },
    {
      accessor: 'cost',
      title: 'Cost',
      textAlign: 'right',
      noWrap: true,
      render: (reward) => costText(reward.cost.amount, reward.currency.code),
    },
    {
      accessor: 'stock_left',
      title: 'Stock Left',
      textAlign: 'right',
      noWrap: true,
      render: stockLeftText,
    },
    {
      accessor: 'redeemed',
      title: 'Redemptions',
      textAlign: 'right',
      noWrap: true,
      render: (reward) => reward.redeemed.toLocaleString('en-US'),
    },
    {
      accessor: 'status',
      title: 'Status',
      noWrap: true,
      render: (reward) => (
        <Stack gap={2} align="flex-start">
          <StatusChip
            status={reward.status}
            label={reward.status}
            color={REWARD_STATUS_COLORS[reward.status]}
          />
          {/* When a scheduled reward opens, or when an ended one closed, on the business's calendar. */}
          {reward.status === 'Scheduled' && reward.available_from && (
            <Text size="xs" c="dimmed">
              {REWARD_TEXTS.opensOn(displayDate(reward.available_from, timeZone))}
            </Text>
          )}
          {reward.status === 'Ended' && reward.available_to && (
            <Text size="xs" c="dimmed">
              {REWARD_TEXTS.endedOn(displayDate(reward.available_to, timeZone))}
            </Text>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeading title={REWARD_TEXTS.listTitle} subtitle={REWARD_TEXTS.subtitle} />
      <DataTable<TReward>
        table="rewards"
        columns={columns}
        records={rewards}
        {...tablePaging(table, list.data?.count)}
        fetching={list.isFetching}
        emptyText={COMMON_MESSAGES.tableEmpty}
        filters={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DebouncedSearch
              label={REWARD_TEXTS.search}
              placeholder={REWARD_TEXTS.searchPlaceholder}
              value={table.search}
              onChange={table.setSearch}
            />
            <LazySelect
              label={REWARD_TEXTS.status}
              placeholder={REWARD_TEXTS.allStatuses}
              data={STATUS_OPTIONS}
              value={status}
              clearable
              w={{ base: '48%', xs: 160 }}
              onChange={(value) => table.setFilter('status', value)}
            />
            <LazySelect
              label={REWARD_TEXTS.type}
              placeholder={REWARD_TEXTS.allTypes}
              data={TYPE_OPTIONS}
              value={type}
              clearable
              w={{ base: '48%', xs: 160 }}
              onChange={(value) => table.setFilter('type', value)}
            />
          </Group>
        }
        actions={
          mayCreateRewards(user) && (
            <LinkButton to={consolePaths.reward()}>{REWARD_TEXTS.addReward}</LinkButton>
          )
        }
        onRowClick={(reward) => void navigate(consolePaths.reward(reward._id))}
      />
    </Stack>
  );
};
