import { CUSTOMER_PROFILE_MESSAGES, formatMoney } from '@laurel/contract';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAward,
  IconCalendarEvent,
  IconChartLine,
  IconFlag,
  IconReceipt,
  IconShoppingCart,
  IconTrophy,
  IconWallet,
} from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { analyticsQueries, playerQuery } from '@/features/customers/api';
import { EmptyText, ProfileSection } from '@/features/customers/components/profile-section';
import { displayDate } from '@/features/customers/customer-format';
import { playerTileCounts } from '@/features/customers/player-tiles';
import { StatTileLabel } from '@/ui/stat-tile';

/** A step bar's fill: current over the maximum, times 100; no maximum means no progress (never a division by 0). */
export const progressPercent = (current: number, maximum: number) =>
  maximum > 0 ? Math.min(100, Math.max(0, (current / maximum) * 100)) : 0;

/** Tier and level progression (spec 1 §2.11); no reward track is set up for the client yet. */
export const ProgressionPanels = () => (
  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
    <ProfileSection title="Tier Progression">
      <EmptyText>No tier progression has been set up yet.</EmptyText>
    </ProfileSection>
    <ProfileSection title="Level Progression">
      <EmptyText>No level progression has been set up yet.</EmptyText>
    </ProfileSection>
  </SimpleGrid>
);

type TTileProps = { label: string; icon: ReactNode; children: ReactNode };

const Tile = ({ label, icon, children }: TTileProps) => (
  <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
    <Stack gap={6}>
      <StatTileLabel icon={icon}>{label}</StatTileLabel>
      <Text fz={26} fw={700} lh={1.1}>
        {children}
      </Text>
    </Stack>
  </Paper>
);

/**
 * The four tiles. Challenges participated and completed and badges earned come from the player API (what the
 * engine keeps); while it loads, or for a customer without activity, each is a real 0.
 */
export const ProfileTiles = ({
  walletBalance,
  customerId,
}: {
  walletBalance?: ReactNode;
  customerId?: string;
}) => {
  const player = useQuery({ ...playerQuery(customerId ?? ''), enabled: Boolean(customerId) });
  const counts = playerTileCounts(player.data);
  return (
    // One column on a phone: two would squeeze a wallet's currency names and the adjust button out of the tile.
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {/* The economy area's tile shows the real balances (DESIGN §9). */}
      {walletBalance ?? (
        <Tile label={CUSTOMER_PROFILE_MESSAGES.walletBalance} icon={<IconWallet size={14} aria-hidden />}>
          0
        </Tile>
      )}
      <Tile
        label={CUSTOMER_PROFILE_MESSAGES.challengesParticipated}
        icon={<IconFlag size={14} aria-hidden />}
      >
        {counts.participated}
      </Tile>
      <Tile label={CUSTOMER_PROFILE_MESSAGES.challengesCompleted} icon={<IconTrophy size={14} aria-hidden />}>
        {counts.completed}
      </Tile>
      <Tile label={CUSTOMER_PROFILE_MESSAGES.badgesEarned} icon={<IconAward size={14} aria-hidden />}>
        {counts.badges}
      </Tile>
    </SimpleGrid>
  );
};

const figure = <T,>(query: UseQueryResult<T>, show: (data: T) => string) =>
  query.isPending ? <Skeleton height={26} width={90} /> : query.data ? show(query.data) : '—';

/** Lifetime spent, average basket size, average monthly transaction volume and last purchase date. */
export const AnalyticsPanel = ({
  customerId,
  currencySymbol,
}: {
  customerId: string;
  currencySymbol: string;
}) => {
  const queries = analyticsQueries(customerId);
  const lifetime = useQuery(queries.lifetime);
  const average = useQuery(queries.average);
  const monthly = useQuery(queries.monthly);
  const purchase = useQuery(queries.purchase);
  const money = (amount: number) => formatMoney(amount, currencySymbol);
  return (
    <ProfileSection title="Analytics">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Tile label="Lifetime Spent" icon={<IconReceipt size={14} aria-hidden />}>
          {figure(lifetime, (data) => money(data.lifetime_spent))}
        </Tile>
        <Tile label="Average Basket Size" icon={<IconShoppingCart size={14} aria-hidden />}>
          {figure(average, (data) => money(data.average_basket_size))}
        </Tile>
        <Tile label="Average Monthly Transaction Volume" icon={<IconChartLine size={14} aria-hidden />}>
          {/* A count of orders per month (the API's user_monthly_ave), not an amount. */}
          {figure(
            monthly,
            (data) =>
              `${data.user_monthly_ave.toLocaleString('en-US', { maximumFractionDigits: 2 })} / month`,
          )}
        </Tile>
        <Tile label="Last Purchase Date" icon={<IconCalendarEvent size={14} aria-hidden />}>
          {figure(purchase, (data) => displayDate(data.last_purchase_date))}
        </Tile>
      </SimpleGrid>
    </ProfileSection>
  );
};
