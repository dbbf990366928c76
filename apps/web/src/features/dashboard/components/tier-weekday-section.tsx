import { type TDashboard, TIERS, type TTier } from '@laurel/contract';
import {
  Box,
  Center,
  Group,
  type MantineColor,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DASHBOARD_TEXTS } from '../dashboard-format';
import { WeekdayBars } from './weekday-bars';

/** Theme colours that keep their contrast against the paper in both schemes. */
const TIER_COLOURS: Record<TTier, MantineColor> = {
  Bronze: 'orange.7',
  Silver: 'gray.6',
  Gold: 'laurel.6',
  Platinum: 'cyan.7',
  Diamond: 'indigo.5',
};

/** The accessible name of a tier's table: what Playwright and screen readers find it by. */
export const tierTableName = (tier: string) => `${tier}: active players by weekday`;

const TierCard = ({
  tier,
  weekdays,
  counts,
}: {
  tier: TTier;
  weekdays: readonly string[];
  counts: readonly number[];
}) => {
  const total = counts.reduce((sum, value) => sum + value, 0);
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label={tier}>
      <Group justify="space-between" gap="xs" mb="xs" component="figcaption">
        <Text fw={650}>{tier}</Text>
        <Text size="sm" c="dimmed">
          {/* Each weekday counts its players again: a sum of player-days, not of players. */}
          {total.toLocaleString('en-US')} {total === 1 ? 'player-day' : 'player-days'}
        </Text>
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{tierTableName(tier)}</caption>
          <thead>
            <tr>
              {weekdays.map((day) => (
                <th key={day} scope="col">
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              {weekdays.map((day, index) => (
                <td key={day}>{counts[index] ?? 0}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </VisuallyHidden>
      <Box pos="relative">
        <WeekdayBars weekdays={weekdays} counts={counts} color={TIER_COLOURS[tier]} />
        {total === 0 && (
          // Over the empty axes: the table says the same to assistive technology.
          <Center pos="absolute" inset={0} pb={24} aria-hidden>
            <Text size="sm" c="dimmed" ta="center" px="md">
              {DASHBOARD_TEXTS.noTierActivity(tier)}
            </Text>
          </Center>
        )}
      </Box>
    </Paper>
  );
};

/** Five weekday bar charts (empty axes for a tier without activity), Bronze to Diamond, in the server's weekday order (today last). */
export const TierWeekdaySection = ({
  tierWeekdays,
}: {
  tierWeekdays: TDashboard['tier_weekdays'] | undefined;
}) => (
  <Stack gap="sm" component="section" aria-labelledby="tier-weekdays-title">
    <Stack gap={2}>
      <Title order={2} fz="h4" id="tier-weekdays-title">
        {DASHBOARD_TEXTS.weekdaysTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {DASHBOARD_TEXTS.weekdaysSubtitle}
      </Text>
    </Stack>
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {tierWeekdays
        ? tierWeekdays.tiers.map(({ tier, counts }) => (
            <TierCard key={tier} tier={tier} weekdays={tierWeekdays.weekdays} counts={counts} />
          ))
        : TIERS.map((tier) => <Skeleton key={tier} height={230} radius="md" />)}
    </SimpleGrid>
  </Stack>
);
