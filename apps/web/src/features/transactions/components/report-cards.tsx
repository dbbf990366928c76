import type { TReportCard } from '@laurel/contract';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';

/** A "most …" card over no rows has no figure (null): '—', as the app shows any missing value. */
const figure = (value: number | string | null) =>
  typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : value || '—';

/** The snapshot cards (spec 3 §2), computed by the server over every row the filters match. */
export const ReportCards = ({
  labels,
  cards,
}: {
  labels: readonly string[];
  cards: TReportCard[] | undefined;
}) => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: Math.max(labels.length, 3) }} spacing="md">
    {labels.map((label) => {
      const card = cards?.find((item) => item.label === label);
      return (
        // A fieldset named by its legend: a group with the card's name, which a field's label lookup does not match
        // (an aria-label 'Total Badges Earned' made the report's Badges filter one of three matches for 'Badges').
        <Paper key={label} component="fieldset" withBorder radius="md" p="md" m={0} miw={0}>
          <Text
            component="legend"
            size="sm"
            c="dimmed"
            fw={500}
            p={0}
            style={{ float: 'left', width: '100%' }}
          >
            {label}
          </Text>
          <div style={{ clear: 'both' }} />
          {card && typeof card.value === 'string' ? (
            // A name (a "most …" card) reads at a smaller size, two lines at most (all of it on hover), with its
            // count on a line of its own: a long name or tied names stay readable in a quarter of the row.
            <>
              <Text fz="lg" fw={700} lh={1.3} mt={4} lineClamp={2} title={card.value}>
                {card.value}
              </Text>
              {card.detail !== null && (
                <Text size="sm" c="dimmed" fw={500}>
                  ({card.detail})
                </Text>
              )}
            </>
          ) : card ? (
            <Text fz={26} fw={700} lh={1.3}>
              {figure(card.value)}
              {card.detail !== null && (
                <Text span size="sm" c="dimmed" fw={500} ml={6}>
                  ({card.detail})
                </Text>
              )}
            </Text>
          ) : (
            <Skeleton height={30} mt={6} width="60%" />
          )}
        </Paper>
      );
    })}
  </SimpleGrid>
);
