import { COMMON_MESSAGES, ECONOMY_API_MESSAGES, PAGE_SIZES, type TEarnConfig } from '@laurel/contract';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { currenciesQuery, earnConfigsQuery, useDeleteEarnConfig } from '@/features/economy/api';
import type { TEarnConfigKind } from '@/features/economy/earn-config-form-values';
import { currencyNameOf, exclusionCount } from '@/features/economy/earn-config-format';
import { EARN_CONFIG_KINDS } from '@/features/economy/earn-config-kinds';
import { mayCreateIn, mayDeleteIn } from '@/features/economy/economy-rules';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { openConfirmModal } from '@/ui/confirm-modal';
import {
  DataTable,
  RowActions,
  RowDeleteButton,
  RowLink,
  type TableColumn,
  tablePaging,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';
import { openMessageModal } from '@/ui/message-modal';
import { NavButton } from '@/ui/nav-button';
import { PageHeading } from '@/ui/page-title';

const plain = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * `/console/economics/cashback-configs` and `/console/economics/xp-configs` (spec 3 §2): the client's earn configs
 * of one type, paged by the server; a row opens its config.
 */
export const EarnConfigsPage = ({ kind }: { kind: TEarnConfigKind }) => {
  const info = EARN_CONFIG_KINDS[kind];
  const navigate = useNavigate();
  const user = useSession()?.user;
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const list = useQuery(earnConfigsQuery({ type: info.type, page: table.page, size: table.pageSize }));
  // Only the cashback list names currencies.
  const currencies = useQuery({ ...currenciesQuery(), enabled: kind === 'cashback' });
  const remove = useDeleteEarnConfig();
  const configs = list.data?.configs ?? [];
  usePreviousPageWhenEmpty(list, configs, table);

  const confirmDelete = (config: TEarnConfig) =>
    openConfirmModal({
      title: ECONOMY_TEXTS.deleteConfigTitle,
      text: ECONOMY_TEXTS.deleteConfigText,
      onConfirm: () =>
        remove.mutate(config._id, {
          onSuccess: () =>
            openMessageModal({
              title: COMMON_MESSAGES.successExclaimed,
              message: ECONOMY_API_MESSAGES.earnConfigDeleted,
            }),
        }),
    });

  const currencyColumn: TableColumn<TEarnConfig>[] =
    kind === 'cashback'
      ? [
          {
            accessor: 'earn_target',
            title: ECONOMY_TEXTS.currency,
            render: (config) => (
              <RowLink to={info.configPath(config._id)}>
                {currencyNameOf(config, currencies.data?.currencies ?? [])}
              </RowLink>
            ),
          },
        ]
      : [];
  const columns: TableColumn<TEarnConfig>[] = [
    ...currencyColumn,
    {
      accessor: 'trigger_value',
      title: ECONOMY_TEXTS.trigger,
      render: (config) =>
        kind === 'xp' ? (
          <RowLink to={info.configPath(config._id)}>{plain(config.trigger_value)}</RowLink>
        ) : (
          plain(config.trigger_value)
        ),
    },
    {
      accessor: 'earn_amount',
      title: ECONOMY_TEXTS.earnAmount,
      render: (config) => plain(config.earn_amount),
    },
    // Not among the cashback list's columns (spec 3 §3): the column chooser offers it there.
    { accessor: 'segment_name', title: ECONOMY_TEXTS.segmentColumn, defaultToggle: info.kind !== 'cashback' },
    {
      accessor: 'excluded_category_ids',
      title: ECONOMY_TEXTS.exclCategories,
      render: (config) => exclusionCount(config.excluded_category_ids),
    },
    {
      accessor: 'excluded_product_ids',
      title: ECONOMY_TEXTS.exclProducts,
      render: (config) => exclusionCount(config.excluded_product_ids),
    },
    {
      accessor: 'actions',
      title: ECONOMY_TEXTS.actions,
      toggleable: false,
      textAlign: 'right',
      width: 90,
      render: (config) => (
        <RowActions>
          {mayDeleteIn(user, info.area) && (
            <RowDeleteButton
              name={`${info.kind === 'cashback' ? 'cashback' : 'XP'} config of ${config.segment_name}`}
              loading={remove.isPending && remove.variables === config._id}
              onClick={() => confirmDelete(config)}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeading title={info.listTitle} subtitle={<Text span>{info.listSubtitle}</Text>} />
      <DataTable<TEarnConfig>
        title={info.tableTitle}
        table={info.table}
        columns={columns}
        records={configs}
        {...tablePaging(table, list.data?.count)}
        fetching={list.isFetching && (list.isPlaceholderData || !list.data)}
        emptyText={COMMON_MESSAGES.tableEmpty}
        pinLastColumn
        actions={
          mayCreateIn(user, info.area) && <NavButton to={info.configPath()}>{info.addLabel}</NavButton>
        }
        onRowClick={(config) => void navigate(info.configPath(config._id))}
      />
    </Stack>
  );
};

export const CashbackConfigsPage = () => <EarnConfigsPage kind="cashback" />;
export const XpConfigsPage = () => <EarnConfigsPage kind="xp" />;
