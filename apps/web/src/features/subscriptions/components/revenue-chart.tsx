import { formatMoney, type TSubscriptionAnalytics } from '@laurel/contract';
import { Box, Text } from '@mantine/core';
import { type PointerEvent, useState } from 'react';
import { CHART_CLASSES, GridLines, ValueAxis } from '@/ui/chart-axis';
import { valueTicks } from '@/ui/chart-ticks';
import { displayDate } from '@/ui/display-date';
import classes from './revenue-chart.module.css';

type TRevenueChartProps = { points: TSubscriptionAnalytics['incrementalRevenueDate']; symbol: string };

const COLOUR = 'var(--mantine-color-laurel-6)';
const HEIGHT = 220;

const day = (date: string) => displayDate(`${date.slice(0, 10)}T12:00:00`);

/**
 * Revenue to date by day, as an area under its line, drawn with plain SVG (no charts library on the plan page).
 * The pointer shows a day's figure; assistive technology reads the total to date.
 */
export const RevenueChart = ({ points, symbol }: TRevenueChartProps) => {
  const [hovered, setHovered] = useState<number | null>(null);
  const ticks = valueTicks(Math.max(0, ...points.map((point) => point.cumulative)));
  const top = ticks.at(-1) || 1;
  const last = points.length - 1;
  const x = (index: number) => (last === 0 ? 50 : (index / last) * 100);
  const y = (value: number) => 100 - (Math.max(0, value) / top) * 100;
  const at = (value: number) => `${100 - y(value)}%`;
  const line = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.cumulative)}`)
    .join(' ');
  const shown = hovered === null ? undefined : points[hovered];
  const final = points[last];

  const hover = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setHovered(Math.round(fraction * last));
  };

  return (
    <Box
      className={`${CHART_CLASSES.frame} ${classes.chart}`}
      h={HEIGHT}
      role="img"
      aria-label={
        final ? `Revenue to date: ${formatMoney(final.cumulative, symbol)} on ${day(final.date)}` : undefined
      }
    >
      <ValueAxis ticks={ticks} at={at} format={(value) => formatMoney(value, symbol)} />
      <div
        className={`${CHART_CLASSES.plot} ${classes.plot}`}
        aria-hidden
        onPointerMove={hover}
        onPointerDown={hover}
        onPointerLeave={() => setHovered(null)}
      >
        <GridLines ticks={ticks} at={at} />
        <svg
          className={classes.svg}
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          aria-hidden
          data-revenue-chart
        >
          <path d={`${line} L100,100 L0,100 Z`} fill={COLOUR} fillOpacity={0.2} stroke="none" />
          <path d={line} fill="none" stroke={COLOUR} strokeWidth={2} vectorEffect="non-scaling-stroke" />
        </svg>
        {shown && hovered !== null && (
          <>
            <span className={classes.cursor} style={{ left: `${x(hovered)}%` }} />
            <span
              className={classes.dot}
              style={{ left: `${x(hovered)}%`, bottom: `${100 - y(shown.cumulative)}%`, background: COLOUR }}
            />
            <Box
              className={classes.tooltip}
              style={
                x(hovered) > 50
                  ? { right: `calc(${100 - x(hovered)}% + 8px)` }
                  : { left: `calc(${x(hovered)}% + 8px)` }
              }
            >
              <Text size="xs" c="dimmed">
                {day(shown.date)}
              </Text>
              <Text size="sm" fw={600}>
                {formatMoney(shown.cumulative, symbol)}
              </Text>
            </Box>
          </>
        )}
      </div>
      <div className={classes.days} aria-hidden>
        {[points[0], points[Math.floor(last / 2)], final]
          .filter((point, index, all) => point && all.indexOf(point) === index)
          .map((point) => (
            <Text key={point?.date} component="span" size="xs" c="dimmed">
              {point ? day(point.date) : ''}
            </Text>
          ))}
      </div>
    </Box>
  );
};
