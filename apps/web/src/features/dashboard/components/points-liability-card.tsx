import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatBalance } from '@/ui/balance-format';
import { DASHBOARD_TEXTS } from '../dashboard-format';
import { pointsLiabilityQuery } from '../liability-api';

/**
 * Points liability (DESIGN §10): the outstanding balance of every live currency and how many members hold some,
 * so a finance person sees what the programme owes; for the dashboard's branch, its members' wallets. For users
 * who may read the economy on a plan with it.
 */
export const PointsLiabilityCard = ({ branchId }: { branchId: string | null }) => {
  const liability = useQuery({ ...pointsLiabilityQuery(branchId), placeholderData: keepPreviousData });
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={DASHBOARD_TEXTS.liabilityTitle}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={8} miw={0}>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {DASHBOARD_TEXTS.liabilityTitle}
            </Text>
            <Text size="sm" c="dimmed">
              {DASHBOARD_TEXTS.liabilityHint}
            </Text>
          </Stack>
          {liability.isPending ? (
            <Skeleton height={32} width={200} />
          ) : liability.data && liability.data.length === 0 ? (
            <Text size="sm">{DASHBOARD_TEXTS.noCurrencies}</Text>
          ) : (
            <Group gap="xl" align="flex-start">
              {(liability.data ?? []).map((row) => (
                <Stack key={row.currency._id} gap={0} data-currency={row.currency.code}>
                  <Group gap={6} align="baseline" wrap="nowrap">
                    <Text fz={24} fw={700} lh={1.2}>
                      {formatBalance(row.outstanding)}
                    </Text>
                    <Text size="sm" fw={600}>
                      {row.currency.code}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {row.currency.name}, {DASHBOARD_TEXTS.holders(row.holders)}
                  </Text>
                </Stack>
              ))}
            </Group>
          )}
        </Stack>
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <IconScale size={20} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
};
