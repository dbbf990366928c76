import type { TStatistic } from '@laurel/contract';
import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { STATISTIC_TEXTS } from '@/features/statistics/statistic-format';
import { displayDateTime } from '@/ui/display-date';
import { Fact } from '@/ui/fact';
import { SectionCard } from '@/ui/section-card';

/** Beside the editor: the statistic's id, version and dates, which the form itself does not change. */
export const StatisticSummary = ({ statistic }: { statistic: TStatistic }) => (
  <SectionCard title="About this statistic">
    <SimpleGrid cols={{ base: 2, md: 1 }} spacing="md" verticalSpacing="md">
      <Fact label="ID">
        <Code fz="xs" style={{ wordBreak: 'break-all' }}>
          {statistic._id}
        </Code>
      </Fact>
      <Fact label="Type">
        {statistic.system ? `${STATISTIC_TEXTS.system} statistic` : 'Custom statistic'}
      </Fact>
      <Fact label="Version">{statistic.version}</Fact>
      <Fact label="Created Date">{displayDateTime(statistic.created_at)}</Fact>
      <Fact label="Last Updated">{displayDateTime(statistic.updated_at)}</Fact>
    </SimpleGrid>
  </SectionCard>
);

/** Beside a new statistic: where its values come from and what uses them. */
export const StatisticHelp = () => (
  <SectionCard title="How statistics work">
    <Stack gap="sm">
      <Text size="sm">
        A statistic holds one number per player. Your tills, shop or app send values with{' '}
        <Code fz="xs">statistic.update</Code> events; the aggregation method decides how each new value
        combines with the player's current one.
      </Text>
      <Text size="sm">
        The reset interval decides when every player starts again with no value. Each reset starts a new
        version.
      </Text>
      <Text size="sm" c="dimmed">
        Segments, reward tracks and XP rules can then use the statistic by its name.
      </Text>
    </Stack>
  </SectionCard>
);
