import { Box, getThemeColor, type MantineColor, Text, useMantineTheme } from '@mantine/core';
import { CHART_CLASSES, GridLines, ValueAxis } from '@/ui/chart-axis';
import { valueTicks } from '@/ui/chart-ticks';
import classes from './weekday-bars.module.css';

const format = (value: number) => value.toLocaleString('en-US');

/**
 * One tier's players by weekday as bars with their values above them, drawn with plain elements (no charts
 * library on the dashboard's first load). Hidden from assistive technology: the table beside it says the same. With
 * no activity it draws the empty axes.
 */
export const WeekdayBars = ({
  weekdays,
  counts,
  color,
  height = 170,
}: {
  weekdays: readonly string[];
  counts: readonly number[];
  color: MantineColor;
  height?: number;
}) => {
  const theme = useMantineTheme();
  const ticks = valueTicks(Math.max(0, ...counts));
  const top = ticks.at(-1) || 1;
  const share = (value: number) => `${(Math.max(0, value) / top) * 100}%`;
  const columns = { gridTemplateColumns: `repeat(${weekdays.length}, minmax(0, 1fr))` };
  return (
    <Box className={`${CHART_CLASSES.frame} ${classes.chart}`} h={height} aria-hidden data-weekday-chart>
      <ValueAxis ticks={ticks} at={share} format={format} />
      <div className={`${CHART_CLASSES.plot} ${classes.plot}`} style={columns}>
        <GridLines ticks={ticks} at={share} />
        {weekdays.map((day, index) => {
          const value = counts[index] ?? 0;
          return (
            <div key={day} className={classes.column}>
              {value > 0 && (
                <>
                  <span
                    className={classes.bar}
                    data-bar={day}
                    style={{ height: share(value), background: getThemeColor(color, theme) }}
                  />
                  <Text component="span" size="xs" className={classes.value} style={{ bottom: share(value) }}>
                    {format(value)}
                  </Text>
                </>
              )}
            </div>
          );
        })}
      </div>
      <div className={classes.days} style={columns}>
        {weekdays.map((day) => (
          <Text key={day} component="span" size="xs" c="dimmed" ta="center">
            {day}
          </Text>
        ))}
      </div>
    </Box>
  );
};
