import { Text } from '@mantine/core';
import classes from './chart-axis.module.css';

/** The charts' layout: the value axis beside the plot (its bottom border the 0 line), the labels under it. */
export const CHART_CLASSES = { frame: classes.frame, plot: classes.plot };

type TAxisProps = {
  /** The axis's values, 0 first (ui/chart-ticks.ts). */
  ticks: readonly number[];
  /** How high a value stands, as a CSS length from the plot's bottom. */
  at: (value: number) => string;
  format: (value: number) => string;
};

/**
 * The value axis of the console's own charts (the dashboard's weekday bars, a plan's revenue): its labels in a
 * column as wide as the longest, level with the plot's lines.
 */
export const ValueAxis = ({ ticks, at, format }: TAxisProps) => (
  <div
    className={classes.axis}
    style={{ width: `${Math.max(...ticks.map((tick) => format(tick).length))}ch` }}
  >
    {ticks.map((tick) => (
      <Text
        key={tick}
        component="span"
        size="xs"
        c="dimmed"
        className={classes.tick}
        style={{ bottom: at(tick) }}
      >
        {format(tick)}
      </Text>
    ))}
  </div>
);

/** The plot's dashed lines at each value above 0 (its bottom border is the 0 line). */
export const GridLines = ({ ticks, at }: Omit<TAxisProps, 'format'>) =>
  ticks
    .slice(1)
    .map((tick) => <span key={tick} className={classes.grid} style={{ bottom: at(tick) }} aria-hidden />);
