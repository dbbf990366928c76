import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { playerQuery } from '@/features/customers/api';
import { EmptyText, ProfileSection } from '@/features/customers/components/profile-section';
import { statisticRows } from '@/features/customers/player-statistics';
import { InlineLoader } from '@/ui/inline-loader';

export const NO_STATISTICS_TEXT =
  "No statistics yet. They appear once this customer's activity reaches Laurel.";

const updatedFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type TStatisticsSectionProps = { customerId: string; currencySymbol: string };

/**
 * The player's current statistic values as the engine keeps them (`GET /api/v1/players/:id`): the system
 * statistics, then the client's own. Each shows its name too, since segment rules and integrators use the name.
 */
export const StatisticsSection = ({ customerId, currencySymbol }: TStatisticsSectionProps) => {
  const player = useQuery(playerQuery(customerId));
  const rows = player.data ? statisticRows(player.data.statistics, currencySymbol) : [];
  const updatedAt = player.data?.updated_at;
  return (
    <ProfileSection
      title="Statistics"
      actions={
        updatedAt ? (
          <Text size="xs" c="dimmed">
            Updated {updatedFormat.format(new Date(updatedAt))}
          </Text>
        ) : undefined
      }
    >
      {player.isPending ? (
        <InlineLoader label="Loading statistics" />
      ) : player.isError ? (
        <EmptyText>The statistics could not be loaded.</EmptyText>
      ) : rows.length === 0 ? (
        <EmptyText>{NO_STATISTICS_TEXT}</EmptyText>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, xl: 6 }} spacing="sm">
          {rows.map((row) => (
            <Paper key={row.name} withBorder radius="md" px="sm" py="xs" role="group" aria-label={row.label}>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" fw={600}>
                  {row.label}
                </Text>
                <Text fz="lg" fw={700} lh={1.2} style={{ wordBreak: 'break-word' }}>
                  {row.value}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {row.name}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </ProfileSection>
  );
};
