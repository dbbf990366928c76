import {
  COMMON_MESSAGES,
  PAGE_SIZES,
  REDEMPTION_STATUS_COLORS,
  REDEMPTION_STATUS_LABELS,
  REWARD_ITEM_TYPE_LABELS,
  shownExpiry,
  type TRewardRedemption,
} from '@laurel/contract';
import { Button, Code, Stack, Text } from '@mantine/core';
import { IconGift, IconReceiptOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '@/api/use-session';
import { customerWalletsQuery } from '@/features/economy';
import {
  currencyCodeOf,
  customerRedemptionsQuery,
  REDEMPTION_TEXTS,
  useCancelRedemption,
} from '@/features/rewards/redemption-api';
import { costText } from '@/features/rewards/reward-format';
import { mayCreateRewards, mayUpdateRewards } from '@/features/rewards/reward-rules';
import { openConfirmModal } from '@/ui/confirm-modal';
import { DataTable, type TableColumn } from '@/ui/data-table';
import { RowActionButton, RowActions } from '@/ui/data-table/row-actions';
import { displayDate } from '@/ui/display-date';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { openMessageModal } from '@/ui/message-modal';
import { StatusChip } from '@/ui/status-chip';
import { useActionDialog } from '@/ui/use-action-dialog';
import { mutateSettled, useOneAtATime } from '@/ui/use-one-at-a-time';

// Opened by its button: the dialog and its list load then, not with the customer's profile.
const RedeemRewardDialog = lazyComponent(
  () => import('@/features/rewards/components/redeem-reward-dialog'),
  'RedeemRewardDialog',
);

const PAGE_SIZE = PAGE_SIZES.picker;
const ACTION = 'redeem-reward';

/** The Rewards box's 'Redeem reward' button, shown only with REWARDS create. */
export const RedeemRewardAction = ({ customerId }: { customerId: string }) => {
  const user = useSession()?.user;
  const dialog = useActionDialog(ACTION);
  if (!mayCreateRewards(user)) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconGift size={14} aria-hidden />}
        onClick={dialog.open}
      >
        {REDEMPTION_TEXTS.redeem}
      </Button>
      <MountWhen when={dialog.opened}>
        <RedeemRewardDialog customerId={customerId} opened={dialog.opened} onClose={dialog.close} />
      </MountWhen>
    </>
  );
};

/**
 * The customer's redemptions and their codes, newest first (DESIGN §10), each issued one with Cancel for a user
 * with REWARDS update: the coupon is void and its cost goes back to the wallet.
 */
export const CustomerRedemptionsTable = ({
  customerId,
  erased = false,
}: {
  customerId: string;
  erased?: boolean;
}) => {
  const user = useSession()?.user;
  const [page, setPage] = useState(1);
  const redemptions = useQuery(customerRedemptionsQuery(customerId, page, PAGE_SIZE));
  const wallets = useQuery(customerWalletsQuery(customerId));
  const cancel = useCancelRedemption(customerId);
  // The confirm button stays on screen while its dialog closes: a double-click's second click sends nothing.
  const once = useOneAtATime();
  const mayCancel = mayUpdateRewards(user);
  const cost = (row: TRewardRedemption) =>
    costText(row.cost.amount, currencyCodeOf(wallets.data, row.cost.currency));

  const confirmCancel = (row: TRewardRedemption) =>
    openConfirmModal({
      title: REDEMPTION_TEXTS.cancelTitle,
      text: erased
        ? REDEMPTION_TEXTS.cancelTextErased(row.coupon_code)
        : REDEMPTION_TEXTS.cancelText(
            row.reward_name,
            cost(row),
            row.coupon_code,
            row.reward_type === 'coupon',
          ),
      confirmLabel: REDEMPTION_TEXTS.cancelConfirm,
      cancelLabel: REDEMPTION_TEXTS.keep,
      onConfirm: () =>
        void once(() =>
          mutateSettled(cancel, row._id, (result) =>
            openMessageModal({ title: COMMON_MESSAGES.successExclaimed, message: result.message }),
          ),
        ),
    });

  const columns: TableColumn<TRewardRedemption>[] = [
    {
      accessor: 'reward_name',
      title: 'Reward',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.reward_name}
          </Text>
          <Text size="xs" c="dimmed">
            {REWARD_ITEM_TYPE_LABELS[row.reward_type]}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: 'Status',
      render: (row) => (
        <StatusChip
          status={row.status}
          label={REDEMPTION_STATUS_LABELS[row.status]}
          color={REDEMPTION_STATUS_COLORS[row.status]}
        />
      ),
    },
    {
      accessor: 'coupon_code',
      title: 'Code',
      render: (row) => (row.coupon_code ? <Code>{row.coupon_code}</Code> : '—'),
    },
    { accessor: 'cost', title: 'Cost', textAlign: 'right', noWrap: true, render: cost },
    { accessor: 'created_at', title: 'Date', noWrap: true, render: (row) => displayDate(row.created_at) },
    {
      accessor: 'expires_at',
      title: 'Expires',
      noWrap: true,
      render: (row) => displayDate(shownExpiry(row)),
    },
    ...(mayCancel
      ? [
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right' as const,
            render: (row: TRewardRedemption) => (
              <RowActions>
                {row.status === 'issued' && (
                  <RowActionButton
                    label={REDEMPTION_TEXTS.cancel}
                    ariaLabel={`${REDEMPTION_TEXTS.cancel} ${row.reward_name}${row.coupon_code ? ` ${row.coupon_code}` : ''}`}
                    color="red"
                    icon={IconReceiptOff}
                    loading={cancel.isPending && cancel.variables === row._id}
                    onClick={() => confirmCancel(row)}
                  />
                )}
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <DataTable<TRewardRedemption>
      label={REDEMPTION_TEXTS.title}
      columns={columns}
      records={redemptions.data?.redemptions ?? []}
      totalRecords={redemptions.data?.count ?? 0}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      fetching={redemptions.isFetching}
      emptyText={REDEMPTION_TEXTS.empty}
    />
  );
};
