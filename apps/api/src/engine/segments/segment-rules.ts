import { compareWith, type TComparisonOperator } from '@laurel/contract';
import type { SegmentActionColumn, SegmentFilterColumn } from '../../db/schema';

export type SegmentDefinition = {
  id: string;
  clientId: string;
  name: string;
  filters: SegmentFilterColumn[];
  actions: SegmentActionColumn[];
};

/**
 * Whether a player with these current statistic values belongs (spec 2 §2): rules are OR-ed; an all_players
 * rule matches any player; a player with no value for a statistic matches no rule on it (DESIGN §5).
 */
export const matchesSegment = (
  filters: readonly SegmentFilterColumn[],
  values: ReadonlyMap<string, number>,
) =>
  filters.some((filter) => {
    if (filter.type === 'all_players') return true;
    if (!filter.statistic_name || !filter.comparison || filter.filter_value === null) return false;
    const value = values.get(filter.statistic_name);
    return (
      value !== undefined && compareWith(filter.comparison as TComparisonOperator, value, filter.filter_value)
    );
  });

/** The statistics a segment's rules read. */
export const statisticsOf = (segment: SegmentDefinition) =>
  segment.filters.flatMap((filter) =>
    filter.type === 'statistic' && filter.statistic_name ? [filter.statistic_name] : [],
  );
