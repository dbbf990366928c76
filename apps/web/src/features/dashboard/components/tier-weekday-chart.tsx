import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';

/**
 * One tier's bars, weekday by weekday. Loaded on its own (React.lazy), so the charts library stays out of the
 * dashboard's first load. Hidden from assistive technology: the table beside it says the same.
 */
export const TierWeekdayChart = ({
  weekdays,
  counts,
  color,
}: {
  weekdays: readonly string[];
  counts: readonly number[];
  color: MantineColor;
}) => (
  <BarChart
    h={170}
    aria-hidden
    data={weekdays.map((day, index) => ({ day, players: counts[index] ?? 0 }))}
    dataKey="day"
    series={[{ name: 'players', label: 'Active players', color }]}
    gridAxis="y"
    tickLine="none"
    withBarValueLabel
    maxBarWidth={28}
    yAxisProps={{ allowDecimals: false, width: 32 }}
    valueFormatter={(value) => value.toLocaleString('en-US')}
    // Recharts' keyboard layer would make the hidden chart focusable (axe: aria-hidden-focus).
    barChartProps={{ accessibilityLayer: false }}
  />
);
