import { formatMoney, type TSubscriptionAnalytics } from '@laurel/contract';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconCash, IconReceipt, IconStar, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { subscriptionAnalyticsQuery } from '@/features/subscriptions/api';
import { RevenueChart } from '@/features/subscriptions/components/revenue-chart';
import { SUBSCRIPTION_TEXTS } from '@/features/subscriptions/subscription-format';
import { branchScopeOf } from '@/features/subscriptions/subscription-rules';
import { SectionCard } from '@/ui/section-card';

const Tile = ({
  label,
  value,
  hint,
  icon: TileIcon,
}: {
  label: string;
  value: string;
  hint?: string;
  icon: Icon;
}) => (
  <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={2} miw={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        <Text fz="xl" fw={700} truncate="end">
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed" truncate="end">
            {hint}
          </Text>
        )}
      </Stack>
      <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
        <TileIcon size={20} />
      </ThemeIcon>
    </Group>
  </Paper>
);

const Figures = ({ analytics, symbol }: { analytics: TSubscriptionAnalytics; symbol: string }) => (
  <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
    <Tile
      label="Subscribers"
      value={analytics.subscribers.toLocaleString('en-US')}
      hint={`${analytics.issued.toLocaleString('en-US')} issued in all`}
      icon={IconUsers}
    />
    <Tile label="Redemptions" value={analytics.redemptions.toLocaleString('en-US')} icon={IconReceipt} />
    <Tile
      label="Subscriptions Value"
      value={formatMoney(analytics.subscriptionsValue, symbol)}
      icon={IconCash}
    />
    <Tile
      label="Most Purchased Product"
      value={analytics.mostPurchasedProduct?.title ?? '—'}
      hint={
        analytics.mostPurchasedProduct
          ? `${analytics.mostPurchasedProduct.sku} · ${analytics.mostPurchasedProduct.count} redeemed`
          : 'No redemptions yet'
      }
      icon={IconStar}
    />
  </SimpleGrid>
);

/** The plan's analytics (spec 1 §2.14): subscribers, redemptions, value, most purchased product, revenue by day. */
export const SubscriptionAnalytics = ({ id, symbol }: { id: string; symbol: string }) => {
  const user = useSession()?.user;
  const analytics = useQuery(subscriptionAnalyticsQuery(id, branchScopeOf(user)));
  const data = analytics.data;
  return (
    <SectionCard title={SUBSCRIPTION_TEXTS.analytics}>
      {data ? <Figures analytics={data} symbol={symbol} /> : <Skeleton h={96} radius="md" />}
      {data && data.incrementalRevenueDate.length > 1 && (
        <RevenueChart points={data.incrementalRevenueDate} symbol={symbol} />
      )}
    </SectionCard>
  );
};
