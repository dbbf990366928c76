import { Box, getThemeColor, type MantineColor, Text, useMantineTheme } from '@mantine/core';
import classes from './weekday-bars.module.css';

/** At most this many gaps between the value axis's labels. */
const TICKS = 4;

/** A whole step of 1, 2 or 5 times a power of ten that splits `max` into at most TICKS parts. */
const stepFor = (max: number) => {
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? raw;
  return Math.max(1, step);
};

/** The value axis: 0 up to a round top at or above the highest bar. */
export const valueTicks = (max: number) => {
  if (max <= 0) return [0];
  const step = stepFor(max);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
};

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
    <Box className={classes.chart} h={height} aria-hidden data-weekday-chart>
      <div className={classes.axis} style={{ width: `${format(top).length}ch` }}>
        {ticks.map((tick) => (
          <Text
            key={tick}
            component="span"
            size="xs"
            c="dimmed"
            className={classes.tick}
            style={{ bottom: share(tick) }}
          >
            {format(tick)}
          </Text>
        ))}
      </div>
      <div className={classes.plot} style={columns}>
        {ticks.slice(1).map((tick) => (
          <span key={tick} className={classes.grid} style={{ bottom: share(tick) }} />
        ))}
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
