import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TStatTileProps = {
  label: string;
  /** The figure as it should read ('R 1,234.50'). */
  value: ReactNode;
  icon?: Icon;
  /** Skeletons in place of the figure and the line under it. */
  loading?: boolean;
  /** A line under the figure: a change, a hint. */
  children?: ReactNode;
};

/** One figure in a tile, named by its label for assistive technology (a `group`). */
export const StatTile = ({ label, value, icon: TileIcon, loading = false, children }: TStatTileProps) => (
  <Paper withBorder radius="md" p="md" role="group" aria-label={label} aria-busy={loading || undefined}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={6} miw={0}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {label}
        </Text>
        {loading ? (
          <>
            <Skeleton height={32} width={120} />
            <Skeleton height={14} width={170} />
          </>
        ) : (
          <>
            <Text fz={28} fw={700} lh={1.15} truncate="end" data-stat-value>
              {value}
            </Text>
            {children}
          </>
        )}
      </Stack>
      {TileIcon && (
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden>
          <TileIcon size={20} />
        </ThemeIcon>
      )}
    </Group>
  </Paper>
);

/**
 * A tile's small uppercase label with its icon in front; the icon keeps its size when a narrow tile (a phone's two
 * columns) wraps the label.
 */
export const StatTileLabel = ({ icon, children }: { icon: ReactNode; children: ReactNode }) => (
  <Text
    size="xs"
    c="dimmed"
    fw={600}
    tt="uppercase"
    style={{ display: 'flex', gap: 6, alignItems: 'center' }}
  >
    <span style={{ display: 'inline-flex', flex: 'none' }}>{icon}</span>
    {children}
  </Text>
);

/** A change in percent as people read it: one decimal, signed ('+12.5%', '-3.0%', '0.0%'). */
export const formatChangePercent = (percent: number) => {
  const rounded = Math.round(percent * 10) / 10;
  const text = Math.abs(rounded).toLocaleString('en-US', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  if (rounded > 0) return `+${text}%`;
  if (rounded < 0) return `-${text}%`;
  return `${text}%`;
};

// Shade 9 on white and shade 4 on the dark scheme's paper both read above 4.5:1 (WCAG AA).
const TREND_COLOURS = {
  up: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))',
  down: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))',
  flat: 'dimmed',
} as const;
const TREND_ICONS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight } as const;

/**
 * A figure's change against an earlier one: an arrow and the signed percentage, green up and red down, then what it
 * is compared with; `noneText` when there is nothing to compare with (`percent` null).
 */
export const StatChange = ({
  percent,
  comparedWith,
  noneText,
}: {
  percent: number | null;
  comparedWith: string;
  noneText: string;
}) => {
  if (percent === null)
    return (
      <Text size="sm" c="dimmed" data-stat-change="none">
        {noneText}
      </Text>
    );
  const rounded = Math.round(percent * 10) / 10;
  const trend = rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
  const TrendIcon = TREND_ICONS[trend];
  return (
    <Text size="sm" c={TREND_COLOURS[trend]} fw={500} data-stat-change={trend}>
      <TrendIcon size={16} aria-hidden style={{ verticalAlign: '-3px', marginRight: 2 }} />
      {formatChangePercent(percent)}{' '}
      <Text span inherit c="dimmed" fw={400}>
        {comparedWith}
      </Text>
    </Text>
  );
};
