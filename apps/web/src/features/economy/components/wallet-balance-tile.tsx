import { CUSTOMER_PROFILE_MESSAGES, type TWallet } from '@laurel/contract';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { customerWalletsQuery } from '@/features/economy/api';
import { mayAdjustBalances } from '@/features/economy/economy-rules';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { formatBalance } from '@/ui/balance-format';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { StatTileLabel } from '@/ui/stat-tile';

// Opened by its button: the Modal and its fields load then, not with the customer's profile.
const AdjustWalletModal = lazyComponent(
  () => import('@/features/economy/components/adjust-wallet-modal'),
  'AdjustWalletModal',
);

const ACTION = 'adjust-wallet';
const amount = formatBalance;

const Balances = ({ wallets }: { wallets: TWallet[] }) => {
  // No currency yet: nothing can be held (DESIGN §9 replaces the spec's fixed 0 with the real balance).
  if (wallets.length === 0)
    return (
      <Text fz={26} fw={700} lh={1.1}>
        0
      </Text>
    );
  return (
    <Stack gap={2}>
      {wallets.map((wallet) => (
        <Group
          key={wallet.currency._id}
          gap={6}
          align="baseline"
          wrap="nowrap"
          data-currency={wallet.currency.code}
        >
          <Text fz={wallets.length > 1 ? 20 : 26} fw={700} lh={1.1}>
            {amount(wallet.balance)}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {wallet.currency.name}
          </Text>
          {wallet.expiring_soon > 0 && (
            <Text size="xs" c="orange">
              {ECONOMY_TEXTS.expiringSoon(amount(wallet.expiring_soon))}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
};

/**
 * The customer profile's Wallet Balance tile: the real balance in each of the client's currencies, and for an
 * admin a manual credit or debit with a reason (`?action=adjust-wallet`, so Back closes it). An erased customer's
 * wallet is closed (their balance was forfeited): the tile only shows it.
 */
export const WalletBalanceTile = ({
  customerId,
  closed = false,
}: {
  customerId: string;
  closed?: boolean;
}) => {
  const user = useSession()?.user;
  const wallets = useQuery(customerWalletsQuery(customerId));
  const [params, setParams] = useSearchParams();
  const canAdjust = !closed && mayAdjustBalances(user) && (wallets.data?.length ?? 0) > 0;
  const setOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('action', ACTION);
        else next.delete('action');
        return next;
      },
      { replace: !open },
    );

  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={CUSTOMER_PROFILE_MESSAGES.walletBalance}>
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <StatTileLabel icon={<IconWallet size={14} aria-hidden />}>
            {CUSTOMER_PROFILE_MESSAGES.walletBalance}
          </StatTileLabel>
          {canAdjust && (
            <LazyTooltip label={ECONOMY_TEXTS.adjustBalance}>
              <ActionIcon
                variant="light"
                size="sm"
                aria-label={ECONOMY_TEXTS.adjustBalance}
                onClick={() => setOpen(true)}
              >
                <IconArrowsExchange size={14} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          )}
        </Group>
        {wallets.isPending ? (
          <Skeleton height={26} width={90} />
        ) : wallets.data ? (
          <Balances wallets={wallets.data} />
        ) : (
          <Text fz={26} fw={700} lh={1.1}>
            —
          </Text>
        )}
      </Stack>
      {canAdjust && wallets.data && (
        <MountWhen when={params.get('action') === ACTION}>
          <AdjustWalletModal
            customerId={customerId}
            wallets={wallets.data}
            opened={params.get('action') === ACTION}
            onClose={() => setOpen(false)}
          />
        </MountWhen>
      )}
    </Paper>
  );
};
